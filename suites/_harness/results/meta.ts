/**
 * What a conformance test records on `task.meta` for the reporters: its operation, rule and level, its
 * outcome where Vitest's pass/fail/skip is not enough (warn, unsupported, disabled), the violations found
 * and the redacted exchanges, and for property tests the seed and replay path.
 */
import type { FileRequests } from './request-figures.ts'
import type { ExchangeRecord } from './exchange-record.ts'
import type { Level, Violation } from './violation.ts'

/**
 * `not-configured`: the rule needs something the run was not given (a warehouse, a read-only or expired token, OAuth
 * client credentials) — not the server's shortcoming, unlike `unsupported`. `blocked`: the server refused a setup
 * step the rule needs; the defect is judged once, by the rule that carries it (the setup operation's own), and a
 * blocked rule is never part of the verdict.
 */
export type Outcome =
  'pass' | 'fail' | 'warn' | 'unsupported' | 'not-configured' | 'disabled' | 'blocked' | 'error'

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
  /**
   * Advisories: findings outside the Iceberg spec (a stack trace in an error body, TRACE echoing requests, a relative
   * table location written under the server's working directory). Reported apart; never the outcome or exit code.
   */
  advisories?: string[]
  /** Requests this test sent, through any client (its setup's included; http/request-log.ts). */
  requests?: number
  /** Requests of this test sent again after a 503/429 with Retry-After (the server asked to come back later). */
  retries?: number
  /** Idempotent requests of this test sent again on a new connection (the server closed the one they went on). */
  reconnects?: number
  /** Findings of the user's own OpenAPI document (--openapi): reported separately, never the outcome. */
  openapiFindings?: string[]
  /** Property tests: the seed and path that replay the run, and the shrunk counterexample. */
  seed?: number
  path?: string
  counterexample?: string
  /** Property tests: the command that replays the failure against the same server (secrets as placeholders). */
  replay?: string
  /**
   * Property tests collecting distinct failures (support/property.ts): the failures of other kinds found after the
   * first, in the order found. The first is the fields above (message, violations, exchanges, path, counterexample,
   * replay); each of these carries its own.
   */
  moreFailures?: DistinctFailure[]
  /**
   * Set when a request of this test was not sent because the catalog had stopped answering (http/transport.ts): the
   * test's outcome is then "error", whatever it threw, and the run is no verdict. The message says what happened.
   */
  stoppedAnswering?: string
}

/** A further distinct failure of a property test: its own shrunk counterexample, transcript and replay. */
export interface DistinctFailure {
  /** The kind of failure (support/failure-signature.ts) that made it distinct from the ones before. */
  signature: string
  /** What the counterexample broke: the thrown error's message. */
  message: string
  counterexample: string
  /** `<rule>@<fast-check path>[#<commands path>]`, replayed with `--path` like the first failure's. */
  path: string
  replay: string
  /** The MUST violations and the exchanges of this counterexample only. */
  violations: Violation[]
  exchanges: ExchangeRecord[]
}

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: ConformanceMeta
    /** On a file's task: its requests (http/request-log.ts), written once its cleanup is done (dsl.ts). */
    requests?: FileRequests
  }
}
