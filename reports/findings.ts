/**
 * Findings reported beside the verdict, by their level: CLIENT (client-compat.ts) and ROBUSTNESS (robustness.ts).
 * Each is a violation a test recorded without it changing the test's outcome, with the test it came from.
 */
import type { Level } from '../suites/_harness/results/violation.ts'
import type { Results } from './results.ts'

export interface Finding {
  readonly rule: string
  readonly operationId: string
  readonly test: string
  readonly title: string
  readonly message: string
  readonly status?: number
  readonly curl?: string
}

export function findingsAt(r: Pick<Results, 'tests'>, level: Level): Finding[] {
  return r.tests.flatMap((t) =>
    t.violations
      .filter((v) => v.level === level)
      .map((v) => ({
        rule: v.rule,
        operationId: v.operationId ?? t.operationId,
        test: t.id,
        title: t.title,
        message: v.message,
        ...(v.status !== undefined ? { status: v.status } : {}),
        ...(v.curl ? { curl: v.curl } : {}),
      })),
  )
}
