/**
 * How a request body that fails validation is judged, at one level everywhere (errors, robustness, metrics): the
 * document names 400 for "an unexpected request body format or other forms of request validation failure", so a 5xx
 * to it fails the test's rule (MUST); refusing it with a 4xx is a SHOULD (a lenient server that makes sense of the
 * body is not wrong: robustness/generated/invalid-refused); exactly 400 is a SHOULD too (RFC 9110 gives 422 the
 * meaning of well-formed content that fails validation: robustness/bad-request/status-400).
 */
import type { Checker } from '../checker.ts'
import type { Exchange } from '../http/exchange.ts'
import { anyClientError } from './statuses.ts'

export function judgeInvalidBody(check: Checker, ex: Exchange, what: string): void {
  const accepted = ex.status >= 200 && ex.status < 300
  check.conform(ex, { status: accepted ? ex.status : anyClientError(ex.status) })
  check.that(!accepted, `an invalid body (${what}) is refused with a 4xx`, {
    rule: 'robustness/generated/invalid-refused',
    level: 'SHOULD',
    received: ex.status,
    expected: 'a 4xx',
    ex,
  })
  if (!accepted)
    check.conform(ex, { status: 400, level: 'SHOULD', rule: 'robustness/bad-request/status-400' })
}

/** The rule that judges the plain schema-violating bodies below: never a 5xx (400 is named). */
export const SCHEMA_VIOLATION_RULE = 'errors/schema-violation-400'

/**
 * errors/schema-violation-400's createNamespace body: the namespace a string, not an array. Sent as text, so that the
 * run prefix in it lets the write guard pass it; a server that accepts it creates only a run namespace.
 */
export function namespaceNotArray(runPrefix: string): string {
  return JSON.stringify({ namespace: `${runPrefix}_x` })
}

/** errors/schema-violation-400's createTable body: a name and no schema (schema is required). */
export function createWithoutSchema(name: string): { name: string } {
  return { name }
}
