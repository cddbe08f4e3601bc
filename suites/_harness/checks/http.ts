/** Checks of HTTP shape: an answer came, the status is the expected one, bodies where they must (not) be. */
import type { Check, Violation } from './types.ts'
import { errorBodyNotJson } from './errors.ts'
import { isJsonMediaType } from './media-type.ts'
import { errorSummary, statusMessage } from '../results/status-message.ts'

/** The server answered at all (no timeout, refused or closed connection). */
export const responds: Check = (ex) =>
  ex.transportError
    ? [
        {
          check: 'responds',
          rule: 'http/responds',
          level: 'MUST',
          message: `no HTTP response: ${ex.transportError}`,
        },
      ]
    : []

export const statusExpected: Check = (ex, { expectation: e }) => {
  if (e.status === undefined || ex.status === 0) return []
  const allowed = typeof e.status === 'number' ? [e.status] : e.status
  if (allowed.includes(ex.status)) return []
  // A 5xx where the document names no answer is the server-error check's robustness finding, not a wrong status.
  if (unexpectedServerError(ex, allowed) && robustnessOnly(e)) return []
  return [
    {
      check: 'status',
      rule: e.rule,
      level: e.level,
      message: statusMessage(ex.status, ex.json, statusSet(allowed)),
      received: String(ex.status),
      expected: allowed.join(' | '),
    },
  ]
}

/**
 * A 5xx where the test expected another answer. Where the document names the answer for exactly the request's
 * condition, the status check fails the test's rule at its level, and nothing more is reported here: one defect,
 * counted once. Where it names none (the expectation says `serverError: 'robustness'`, or the rule is judged at the
 * ROBUSTNESS level), the 5xx is a robustness finding: the document lists 5XX for every operation ("A server-side
 * problem that might not be addressable from the client side"), so it is reported apart and never fails a rule. A
 * 5xx without the error envelope is the envelope check's MUST in both cases. A 503 with Retry-After is the spec's
 * transient unavailability: never judged.
 */
export const serverError: Check = (ex, { expectation: e }) => {
  if (e.status === undefined) return []
  const expected = typeof e.status === 'number' ? [e.status] : e.status
  if (!unexpectedServerError(ex, expected) || !robustnessOnly(e)) return []
  const detail = errorSummary(ex.json)
  return [
    {
      check: 'server-error',
      rule: e.level === 'ROBUSTNESS' ? e.rule : 'errors/no-5xx',
      level: 'ROBUSTNESS',
      message: `a server error (${ex.status}${detail ? ` ${detail}` : ''}) to a request the document names no answer for (expected ${statusSet(expected)})`,
      received: String(ex.status),
      expected: expected.join(' | '),
    },
  ]
}

/** A 5xx the expectation did not name; a 503 with Retry-After (transient, resent already) is never one. */
function unexpectedServerError(
  ex: { status: number; headers: Record<string, string> },
  expected: readonly number[],
): boolean {
  if (ex.status < 500 || expected.some((s) => s >= 500)) return false
  return !(ex.status === 503 && ex.headers['retry-after'] !== undefined)
}

function robustnessOnly(e: { serverError?: 'robustness'; level: string }): boolean {
  return e.serverError === 'robustness' || e.level === 'ROBUSTNESS'
}

/**
 * A set of statuses the way a person says it: a whole class is "a 4xx", the rest listed ("200, 201, 204 or a 4xx"),
 * where the checks used to spell out 400 or 401 or … 499.
 */
export function statusSet(statuses: readonly number[]): string {
  const set = new Set(statuses)
  const classes = [2, 3, 4, 5].filter((c) =>
    Array.from({ length: 100 }, (_, i) => c * 100 + i).every((s) => set.has(s)),
  )
  const single = [...set].filter((s) => !classes.includes(Math.floor(s / 100))).sort((a, b) => a - b)
  const parts = [...single.map(String), ...classes.map((c) => `a ${c}xx`)]
  return parts.length <= 1
    ? (parts[0] ?? 'nothing')
    : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`
}

/** HEAD, 204 and 304 responses carry no body (RFC 9110 §9.3.2, §15.3.5, §15.4.5). */
export const noBody: Check = (ex) => {
  const bodyless = ex.request.method === 'HEAD' || ex.status === 204 || ex.status === 304
  if (!bodyless || ex.bodyText.length === 0) return []
  return [
    {
      check: 'no-body',
      rule: 'http/no-body',
      level: 'MUST',
      message: `a ${ex.request.method === 'HEAD' ? 'HEAD response' : `${ex.status} response`} must have no body, got ${ex.bodyText.length} bytes`,
    },
  ]
}

/**
 * Bodies are JSON (spec: all request and response bodies are JSON). A 400 from middleware may be text/plain. An error
 * answer whose body is no JSON at all is the envelope check's to report (its label and its parse are one defect:
 * the answer is not the error envelope), at the envelope's level; here only a JSON error body under another label.
 */
export const jsonContentType: Check = (ex) => {
  if (ex.status === 0 || ex.bodyText.length === 0 || ex.request.method === 'HEAD') return []
  if (errorBodyNotJson(ex)) return []
  const ct = ex.headers['content-type'] ?? ''
  const isJson = isJsonMediaType(ct)
  const out: Violation[] = []
  if (!isJson)
    out.push({
      check: 'content-type',
      rule: 'http/json-content-type',
      level: ex.status === 400 ? 'SHOULD' : 'MUST',
      message: `Content-Type is "${ct || '(none)'}", expected application/json`,
      received: ct,
      expected: 'application/json',
    })
  else if (ex.json === undefined)
    out.push({
      check: 'content-type',
      rule: 'http/json-body',
      level: 'MUST',
      message: 'the body is not valid JSON',
    })
  return out
}
