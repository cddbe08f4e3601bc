/**
 * The transport-neutral request and response the adapter works on. `listen.ts` converts node:http
 * messages to and from these; tests call the adapter with them directly, without a socket.
 */
import { stringifyJson } from '../../schemas/model/json-int64.ts'

export interface ServerRequest {
  readonly method: string
  /** Raw (still percent-encoded) path, without the query string. */
  readonly path: string
  readonly query: URLSearchParams
  /** Header names in lower case. */
  readonly headers: Record<string, string>
  readonly body: string
}

export interface ServerResponse {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body?: string
}

/** A JSON response with the content type every JSON body of the server carries. */
export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): ServerResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: stringifyJson(value) }
}
