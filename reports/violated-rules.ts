/**
 * Failures grouped by cause. One broken rule (say, the error envelope) shows up in every test that sees an error;
 * read test by test, four faults look like a hundred unrelated failures. Every report leads with this list: each
 * violated rule once, with its level, how many tests and operations it broke, and one example to reproduce.
 */
import type { Level, Violation } from '../suites/_harness/results/violation.ts'
import type { Results, TestResult } from './results.ts'

export interface ViolatedRule {
  readonly rule: string
  readonly level: Level
  /** Ids of the tests in which the rule was violated. */
  readonly tests: readonly string[]
  /** Operations whose exchanges broke it. */
  readonly operations: readonly string[]
  readonly example: {
    readonly test: string
    readonly title: string
    readonly message: string
    readonly curl?: string
    readonly status?: number
  }
}

const LEVEL_ORDER: Record<Level, number> = { MUST: 0, SHOULD: 1, MAY: 2, CLIENT: 3, ROBUSTNESS: 4 }

/** Tests whose violations reached the verdict: a MAY is only recorded, and a pass keeps nothing to act on. */
function judged(t: TestResult): boolean {
  return t.outcome === 'fail' || t.outcome === 'warn'
}

/** Violated MUST and SHOULD rules, MUST first, then by how many tests each broke. */
export function violatedRules(r: Pick<Results, 'tests'>): ViolatedRule[] {
  const groups = new Map<
    string,
    { level: Level; tests: Set<string>; operations: Set<string>; example: ViolatedRule['example'] }
  >()
  for (const t of r.tests) {
    if (!judged(t)) continue
    // A test that failed without recording a MUST violation (a thrown assertion) broke its own rule.
    const own: Violation[] =
      t.outcome === 'fail' && !t.violations.some((v) => v.level === 'MUST')
        ? [{ check: 'test', rule: t.rule, level: 'MUST', message: t.message ?? 'the test failed' }]
        : []
    for (const v of [...t.violations, ...own]) {
      // MAY is only recorded; CLIENT and ROBUSTNESS findings have lists of their own (client-compat.ts,
      // robustness.ts), never the verdict's.
      if (v.level === 'MAY' || v.level === 'CLIENT' || v.level === 'ROBUSTNESS') continue
      let g = groups.get(v.rule)
      if (!g) {
        g = {
          level: v.level,
          tests: new Set(),
          operations: new Set(),
          example: {
            test: t.id,
            title: t.title,
            message: v.message,
            ...(v.curl ? { curl: v.curl } : {}),
            ...(v.status !== undefined ? { status: v.status } : {}),
          },
        }
        groups.set(v.rule, g)
      }
      // The same rule may be judged at MUST by one test and SHOULD by another (profile-dependent levels): keep the
      // stronger, which is what made a test fail.
      if (LEVEL_ORDER[v.level] < LEVEL_ORDER[g.level]) g.level = v.level
      g.tests.add(t.id)
      g.operations.add(v.operationId ?? t.operationId)
    }
  }
  return [...groups.entries()]
    .map(([rule, g]) => ({
      rule,
      level: g.level,
      tests: [...g.tests],
      operations: [...g.operations].sort(),
      example: g.example,
    }))
    .sort(
      (a, b) =>
        LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
        b.tests.length - a.tests.length ||
        a.rule.localeCompare(b.rule),
    )
}

/** Failed tests whose outcome came from a rule other than their own: "this SHOULD test failed because MUST x broke". */
export function brokenBy(t: TestResult): string[] {
  if (t.outcome !== 'fail') return []
  return [...new Set(t.violations.filter((v) => v.level === 'MUST' && v.rule !== t.rule).map((v) => v.rule))]
}

/** Console lines: the violated rules, at most `limit`, each with one reproduction. */
export function violatedRuleLines(r: Pick<Results, 'tests'>, limit = 10): string[] {
  const rules = violatedRules(r)
  if (rules.length === 0) return []
  const lines = [`violated rules (${rules.length}):`]
  for (const v of rules.slice(0, limit)) {
    lines.push(
      `  ${v.level === 'MUST' ? 'FAIL' : 'WARN'} ${v.rule} [${v.level}] — ${v.tests.length} test(s), ${v.operations.length} operation(s): ${v.operations.join(', ')}`,
      `       e.g. ${v.example.title}: ${firstLine(v.example.message)}`,
    )
    if (v.example.curl) lines.push(`       ${v.example.curl}`)
  }
  if (rules.length > limit) lines.push(`  … and ${rules.length - limit} more in report.html`)
  return lines
}

function firstLine(s: string): string {
  const line = s.split('\n')[0] ?? ''
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}
