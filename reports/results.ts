/**
 * The native results of a run (results.json): what every other report is rendered from. Outcomes per
 * test: pass, fail (a MUST broken), warn (a SHOULD broken), unsupported, disabled, blocked (the server refused a
 * setup step: judged by the rule that carries it), error (harness).
 */
import type { RunRequests } from '../suites/_harness/results/request-figures.ts'
import type { Level, Violation } from '../suites/_harness/results/violation.ts'
import type { ExchangeRecord } from '../suites/_harness/results/exchange-record.ts'
import type { DistinctFailure, Outcome } from '../suites/_harness/results/meta.ts'

export const OUTCOMES: readonly Outcome[] = [
  'pass',
  'fail',
  'warn',
  'unsupported',
  'not-configured',
  'disabled',
  'blocked',
  'error',
]

export interface TestResult {
  /** Stable id: `<file>::<full name>`. */
  readonly id: string
  readonly file: string
  readonly name: string
  readonly area: string
  readonly operationId: string
  readonly rule: string
  readonly level: Level
  readonly title: string
  readonly outcome: Outcome
  readonly durationMs: number
  readonly message?: string
  readonly reason?: string
  readonly violations: readonly Violation[]
  readonly exchanges: readonly ExchangeRecord[]
  readonly seed?: number
  readonly path?: string
  readonly counterexample?: string
  readonly replay?: string
  /** Property tests collecting distinct failures: the other kinds found after the first (the fields above). */
  readonly moreFailures?: readonly DistinctFailure[]
  /** `<operationId> <status>` the test's checks accept (for status coverage). */
  readonly accepted?: readonly string[]
  /** Blocked tests: the rule that carries the refused setup step (the step's operation's own rule). */
  readonly blockedBy?: string
  /** Findings outside the Iceberg spec, reported apart from the outcome (never the verdict). */
  readonly advisories?: readonly string[]
  /** Requests sent again after a 503/429 with Retry-After. */
  readonly retries?: number
  /** Idempotent requests sent again on a new connection: the server had closed the kept-alive one unanswered. */
  readonly reconnects?: number
  /** Requests the test sent, through any client (its setup's included). */
  readonly requests?: number
  /** Findings of the user's OpenAPI document (--openapi), reported apart from the outcome. */
  readonly openapiFindings?: readonly string[]
}

export interface Results {
  readonly harness: { readonly name: string; readonly version: string }
  readonly startedAt: string
  readonly durationMs: number
  readonly target: { readonly url: string; readonly kind: string }
  readonly runId: string
  readonly profile: string
  readonly seed: number
  readonly capabilities: unknown
  readonly config: Record<string, unknown>
  /**
   * Counts per outcome, and `robustness`: the tests with a robustness finding (a 5xx where the document names no
   * other answer; robustness.ts), counted apart from the outcomes, which they never change.
   */
  readonly summary: Summary
  readonly verdict: Verdict
  readonly tests: readonly TestResult[]
  /** Errors outside any test (setup, teardown, unhandled). */
  readonly errors: readonly string[]
  /** Present when the run was checked against an expectations file (`--expect`, see expectations.ts). */
  readonly expectations?: ExpectationsRecord
  /** The end of a started catalog's output (a container's log), attached when the run did not pass. */
  readonly targetLog?: { readonly source: string; readonly lines: readonly string[] }
  /** What the suites' requests cost: how many, the longest chain that had to follow one another, the peak in flight. */
  readonly requests?: RequestFigures
  /** Namespaces of the run the catalog still held after the cleanup (a `--url` target); not part of the verdict. */
  readonly leftovers?: readonly (readonly string[])[]
  /**
   * The violations grouped by the server's answer (defects.ts), written with the reports. Derived from `tests`:
   * absent in results written before defects were counted, and recomputed whenever the reports are rendered.
   */
  readonly defects?: readonly DefectRecord[]
}

/**
 * The suites' requests (suites/_harness/http/request-log.ts): `longestChain` is the run's floor at any latency (at L
 * ms a round trip no run of these tests ends before longestChain × L); `byArea` sums each test's requests.
 */
export interface RequestFigures extends RunRequests {
  readonly byArea: Readonly<Record<string, number>>
  /** Each suite file's requests and its own longest chain (its tests', then its cleanup's). */
  readonly byFile?: Readonly<Record<string, { readonly requests: number; readonly chain: number }>>
}

