/**
 * The end-of-run hint for rules that were not judged because the run lacked something (a warehouse, a read-only or
 * expired token, OAuth client credentials): which flags would let them run, and how many rules each unlocks.
 */
import type { Results } from './results.ts'

/** `--read-only-token` → number of rules waiting for it, from the reasons the tests gave. */
export function missingFlags(r: Pick<Results, 'tests'>): Map<string, number> {
  const flags = new Map<string, number>()
  for (const t of r.tests) {
    if (t.outcome !== 'not-configured') continue
    const named = new Set((t.reason ?? '').match(/--[a-z][a-z-]*/g) ?? ['(see the reason in the report)'])
    for (const f of named) flags.set(f, (flags.get(f) ?? 0) + 1)
  }
  return flags
}

export function notConfiguredHint(r: Pick<Results, 'tests'>): string | undefined {
  const flags = missingFlags(r)
  if (flags.size === 0) return undefined
  const n = r.tests.filter((t) => t.outcome === 'not-configured').length
  const list = [...flags.entries()].map(([f, c]) => `${f} (${c})`).join(', ')
  return `not configured: ${n} rule(s) need what this run was not given; to judge them, pass ${list}`
}
