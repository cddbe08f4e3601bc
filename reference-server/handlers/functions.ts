/**
 * Functions (the REST OpenAPI document on main). The spec has no way to create one, so every
 * namespace lists none and every load is 404 NoSuchFunctionException.
 */
import { noSuchFunction } from '../errors.ts'
import type { HandlerContext, OperationInput, OperationResult } from './context.ts'
import { existingNamespace, fmt } from './namespaces.ts'
import { paginate } from './pagination.ts'

/** GET …/namespaces/{namespace}/functions — listFunctions. */
export function listFunctions(ctx: HandlerContext, input: OperationInput): OperationResult {
  const ns = existingNamespace(ctx, input)
  const page = paginate([] as string[], (n) => n, input.query, `functions:${JSON.stringify(ns)}`, ctx.flags)
  return { status: 200, body: { identifiers: page.items, 'next-page-token': page.nextPageToken } }
}

/** GET …/namespaces/{namespace}/functions/{function} — loadFunction. */
export function loadFunction(ctx: HandlerContext, input: OperationInput): OperationResult {
  const ns = existingNamespace(ctx, input)
  throw noSuchFunction(`Function does not exist: ${fmt(ns)}.${input.fn ?? ''}`)
}
