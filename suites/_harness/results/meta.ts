/**
 * What a conformance test records on `task.meta` for the reporters: its operation, rule and level, its
 * outcome where Vitest's pass/fail/skip is not enough (warn, unsupported, disabled), the violations found
 * and the redacted exchanges, and for property tests the seed and replay path.
 */
import type { ExchangeRecord } from './exchange-record.ts'
import type { Level, Violation } from './violation.ts'

export type Outcome = 'pass' | 'fail' | 'warn' | 'unsupported' | 'disabled' | 'error'

export interface ConformanceMeta {
  area: string
  operationId: string
  rule: string
  level: Level
  title: string
  /** Set by the test for warn / unsupported / disabled; pass, fail and error come from Vitest's result. */
  outcome?: Outcome
  reason?: string
  violations: Violation[]
  exchanges: ExchangeRecord[]
  /** `<operationId> <status>` the test's checks accept (a status a rule judges, e.g. 406 as unsupported). */
  accepted?: string[]
  /** Findings of the user's own OpenAPI document (--openapi): reported separately, never the outcome. */
  openapiFindings?: string[]
  /** Property tests: the seed and path that replay the run, and the shrunk counterexample. */
  seed?: number
  path?: string
  counterexample?: string
}

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: ConformanceMeta
  }
}
