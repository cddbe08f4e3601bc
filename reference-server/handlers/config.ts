/**
 * GET /v1/config — getConfig: the prefix, the separator, the
 * idempotency-key lifetime and the endpoints derived from the route table.
 */
import { noSuchWarehouse } from '../errors.ts'
import { advertisedEndpoints } from '../routes.ts'
import type { HandlerContext, OperationInput, OperationResult } from './context.ts'

export function getConfig(ctx: HandlerContext, input: OperationInput): OperationResult {
  const { prefix, warehouse, namespaceSeparator, idempotencyKeyLifetime } = ctx.settings
  const asked = input.query.get('warehouse')
  if (asked !== null && asked !== '' && asked !== warehouse) {
    throw noSuchWarehouse(`Warehouse does not exist: ${asked}`)
  }
  const overrides: Record<string, string> = { warehouse, 'namespace-separator': namespaceSeparator }
  // Advertised as it appears in paths (percent-encoded): clients join the advertised prefix verbatim.
  if (prefix !== '') overrides.prefix = encodeURIComponent(prefix)
  return {
    status: 200,
    body: {
      defaults: {},
      overrides,
      endpoints: advertisedEndpoints(),
      'idempotency-key-lifetime': idempotencyKeyLifetime,
    },
  }
}
