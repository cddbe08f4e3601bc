/**
 * The one error of a setup step that did not succeed. Whose failure it is depends on the answer: a valid request
 * answered 5xx, or not answered at all, is the server's failure (the test fails: the rule could not be reached
 * because of the server); any other refusal leaves the rule unjudged (the test is an error of the setup).
 */
import { errorSummary } from './checks/http.ts'
import type { Exchange } from './http/exchange.ts'
import { ConformanceFailure, SetupError } from './results/errors.ts'
import type { Violation } from './results/violation.ts'

/** The server's violation behind a failed setup step, when it is the server's: 5xx or no answer. */
export function setupViolation(ex: Exchange, what: string): Violation | undefined {
  if (!ex.transportError && ex.status < 500) return undefined
  return {
    check: 'setup',
    rule: ex.transportError ? 'http/responds' : 'errors/valid-request-no-5xx',
    level: 'MUST',
    message: `setup step "${what}" (${ex.operationId}): ${ex.transportError ? `no HTTP response: ${ex.transportError}` : `a valid request answered ${ex.status}${errorSummary(ex.json) ? ` (${errorSummary(ex.json)})` : ''}`}`,
    operationId: ex.operationId,
    status: ex.status,
    curl: ex.curl,
  }
}

export function setupFailure(ex: Exchange, what: string): Error {
  const violation = setupViolation(ex, what)
  if (violation) return new ConformanceFailure(`${violation.message}\nRule: ${violation.rule} [MUST]`)
  const why = `status ${ex.status}${errorSummary(ex.json) ? ` (${errorSummary(ex.json)})` : ''}`
  return new SetupError(`setup step "${what}" (${ex.operationId}) did not succeed: ${why}`)
}

/** Whether a setup step's answer will do: any success where a success is wanted (a release answering 200 where a
 * later one answers 204 must not make the rule under test an error); other wanted statuses exactly. */
export function setupSucceeded(ex: Exchange, status?: number | readonly number[]): boolean {
  const success = (st: number) => st >= 200 && st < 300
  const wanted = status === undefined ? [] : ([] as number[]).concat(status)
  return wanted.includes(ex.status) || (wanted.every(success) && success(ex.status))
}

/** A setup step outside a checker (sandbox, property runs): throws the setup failure unless it succeeded. */
export function expectSetup(ex: Exchange, what: string, status?: number | readonly number[]): void {
  if (!setupSucceeded(ex, status)) throw setupFailure(ex, what)
}
