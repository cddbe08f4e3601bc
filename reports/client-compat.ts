/**
 * Client compatibility: findings at the CLIENT level (schemas/rules/catalog.ts), what breaks Apache Iceberg's Java
 * client although the spec leaves it open — today the error `type` its handlers dispatch on. Every report gives them a
 * line of their own beside the verdict; they never change an outcome, the verdict or the exit code.
 */
import { findingsAt } from './findings.ts'
import type { Finding } from './findings.ts'
import type { Results } from './results.ts'

export type ClientFinding = Finding

export function clientFindingsOf(r: Pick<Results, 'tests'>): ClientFinding[] {
  return findingsAt(r, 'CLIENT')
}

/** The one-line summary every report shows beside the verdict. */
export function clientCompatLine(r: Pick<Results, 'tests'>): string {
  const found = clientFindingsOf(r)
  const tests = new Set(found.map((f) => f.test)).size
  return found.length === 0
    ? "client compatibility (Iceberg's Java client; not part of the verdict): no findings"
    : `client compatibility (Iceberg's Java client; not part of the verdict): ${found.length} finding(s) in ${tests} test(s)`
}
