/**
 * The one adapter from HTTP to handlers: fault hooks, routing (404/405), authentication, path and
 * body decoding, idempotency, ETag/If-None-Match, and the error envelope
 * `{error: {message, type, code}}` for every failure. Never throws: anything unexpected is a 500
 * with the envelope, and the fuzz test holds the server to never reaching that.
 */
import { OPERATIONS, type OperationId } from '../../schemas/operations.ts'
import { CatalogError, internal, methodNotAllowed, notFound } from '../errors.ts'
import type { Delegation, HandlerContext, OperationInput, OperationResult } from '../handlers/context.ts'
import { HANDLERS } from '../handlers/index.ts'
import type { FaultHooks } from '../options.ts'
import type { createRouter } from '../routes.ts'
import type { Authenticator } from './auth.ts'
import { etagOf, ifNoneMatchMatches } from './etag.ts'
import type { IdempotencyStore } from './idempotency.ts'
import { decodeName, decodeNamespace } from './path-params.ts'
import { parseBody } from './request-body.ts'
import { jsonResponse, type ServerRequest, type ServerResponse } from './types.ts'

export interface AdapterDeps {
  readonly ctx: HandlerContext
  readonly route: ReturnType<typeof createRouter>
  readonly auth: Authenticator
  readonly idempotency: IdempotencyStore
  readonly hooks?: FaultHooks
}

const DELEGATION_HEADERS = ['x-iceberg-access-delegation', 'x-catalog-access-delegation']

function delegationOf(headers: Record<string, string>): Delegation {
  const values = DELEGATION_HEADERS.flatMap((h) => (headers[h] ?? '').split(',')).map((v) =>
    v.trim().toLowerCase(),
  )
  return {
    vendedCredentials: values.includes('vended-credentials'),
    remoteSigning: values.includes('remote-signing'),
  }
}

const isResponse = (v: ServerRequest | ServerResponse): v is ServerResponse => !('method' in v)

/** Builds the core `handle(req)` of the server. */
export function createAdapter(deps: AdapterDeps): (req: ServerRequest) => Promise<ServerResponse> {
  const { ctx, hooks } = deps
  const flags = ctx.flags

  const errorResponse = (e: unknown, extra: Record<string, string> = {}): ServerResponse => {
    const err =
      e instanceof CatalogError ? e : internal(`Internal error: ${(e as Error)?.message ?? String(e)}`)
    const model = { message: err.message, type: err.type, code: flags.wrongErrorCode ? 500 : err.status }
    return jsonResponse(err.status, flags.unwrappedErrors ? model : { error: model }, extra)
  }

  const toResponse = (id: OperationId, req: ServerRequest, result: OperationResult): ServerResponse => {
    const headers: Record<string, string> = { ...result.headers }
    if (result.etag && !flags.noEtag) {
      const etag = etagOf(result.etag, flags)
      headers.etag = etag
      if (
        id === 'loadTable' &&
        !flags.ignoreIfNoneMatch &&
        ifNoneMatchMatches(req.headers['if-none-match'], etag)
      ) {
        return { status: 304, headers: { etag } }
      }
    }
    if (result.body === undefined) return { status: result.status, headers }
    return jsonResponse(result.status, result.body, headers)
  }

  const inputOf = (
    req: ServerRequest,
    id: OperationId,
    params: Readonly<Record<string, string>>,
  ): OperationInput => {
    const sep = ctx.settings.namespaceSeparator
    const p = (k: string, what: string): string | undefined =>
      params[k] === undefined ? undefined : decodeName(params[k], what)
    const skipSchema =
      flags.ignoreUnknownUpdates &&
      (id === 'updateTable' || id === 'commitTransaction' || id === 'replaceView')
    return {
      ...(params.namespace !== undefined ? { namespace: decodeNamespace(params.namespace, sep) } : {}),
      ...(params.table !== undefined ? { table: p('table', 'table name') } : {}),
      ...(params.view !== undefined ? { view: p('view', 'view name') } : {}),
      ...(params.function !== undefined ? { fn: p('function', 'function name') } : {}),
      ...(params['plan-id'] !== undefined ? { planId: p('plan-id', 'plan id') } : {}),
      query: req.query,
      body: parseBody(id, req.body, !skipSchema),
      rawBody: req.body,
      delegation: delegationOf(req.headers),
      ...(req.headers.authorization !== undefined ? { authorization: req.headers.authorization } : {}),
    }
  }

  const dispatch = async (req: ServerRequest): Promise<ServerResponse> => {
    const routed = deps.route(req.method, req.path)
    if (routed.kind === 'not-found') throw notFound(`No route for ${req.method} ${req.path}`)
    if (routed.kind === 'method-not-allowed') {
      return errorResponse(methodNotAllowed(`Method ${req.method} not allowed on ${req.path}`), {
        allow: routed.allow.join(', '),
      })
    }
    const { id, params } = routed.match
    if (id === 'getToken') return deps.auth.token(req.body, req.headers.authorization)
    const op = OPERATIONS[id]
    if (!flags.authNotEnforced) {
      const denied = deps.auth.check(req.headers.authorization, op.mutating)
      if (denied) throw denied
    }
    const exec = async (): Promise<ServerResponse> => {
      try {
        return toResponse(id, req, await HANDLERS[id](ctx, inputOf(req, id, params)))
      } catch (e) {
        return errorResponse(e)
      }
    }
    const key = req.headers['idempotency-key']
    if (op.idempotent && key !== undefined && !flags.ignoreIdempotencyKey) {
      return deps.idempotency.run(key, id, req.path, req.body, exec)
    }
    return exec()
  }

  return async (original) => {
    let req = original
    let res: ServerResponse
    try {
      const hooked = hooks?.onRequest ? await hooks.onRequest(original) : original
      if (isResponse(hooked)) res = hooked
      else {
        req = hooked
        res = await dispatch(req)
      }
    } catch (e) {
      res = errorResponse(e)
    }
    if (hooks?.onResponse) {
      try {
        res = await hooks.onResponse(req, res)
      } catch (e) {
        res = errorResponse(e)
      }
    }
    // HEAD and 304 never carry a body.
    if (req.method === 'HEAD' || res.status === 304 || res.status === 204) {
      const { body: _dropped, ...rest } = res
      return rest
    }
    return res
  }
}
