/**
 * Judging a control run: is every rule a fault claims to break actually broken (fail, or warn for a
 * SHOULD), and did the fault make other tests unevaluable ("error") that pass on the clean server?
 */
import type { Outcome } from '../suites/_harness/results/meta.ts'
import type { Results, TestResult } from '../reports/results.ts'
import { blockedGroups } from '../reports/blocked.ts'
import type { Fault } from './fault.ts'
import type { RunOutcome } from './run-fault.ts'

/** Why one claimed rule was not broken. */
export interface Survivor {
  readonly rule: string
  readonly why: string
}

export interface FaultVerdict {
  readonly fault: string
  /** Every rule in `breaks` came out fail/warn. */
  readonly killed: boolean
  readonly broken: readonly string[]
  readonly survivors: readonly Survivor[]
  /** Tests (or run-level errors) that error under the fault and not on the clean server, not allowed. */
  readonly unexpectedErrors: readonly string[]
  /** The run itself went wrong (timeout, no results.json). */
  readonly harness?: string
  /** Blocked tests whose carrying rule passed in the run: a refusal judged by no test (reports/blocked.ts). */
  readonly uncounted?: readonly string[]
}

const BROKEN: ReadonlySet<Outcome> = new Set(['fail', 'warn'])

/** The rules a test broke: those of its violations, or its own rule when it failed without one. */
export function brokenRules(t: TestResult): string[] {
  // CLIENT and ROBUSTNESS findings never change the outcome: they are broken wherever they were recorded.
  const client = t.violations
    .filter((v) => v.level === 'CLIENT' || v.level === 'ROBUSTNESS')
    .map((v) => v.rule)
  if (!BROKEN.has(t.outcome)) return [...new Set(client)]
  const rules = t.violations.filter((v) => v.level !== 'MAY').map((v) => v.rule)
  if (rules.length === 0 && t.outcome === 'fail') rules.push(t.rule)
  return [...new Set(rules)]
}

/** Outcomes of the clean run by test id. */
export function outcomesById(results: Results | undefined): Map<string, Outcome> {
  return new Map((results?.tests ?? []).map((t) => [t.id, t.outcome]))
}

/** Is `rule` covered by one of the `allowErrors` patterns (`id` exact, `area/*` prefix)? */
export function allowed(rule: string, patterns: readonly string[] = []): boolean {
  return patterns.some((p) => (p.endsWith('/*') ? rule.startsWith(p.slice(0, -1)) : p === rule))
}

export function evaluateFault(
  fault: Fault,
  run: RunOutcome,
  baseline: ReadonlyMap<string, Outcome>,
  baselineErrors: readonly string[] = [],
): FaultVerdict {
  const results = run.results
  if (!results) {
    const harness = run.timedOut
      ? `the run did not finish in time; output: ${run.output.slice(-600)}`
      : `no results.json (exit ${String(run.exitCode)}); output: ${run.output.slice(-600)}`
    return {
      fault: fault.name,
      killed: false,
      broken: [],
      survivors: fault.breaks.map((rule) => ({ rule, why: 'the run produced no results' })),
      unexpectedErrors: [],
      harness,
    }
  }
  const broken = new Set(results.tests.flatMap(brokenRules))
  const survivors = fault.breaks
    .filter((rule) => !broken.has(rule))
    .map((rule) => ({ rule, why: whyNotBroken(rule, results.tests) }))
  const unexpectedErrors = results.tests
    .filter(
      (t) => t.outcome === 'error' && baseline.get(t.id) !== 'error' && !allowed(t.rule, fault.allowErrors),
    )
    .map((t) => `${t.rule} (${t.id}): ${(t.message ?? '').split('\n')[0]?.slice(0, 300) ?? ''}`)
  for (const e of results.errors)
    if (!baselineErrors.includes(e)) unexpectedErrors.push(`run: ${e.slice(0, 300)}`)
  const uncounted = blockedGroups(results)
    .filter((g) => g.carrierPassed)
    .map((g) => `${g.rule} passed, yet blocks ${g.tests.join(', ')}: ${(g.reason ?? '').split('\n')[0]}`)
  return {
    fault: fault.name,
    killed: survivors.length === 0,
    broken: fault.breaks.filter((r) => broken.has(r)),
    survivors,
    unexpectedErrors,
    uncounted,
  }
}

/** One line on why a rule did not come out broken, from what the tests of that rule did. */
function whyNotBroken(rule: string, tests: readonly TestResult[]): string {
  const own = tests.filter((t) => t.rule === rule)
  const seen = tests.filter((t) => t.violations.some((v) => v.rule === rule))
  if (own.length === 0 && seen.length === 0) return 'no test of this rule ran and no check reported it'
  const parts = [...own, ...seen.filter((t) => !own.includes(t))].slice(0, 3).map((t) => {
    const other = brokenRules(t).filter((r) => r !== rule)
    const detail =
      t.outcome === 'fail' && other.length > 0
        ? `failed on other rules: ${other.join(', ')}`
        : t.outcome === 'error' ||
            t.outcome === 'unsupported' ||
            t.outcome === 'disabled' ||
            t.outcome === 'blocked'
          ? `${(t.reason ?? t.message ?? '').split('\n')[0]?.slice(0, 200) ?? ''}`
          : ''
    return `${t.name}: ${t.outcome}${detail ? ` (${detail})` : ''}`
  })
  return parts.join('; ')
}

/** Killed / total, and the score as a percentage with one decimal. */
export function mutationScore(verdicts: readonly FaultVerdict[]): {
  killed: number
  total: number
  percent: number
} {
  const killed = verdicts.filter((v) => v.killed).length
  const total = verdicts.length
  return { killed, total, percent: total === 0 ? 0 : Math.round((killed / total) * 1000) / 10 }
}
