/**
 * Helpers for the scenario-suite faults (config, namespaces, tables, errors, auth, delegation, metrics,
 * scan-planning): error answers with the envelope, and request-side rewrites by operation.
 */
import type { OperationId } from '../../schemas/operations.ts'
import type { FaultHooks, ServerRequest, ServerResponse } from '../../reference-server/index.ts'
import { operationOf } from '../fault-kit.ts'
import { parseJson, stringifyJson } from '../../schemas/model/json-int64.ts'

/** An error response with the spec's envelope (code = status). */
export function errorResponse(status: number, type: string, message: string): ServerResponse {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ error: { message, type, code: status } }),
  }
}

/** A JSON success response. */
export function jsonOk(status: number, body: unknown, headers: Record<string, string> = {}): ServerResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: stringifyJson(body) }
}

/** An empty response (204 and the like). */
export const empty = (status: number): ServerResponse => ({ status, headers: {} })

/** The JSON body of a request (without loss: 63-bit ids stay exact), or undefined. */
export function requestJson(req: ServerRequest): Record<string, unknown> | undefined {
  try {
    const v = parseJson(req.body)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The request with its JSON body replaced. */
export function withRequestJson(req: ServerRequest, body: unknown): ServerRequest {
  return { ...req, body: stringifyJson(body) }
}

/** The request with a changed query. */
export function withQuery(req: ServerRequest, edit: (q: URLSearchParams) => void): ServerRequest {
  const query = new URLSearchParams(req.query)
  edit(query)
  return { ...req, query }
}

type RequestRewrite = (req: ServerRequest) => ServerRequest | ServerResponse

/** An `onRequest` hook that rewrites (or answers) the requests of `ops` and leaves all others alone. */
export function onRequests(
  ops: readonly OperationId[],
  rewrite: RequestRewrite,
): NonNullable<FaultHooks['onRequest']> {
  return (req) => {
    const op = operationOf(req)
    return op !== undefined && ops.includes(op) ? rewrite(req) : req
  }
}
