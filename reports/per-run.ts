/**
 * What the reports derive from a run's tests (its defects, its coverage) is asked for by several of them in one
 * writing (results.json, the HTML and Markdown reports, the console): worked out once per list of tests and kept
 * while that list lives. A list is never changed once the run's results are built (a merge or a re-render builds a
 * new one). `variant` names what else the value depends on (the run id, the profile).
 */
import type { TestResult } from './results.ts'

export function perRun<R extends { readonly tests: readonly TestResult[] }, V>(
  variant: (r: R) => string | undefined,
  derive: (r: R) => V,
): (r: R) => V {
  const known = new WeakMap<readonly TestResult[], { variant: string | undefined; value: V }>()
  return (r) => {
    const k = known.get(r.tests)
    const v = variant(r)
    if (k && k.variant === v) return k.value
    const value = derive(r)
    known.set(r.tests, { variant: v, value })
    return value
  }
}