/** One defect as results.json records it (defects.ts has the whole of it: occurrences, reproduction). */
export interface DefectRecord {
  /** D1, D2, …: MUST first, then by how many tests it broke. */
  readonly id: string
  readonly level: 'MUST' | 'SHOULD'
  /** no-answer, wrong-status, wrong-body, or unrecorded (no exchange was recorded for it). */
  readonly kind: string
  readonly title: string
  /** The status the server answered, when an exchange was recorded. */
  readonly status?: number
  readonly rules: readonly string[]
  readonly operations: readonly string[]
  readonly tests: readonly string[]
}

/** A test whose outcome the expectations file did not foresee. */
export interface Unexpected {
  readonly id: string
  readonly outcome: Outcome
  /** The outcome the file expected (absent for a new failure). */
  readonly expected?: Outcome
  /**
   * new-failure: a fail or error with no entry; unlisted: a warn or unsupported with no entry (strict: an
   * unlisted test must pass); fixed: an expected failure passed; mismatch: another outcome than expected;
   * uncounted: blocked by a rule that passed in the run, so the refusal is judged by no test (a harness defect,
   * whatever the file says: reports/blocked.ts).
   */
  readonly kind: 'new-failure' | 'unlisted' | 'mismatch' | 'fixed' | 'uncounted'
}

/** What results.json records of an expectations check. */
export interface ExpectationsRecord {
  readonly file: string
  /** Tests whose outcome matched their entry. */
  readonly expected: number
  readonly unexpected: readonly Unexpected[]
  /** Entries that match no test. */
  readonly stale: readonly string[]
}

export type Verdict = 'conformant' | 'nonconformant' | 'error'

export type Summary = Readonly<Record<Outcome, number>> & {
  readonly total: number
  /** Absent in results written before robustness findings were counted apart. */
  readonly robustness?: number
}

/** What a run may ask to count in the verdict besides MUST failures (`--fail-on`). */
export const FAIL_ON = ['robustness'] as const
export type FailOn = (typeof FAIL_ON)[number]

export function summarize(
  tests: readonly { outcome: Outcome; violations?: readonly { level: string }[] }[],
): Summary {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>
  let robustness = 0
  for (const t of tests) {
    counts[t.outcome]++
    if (t.violations?.some((v) => v.level === 'ROBUSTNESS')) robustness++
  }
  return { ...counts, total: tests.length, robustness }
}

/**
 * Conformant: no MUST failure (and, under `--fail-on robustness`, no robustness finding). A run with harness errors
 * and no failure is "error" (exit 2). Blocked tests are never part of the verdict: their refusal is judged by the
 * rule that carries it.
 */
export function verdictOf(
  summary: Summary,
  errors: readonly string[],
  failOn: readonly FailOn[] = [],
): Verdict {
  if (summary.fail > 0) return 'nonconformant'
  if (failOn.includes('robustness') && (summary.robustness ?? 0) > 0) return 'nonconformant'
  if (summary.error > 0 || errors.length > 0) return 'error'
  return 'conformant'
}

/** MUST rules met: rules (not tests) at level MUST that reached a verdict, and those with no failing test. */
export function mustRulesMet(tests: readonly TestResult[]): { met: number; total: number } {
  const rules = new Map<string, boolean>()
  for (const t of tests) {
    // A MUST test that ends in warn met its MUST and broke a SHOULD on the side.
    if (t.level !== 'MUST' || !['pass', 'warn', 'fail'].includes(t.outcome)) continue
    rules.set(t.rule, (rules.get(t.rule) ?? true) && t.outcome !== 'fail')
  }
  return { met: [...rules.values()].filter(Boolean).length, total: rules.size }
}

export function exitCodeOf(verdict: Verdict): number {
  return verdict === 'conformant' ? 0 : verdict === 'nonconformant' ? 1 : 2
}

/**
 * For a run that is no verdict because of something outside its tests (a catalog that stopped answering, a run that
 * judged no rule): the first such error, for the top of a report; the others are listed with the harness errors.
 */
export function noVerdictWhy(r: Pick<Results, 'verdict' | 'errors'>): string | undefined {
  const [why, ...rest] = r.errors
  if (r.verdict !== 'error' || why === undefined) return undefined
  return rest.length > 0 ? `${why} (${rest.length} more under Harness errors)` : why
}
