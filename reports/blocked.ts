/**
 * Blocked tests, grouped by the rule that carries the refusal. When the server refuses a setup step, every rule that
 * needs it would otherwise fail or err on the same defect; the refusal is judged once, by the setup operation's own
 * rule, and the tests it blocked are listed under that rule, never as part of the verdict.
 */
import type { Results } from './results.ts'

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
}

/** What a report says of a carrying rule no test of these results judged. */
export const NOT_JUDGED_HERE = 'not judged in this run: run its area too for the verdict on it'

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
  return [...groups.entries()]
    .map(([rule, g]) => ({ rule, ...g, judgedHere: judged.has(rule) }))
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
        `  ${g.rule}${g.judgedHere ? '' : ` (${NOT_JUDGED_HERE})`}: ${g.tests.length} test(s)${g.reason ? ` — e.g. ${g.reason.split('\n')[0]}` : ''}`,
    ),
  ]
}
