/**
 * The bundled reference server: an in-memory Iceberg REST catalog that serves every operation of the
 * spec. `createHandler` gives the socket-free core; `start` serves it over HTTP.
 *
 * Defaults: 127.0.0.1, an ephemeral port, prefix `ref`, warehouse `reference`, separator `%1F`, no
 * authentication, metadata files in memory, idempotency-key lifetime PT30M.
 */
import { randomUUID } from 'node:crypto'
import { Catalog } from './catalog/catalog.ts'
import { diskFileStore, memoryFileStore } from './catalog/file-store.ts'
import type { HandlerContext } from './handlers/context.ts'
import { PlanStore } from './handlers/scan-planning/plan-store.ts'
import { createAdapter } from './http/adapter.ts'
import { Authenticator } from './http/auth.ts'
import { IdempotencyStore, parseDuration } from './http/idempotency.ts'
import { listen } from './http/listen.ts'
import type { ServerRequest, ServerResponse } from './http/types.ts'
import { metadataBuilder } from './metadata-builder.ts'
import type { MetadataBuilder } from './metadata-contract.ts'
import { faultFlags, type ReferenceServerOptions } from './options.ts'
import { createRouter } from './routes.ts'

export type { ServerRequest, ServerResponse } from './http/types.ts'
export type {
  AuthOptions,
  FaultFlags,
  FaultHooks,
  OAuthClient,
  ReferenceServerOptions,
  StaticToken,
} from './options.ts'
export { NO_FAULTS } from './options.ts'

export const DEFAULT_PREFIX = 'ref'
export const DEFAULT_WAREHOUSE = 'reference'

/** The socket-free server: one function from request to response. `builder` replaces the metadata builder in tests. */
export function createHandler(
  opts: ReferenceServerOptions = {},
  builder: MetadataBuilder = metadataBuilder,
): (req: ServerRequest) => Promise<ServerResponse> {
  const now = opts.now ?? Date.now
  const warehouse = opts.warehouse ?? DEFAULT_WAREHOUSE
  const lifetime = opts.idempotencyKeyLifetime ?? 'PT30M'
  const prefix = opts.prefix ?? DEFAULT_PREFIX
  const ctx: HandlerContext = {
    catalog: new Catalog(),
    files: opts.warehouseDir !== undefined ? diskFileStore(opts.warehouseDir) : memoryFileStore(warehouse),
    metadata: builder,
    plans: new PlanStore(),
    flags: faultFlags(opts.hooks),
    settings: {
      prefix,
      warehouse,
      namespaceSeparator: opts.namespaceSeparator ?? '%1F',
      idempotencyKeyLifetime: lifetime,
      documentProfile: opts.documentProfile ?? false,
      plansCompleteAtOnce: opts.plansCompleteAtOnce ?? false,
    },
    now,
    newUuid: randomUUID,
  }
  return createAdapter({
    ctx,
    route: createRouter(prefix),
    auth: new Authenticator(opts.auth, now),
    idempotency: new IdempotencyStore(parseDuration(lifetime), now),
    ...(opts.hooks ? { hooks: opts.hooks } : {}),
  })
}

/** Starts the server on `host:port` (default 127.0.0.1:0). `url` has no trailing `/v1`. */
export async function start(
  opts: ReferenceServerOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  return listen(createHandler(opts), opts.host ?? '127.0.0.1', opts.port ?? 0)
}
