/**
 * Blocked tests, grouped by the rule that carries the refusal. When the server refuses a setup step, every rule that
 * needs it would otherwise fail or err on the same defect; the refusal is judged once, by the setup operation's own
 * rule, and the tests it blocked are listed under that rule, never as part of the verdict.
 */
import type { Results, TestResult } from './results.ts'

export interface BlockedGroup {
  /** The rule that carries the refused setup step. */
  readonly rule: string
  readonly tests: readonly string[]
  /** The first blocked test's reason: the setup step and the server's answer. */
  readonly reason?: string
  /**
   * Whether a test of the carrying rule is in these results. A run narrowed by --include/--exclude (or one shard of a
   * run) may leave it out: the refusal is then judged nowhere in them, which the reports say.
   */
  readonly judgedHere: boolean
  /**
   * Whether every test of the carrying rule in these results passed and no check reported it: the refusal that
   * blocked these tests is then judged by no test, counted zero times (the blocked step was not the request the
   * carrier judges). A harness defect, which the reports say and the negative controls fail on.
   */
  readonly carrierPassed: boolean
}

/** What a report says of a carrying rule no test of these results judged. */
export const NOT_JUDGED_HERE = 'not judged in this run: run its area too for the verdict on it'

/** What a report says of a carrying rule that passed: the refusal is judged nowhere. */
export const CARRIER_PASSED =
  'passed in this run: the refused step is judged by no test, a harness defect to report'

/** The mark a report puts beside a carrying rule, in parentheses after it (`escape` for HTML), or nothing. */
export function carrierMark(
  g: Pick<BlockedGroup, 'judgedHere' | 'carrierPassed'>,
  escape: (s: string) => string = (s) => s,
): string {
  const mark = !g.judgedHere ? NOT_JUDGED_HERE : g.carrierPassed ? CARRIER_PASSED : undefined
  return mark ? ` (${escape(mark)})` : ''
}

/**
 * `tests` with each blocked test's carrier followed through carriers that are themselves blocked here: a rule whose
 * every test was blocked judged nothing, and the rule that blocked it carries the defect (a plan's content rules are
 * blocked by scan-planning/plan/status-and-shape, which a server answering every plan "not implemented" leaves to
 * config/endpoints/declared-served). The reason keeps the step that was refused. A carrier with a test that is not
 * blocked, one not in these results (another shard's), or a cycle ends the walk.
 */
export function followCarriers<T extends Pick<TestResult, 'rule' | 'outcome' | 'blockedBy'>>(
  tests: readonly T[],
): T[] {
  const ofRule = new Map<string, T[]>()
  for (const t of tests) {
    const own = ofRule.get(t.rule)
    if (own) own.push(t)
    else ofRule.set(t.rule, [t])
  }
  // The one carrier every test of `rule` was blocked by, if every one was.
  const blockedCarrier = (rule: string): string | undefined => {
    const own = ofRule.get(rule) ?? []
    const carriers = new Set(own.map((t) => (t.outcome === 'blocked' ? t.blockedBy : undefined)))
    const [only] = carriers
    return own.length > 0 && carriers.size === 1 ? only : undefined
  }
  return tests.map((t) => {
    if (t.outcome !== 'blocked' || !t.blockedBy) return t
    let carrier = t.blockedBy
    const seen = new Set([t.rule, carrier])
    for (let next = blockedCarrier(carrier); next && !seen.has(next); next = blockedCarrier(carrier)) {
      seen.add(next)
      carrier = next
    }
    return carrier === t.blockedBy ? t : { ...t, blockedBy: carrier }
  })
}

export function blockedGroups(r: Pick<Results, 'tests'>): BlockedGroup[] {
  const groups = new Map<string, { tests: string[]; reason?: string }>()
  for (const t of r.tests) {
    if (t.outcome !== 'blocked') continue
    const rule = t.blockedBy ?? 'unknown'
    let g = groups.get(rule)
    if (!g) {
      g = { tests: [], ...((t.reason ?? t.message) ? { reason: t.reason ?? t.message } : {}) }
      groups.set(rule, g)
    }
    g.tests.push(t.id)
  }
  const judged = new Set(r.tests.filter((t) => t.outcome !== 'blocked').map((t) => t.rule))
  const notPassed = new Set(r.tests.filter((t) => t.outcome !== 'pass').map((t) => t.rule))
  const reported = new Set(r.tests.flatMap((t) => t.violations.map((v) => v.rule)))
  return [...groups.entries()]
    .map(([rule, g]) => ({
      rule,
      ...g,
      judgedHere: judged.has(rule),
      carrierPassed: judged.has(rule) && !notPassed.has(rule) && !reported.has(rule),
    }))
    .sort((a, b) => b.tests.length - a.tests.length || a.rule.localeCompare(b.rule))
}

/** Console lines: one per carrying rule. */
export function blockedLines(r: Pick<Results, 'tests'>): string[] {
  const groups = blockedGroups(r)
  if (groups.length === 0) return []
  const n = groups.reduce((s, g) => s + g.tests.length, 0)
  return [
    `blocked (${n} test(s); a setup step the server refused, judged by the rule that carries it, not part of the verdict):`,
    ...groups.map(
      (g) =>
        `  ${g.rule}${carrierMark(g)}: ${g.tests.length} test(s)${g.reason ? ` — e.g. ${g.reason.split('\n')[0]}` : ''}`,
    ),
  ]
}
