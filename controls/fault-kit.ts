/**
 * Small helpers for writing faults: which operation a request is, and rewrites of a response (status,
 * JSON body, headers) that keep everything else as the clean server answered it.
 */
import type { OperationId } from '../schemas/operations.ts'
import { DEFAULT_PREFIX } from '../reference-server/index.ts'
import type { FaultHooks, ServerRequest, ServerResponse } from '../reference-server/index.ts'
import { createRouter } from '../reference-server/routes.ts'
import { parseJson, stringifyJson } from '../schemas/model/json-int64.ts'

const routers = new Map<string, ReturnType<typeof createRouter>>()

/** The operation `req` addresses on a server with `prefix` (default `ref`), or undefined. */
export function operationOf(req: ServerRequest, prefix: string = DEFAULT_PREFIX): OperationId | undefined {
  let route = routers.get(prefix)
  if (!route) routers.set(prefix, (route = createRouter(prefix)))
  const r = route(req.method, req.path)
  return r.kind === 'match' ? r.match.id : undefined
}

type Rewrite = (res: ServerResponse, req: ServerRequest) => ServerResponse | Promise<ServerResponse>

/**
 * An `onResponse` hook that rewrites the responses of `ops` for which `when` holds (default: every
 * response of those operations) and leaves all others alone.
 */
export function onOperations(
  ops: readonly OperationId[],
  rewrite: Rewrite,
  when: (res: ServerResponse, req: ServerRequest) => boolean = () => true,
): NonNullable<FaultHooks['onResponse']> {
  return (req, res) => {
    const op = operationOf(req)
    return op !== undefined && ops.includes(op) && when(res, req) ? rewrite(res, req) : res
  }
}

/** The parsed JSON body, or undefined. Without loss, so a rewrite changes only what it means to (63-bit ids). */
export function jsonOf(res: ServerResponse): unknown {
  if (res.body === undefined || res.body === '') return undefined
  try {
    return parseJson(res.body)
  } catch {
    return undefined
  }
}

/** The response with its JSON body replaced by `fn(body)` (a deep copy is passed, so mutate freely). */
export function withJson(
  res: ServerResponse,
  fn: (body: Record<string, unknown>) => unknown,
): ServerResponse {
  const body = jsonOf(res)
  const copy = (body && typeof body === 'object' ? structuredClone(body) : {}) as Record<string, unknown>
  return { ...res, body: stringifyJson(fn(copy) ?? copy) }
}

/** The response with another status (body and headers unchanged). */
export function withStatus(res: ServerResponse, status: number): ServerResponse {
  return { ...res, status }
}

/** The response with headers set (a `null` value removes the header). */
export function withHeaders(res: ServerResponse, headers: Record<string, string | null>): ServerResponse {
  const out: Record<string, string> = { ...res.headers }
  for (const [k, v] of Object.entries(headers)) {
    if (v === null) delete out[k.toLowerCase()]
    else out[k.toLowerCase()] = v
  }
  return { ...res, headers: out }
}

export const isError = (res: ServerResponse): boolean => res.status >= 400

/** A request body that is there and is not JSON (no body at all is not one). */
export function notJson(body: string): boolean {
  if (body === '') return false
  try {
    JSON.parse(body)
    return false
  } catch {
    return true
  }
}
export const isSuccess = (res: ServerResponse): boolean => res.status >= 200 && res.status < 300
