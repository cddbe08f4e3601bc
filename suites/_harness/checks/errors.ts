/** Checks of the error model: the envelope `{ error: { message, type, code } }` with code equal to the status. */
import { javaDispatchMismatch } from './java-client.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Check, Violation } from './types.ts'
import { isJsonMediaType } from './media-type.ts'

/** Whether a body is wrapped as { "error": { … } } (IcebergErrorResponse), whatever the fields inside hold. */
export function wrapsError(json: unknown): json is { error: Record<string, unknown> } {
  const err = (json as { error?: unknown } | null | undefined)?.error
  return typeof err === 'object' && err !== null && !Array.isArray(err)
}

/**
 * Whether the envelope check judges an answer's body: every error answer but a HEAD's (it has none) and the token
 * endpoint's (OAuth2 errors, `{ error, error_description }`: OAuthError, not the catalog envelope).
 */
export function envelopeJudged(ex: Pick<Exchange, 'status' | 'request' | 'operationId'>): boolean {
  return ex.status >= 400 && ex.request.method !== 'HEAD' && ex.operationId !== 'getToken'
}

/**
 * An error answer whose body is no JSON at all (a web server's HTML page, middleware's plain text, a JSON page cut
 * short): the envelope check reports it, at its level, with the label it came under. Its Content-Type and its
 * parse are that one defect, so the HTTP checks do not report them again.
 */
export function errorBodyNotJson(ex: Pick<Exchange, 'status' | 'request' | 'operationId' | 'json'>): boolean {
  return envelopeJudged(ex) && ex.json === undefined
}

export const errorEnvelope: Check = (ex, { expectation }) => {
  if (!envelopeJudged(ex)) return []
  // A router's or a container's 4xx to a request that may never have reached the operation is judged at SHOULD
  // (errors/unknown-path-4xx's level); so is a 400 whose body is not the envelope at all (below).
  const router = expectation.mayBeRouterAnswer === true && ex.status < 500
  const level = router ? 'SHOULD' : 'MUST'
  const v = (message: string, at: 'MUST' | 'SHOULD' = level): Violation => ({
    check: 'error-envelope',
    rule: 'errors/envelope',
    level: at,
    message,
  })
  // A 400 may come from the server's middleware ("in some cases simple text/plain content might be returned by the
  // server's middleware"): a 400 whose body is not the envelope at all (Jetty's own JSON for an ambiguous path) is
  // judged at SHOULD, as a plain-text one is. An envelope with broken fields is the catalog's own, at MUST.
  const notEnvelope = ex.status === 400 ? 'SHOULD' : level
  const body = ex.json as { error?: unknown } | undefined
  if (errorBodyNotJson(ex)) return [v(notJsonMessage(ex), notEnvelope)]
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return [v('error response body is not a JSON object', notEnvelope)]
  if (!wrapsError(body))
    return [v('error response is not wrapped as { "error": { … } } (IcebergErrorResponse)', notEnvelope)]
  const err = body.error
  const out: Violation[] = []
  if (typeof err.message !== 'string') out.push(v('error.message is missing or not a string'))
  if (typeof err.type !== 'string' || err.type.trim() === '') out.push(v('error.type is missing or empty'))
  if (err.code !== ex.status)
    out.push({
      ...v(`error.code is ${JSON.stringify(err.code)}, but the HTTP status is ${ex.status}`),
      rule: 'errors/code-equals-status',
      received: JSON.stringify(err.code),
      expected: String(ex.status),
    })
  if (err.stack !== undefined && !(Array.isArray(err.stack) && err.stack.every((s) => typeof s === 'string')))
    out.push(v('error.stack must be an array of strings when present'))
  return out
}

/** What an error body that is no JSON came as: empty, or its Content-Type and whether that claimed JSON. */
function notJsonMessage(ex: Pick<Exchange, 'bodyText' | 'headers'>): string {
  if (ex.bodyText.length === 0) return 'error response has no body (expected the JSON error envelope)'
  const ct = ex.headers['content-type'] ?? '(none)'
  return isJsonMediaType(ct)
    ? `error response body is not valid JSON, though its Content-Type is "${ct}"`
    : `error response body is not JSON (Content-Type "${ct}")`
}

/**
 * The error `type` lets Apache Iceberg's Java client raise the exception the failure calls for (java-client.ts). The
 * OpenAPI document calls the names it shows representative, so a name is no spec rule: this is judged at the CLIENT
 * level, reported apart from the verdict, and only where the client's exception depends on the type.
 */
export const errorType: Check = (ex, { expectation }) => {
  const want = expectation.errorType
  if (!want || ex.status < 400 || ex.request.method === 'HEAD') return []
  const raw = (ex.json as { error?: { type?: unknown } } | undefined)?.error?.type
  const type = typeof raw === 'string' ? raw : undefined
  const mismatch = javaDispatchMismatch(ex.operationId, ex.status, type, want)
  if (!mismatch) return []
  return [
    {
      check: 'error-type',
      rule: 'clients/java-error-type',
      level: 'CLIENT',
      message: `error.type ${JSON.stringify(raw)} makes Iceberg's Java client raise ${mismatch.raised} for this ${ex.status}; "${mismatch.couldBe}" would make it raise what the failure is (${want})`,
      received: String(raw),
      expected: mismatch.couldBe,
    },
  ]
}
