/**
 * Advisories: findings outside the Iceberg spec (suites/robustness/advisories.test.ts), listed apart from the
 * verdict in every report. They never change an outcome or the exit code.
 */
import type { Results } from './results.ts'

export interface Advisory {
  readonly rule: string
  readonly finding: string
}

export function advisoriesOf(r: Pick<Results, 'tests'>): Advisory[] {
  return r.tests.flatMap((t) => (t.advisories ?? []).map((finding) => ({ rule: t.rule, finding })))
}
