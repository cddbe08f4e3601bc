/** Types of the check registry: a check is a small pure function from an Exchange to Violations. */
import type { OperationSpec } from '../../../schemas/operations.ts'
import type { Exchange } from '../http/exchange.ts'

export type { Level, Violation } from '../results/violation.ts'
import type { Level, Violation } from '../results/violation.ts'

export interface Expectation {
  /** Expected status(es). */
  readonly status?: number | readonly number[]
  /** Expected error `type` (spec examples are representative: a mismatch is a SHOULD). */
  readonly errorType?: RegExp
  /** Override the success-body schema name from the operation table (null: no schema check). */
  readonly schema?: string | null
  /**
   * `robustness`: the document names no answer for this (schema-valid but unusual) request, so a 5xx with the
   * error envelope is a robustness finding instead of a status violation (see ConformOptions in checker.ts).
   */
  readonly serverError?: 'robustness'
  /**
   * The request may never reach the operation's handler (a malformed path segment, a dot segment that resolves to
   * another path): a router's or a servlet container's 4xx may answer it, and its error body is judged at SHOULD, as
   * errors/unknown-path-4xx judges the body of an unknown path's answer.
   */
  readonly mayBeRouterAnswer?: boolean
  /** Rule the status expectation enforces, and its level. */
  readonly rule: string
  readonly level: Level
}

export interface CheckContext {
  readonly op: OperationSpec | undefined
  readonly expectation: Expectation
}

export type Check = (ex: Exchange, ctx: CheckContext) => Violation[]
