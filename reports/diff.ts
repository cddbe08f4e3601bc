/**
 * `report diff A.json B.json`: what changed between two runs (or two vendors). Tests are matched by id;
 * a test only in B that fails counts as newly failing. Exit 1 when something newly fails.
 */
import type { Outcome } from '../suites/_harness/results/meta.ts'
import type { Results, TestResult } from './results.ts'
import { violatedRules, type ViolatedRule } from './violated-rules.ts'

export interface Change {
  readonly id: string
  readonly rule: string
  /** Outcome in A; absent when the test is new in B. */
  readonly before?: Outcome
  /** Outcome in B; absent when the test is gone in B. */
  readonly after?: Outcome
}

export interface ResultsDiff {
  readonly newlyFailing: readonly Change[]
  readonly newlyErroring: readonly Change[]
  readonly newlyPassing: readonly Change[]
  readonly newlyUnsupported: readonly Change[]
  /** Every other change of outcome, and tests added or removed. */
  readonly other: readonly Change[]
  readonly unchanged: number
  /** Rules violated in B and not in A (each once, with how many tests), and rules violated in A no longer in B. */
  readonly newlyViolated: readonly ViolatedRule[]
  readonly noLongerViolated: readonly ViolatedRule[]
}

type Bucket = 'newlyFailing' | 'newlyErroring' | 'newlyPassing' | 'newlyUnsupported' | 'other'

function bucketOf(before: Outcome | undefined, after: Outcome | undefined): Bucket {
  if (after === 'fail') return 'newlyFailing'
  if (after === 'error') return 'newlyErroring'
  if (after === 'pass' && before !== undefined) return 'newlyPassing'
  if (after === 'unsupported') return 'newlyUnsupported'
  return 'other'
}

/** The changes from A to B. */
export function diffResults(a: Pick<Results, 'tests'>, b: Pick<Results, 'tests'>): ResultsDiff {
  const before = new Map<string, TestResult>(a.tests.map((t) => [t.id, t]))
  const after = new Map<string, TestResult>(b.tests.map((t) => [t.id, t]))
  const out: Record<Bucket, Change[]> = {
    newlyFailing: [],
    newlyErroring: [],
    newlyPassing: [],
    newlyUnsupported: [],
    other: [],
  }
  let unchanged = 0
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort()
  for (const id of ids) {
    const x = before.get(id)
    const y = after.get(id)
    if (x && y && x.outcome === y.outcome) {
      unchanged++
      continue
    }
    const change: Change = {
      id,
      rule: (y ?? x)!.rule,
      ...(x ? { before: x.outcome } : {}),
      ...(y ? { after: y.outcome } : {}),
    }
    out[bucketOf(x?.outcome, y?.outcome)].push(change)
  }
  const rulesA = new Map(violatedRules(a).map((v) => [v.rule, v]))
  const rulesB = new Map(violatedRules(b).map((v) => [v.rule, v]))
  return {
    ...out,
    unchanged,
    newlyViolated: [...rulesB.values()].filter((v) => !rulesA.has(v.rule)),
    noLongerViolated: [...rulesA.values()].filter((v) => !rulesB.has(v.rule)),
  }
}

const HEADINGS: readonly [Bucket, string][] = [
  ['newlyFailing', 'Newly failing'],
  ['newlyErroring', 'Newly erroring (harness or setup)'],
  ['newlyPassing', 'Newly passing'],
  ['newlyUnsupported', 'Newly unsupported'],
  ['other', 'Other changes'],
]

/** The diff as console lines. */
export function formatDiff(d: ResultsDiff, labelA = 'A', labelB = 'B'): string[] {
  const lines: string[] = [`diff ${labelA} → ${labelB}`]
  // The causes first: a rule newly broken in forty tests is one thing to fix.
  if (d.newlyViolated.length > 0) {
    lines.push('', `Newly violated rules (${d.newlyViolated.length}):`)
    for (const v of d.newlyViolated)
      lines.push(`  ${v.rule} [${v.level}] — ${v.tests.length} test(s): ${v.operations.join(', ')}`)
  }
  if (d.noLongerViolated.length > 0) {
    lines.push('', `No longer violated (${d.noLongerViolated.length}):`)
    for (const v of d.noLongerViolated) lines.push(`  ${v.rule} [${v.level}]`)
  }
  for (const [key, heading] of HEADINGS) {
    const items = d[key]
    if (items.length === 0) continue
    lines.push('', `${heading} (${items.length}):`)
    for (const c of items) lines.push(`  ${c.before ?? '(new)'} → ${c.after ?? '(gone)'}  ${c.rule}  ${c.id}`)
  }
  lines.push(
    '',
    `${d.newlyFailing.length} newly failing, ${d.newlyPassing.length} newly passing, ${d.newlyUnsupported.length} newly unsupported, ${d.newlyErroring.length} newly erroring, ${d.other.length} other, ${d.unchanged} unchanged`,
  )
  return lines
}

/** 1 when something newly fails, else 0. */
export function diffExitCode(d: ResultsDiff): number {
  return d.newlyFailing.length > 0 ? 1 : 0
}
