/**
 * The one error of a setup step that did not succeed. A setup step judges nothing, so a refusal of it judges
 * nothing either: the rule under test is blocked, and the refusal is judged once, by the rule that carries it (the
 * setup operation's own rule, setup-carriers.ts), whatever the answer was, a 4xx or a 5xx. Only a request that got
 * no answer at all is the server's failure here (http/responds): no rule's test could see anything else.
 */
import { statusWithError } from './results/status-message.ts'
import type { Exchange } from './http/exchange.ts'
import { Blocked, ConformanceFailure } from './results/errors.ts'
import type { Violation } from './results/violation.ts'
import { carrierOf } from './setup-carriers.ts'

/** The server's violation behind a failed setup step, when it is one: no answer at all. */
export function setupViolation(ex: Exchange, what: string): Violation | undefined {
  if (!ex.transportError) return undefined
  return {
    check: 'setup',
    rule: 'http/responds',
    level: 'MUST',
    message: `setup step "${what}" (${ex.operationId}): no HTTP response: ${ex.transportError}`,
    operationId: ex.operationId,
    status: ex.status,
    curl: ex.curl,
  }
}

/** The rule a refused setup step is carried by: the operation's own, or the request's last update kind. */
export function setupCarrier(ex: Exchange): string {
  return carrierOf(ex.operationId, ex.request.body) ?? `${ex.operationId} (no rule judges it)`
}

export function setupFailure(ex: Exchange, what: string): Error {
  const violation = setupViolation(ex, what)
  if (violation) return new ConformanceFailure(`${violation.message}\nRule: ${violation.rule} [MUST]`)
  const why = statusWithError(ex.status, ex.json)
  const carrier = setupCarrier(ex)
  return new Blocked(
    `blocked by ${carrier}: setup step "${what}" (${ex.operationId}) was answered ${why}; that answer is judged by ${carrier}, not here`,
    carrier,
  )
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
