/**
 * Telling a route the server does not serve from an answer of the operation. A server answers a route that cannot
 * exist in its own way (status, body kind, error type): its "no route" fingerprint, taken once per run. A 404 with the
 * same fingerprint, a 405 or a 501 means the request never reached a handler of the operation; a 404 that differs (a
 * typed "no such table") proves a handler looked something up. Error type names are only representative in the
 * spec, so they are compared with the server's own no-route answer, never matched by name.
 */
import type { Exchange } from './http/exchange.ts'
import { Blocked } from './results/errors.ts'
import { statusWithError } from './results/status-message.ts'

/** The error type of a response, if it has the envelope. */
export function errorTypeOf(ex: Pick<Exchange, 'json'>): string {
  const t = (ex.json as { error?: { type?: unknown } } | undefined)?.error?.type
  return typeof t === 'string' ? t : ''
}

/** What tells one 404 from another: the body's kind (JSON envelope, other) and its error type. */
export function fingerprint(ex: Pick<Exchange, 'status' | 'headers' | 'json' | 'bodyText'>): string {
  const json = /json/i.test(ex.headers['content-type'] ?? '') && ex.json !== undefined
  return `${ex.status}|${json ? 'json' : ex.bodyText === '' ? 'empty' : 'other'}|${errorTypeOf(ex)}`
}

/**
 * True when the answer shows no route for the request: no response, 405, 501, or a 404 like the server's answer
 * to a route that cannot exist (a 404 that differs, e.g. a typed "no such plan", proves the route looked it up).
 */
export function notServed(ex: Exchange, w: { readonly noRoute: string }): boolean {
  if (ex.transportError) return true
  if (ex.status === 404) return fingerprint(ex) === w.noRoute
  return ex.status === 405 || ex.status === 501
}

/**
 * "Not implemented" for an operation: a 501 (with or without the error envelope: a handler may say it, a router too),
 * or the server's answer to a route it does not have (when the run took it, `noRoute`).
 */
export function notImplemented(ex: Exchange, noRoute: string | undefined): boolean {
  return ex.status === 501 || (noRoute !== undefined && notServed(ex, { noRoute }))
}

/**
 * What a rule throws when `what` (a valid request) got "not implemented" (notImplemented): the operation is not served,
 * which `carrier` judges (config/endpoints/declared-served, or the operation's plain rule), not the rule meeting it.
 */
export function blockedAsNotImplemented(carrier: string, what: string, ex: Exchange): Blocked {
  return new Blocked(
    `blocked by ${carrier}: ${what} was answered ${statusWithError(ex.status, ex.json)}, the operation not implemented; that is judged by ${carrier}, not here`,
    carrier,
  )
}

/** The path of a route that cannot exist, under the catalog's own prefix: its answer is the no-route fingerprint. */
export const NO_SUCH_ROUTE = '/conformance-no-such-route/x/y'
