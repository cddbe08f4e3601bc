/**
 * Robustness findings: a server error (5xx, with the error envelope) to a request the document names no other answer
 * for, such as schema-valid but unusual input (a very long name, a page token the server never issued, a v3 type).
 * The document lists 5XX for every operation ("A server-side problem that might not be addressable from the client
 * side"), so such an answer breaks no rule; it is still worth fixing. Every report gives the findings a section of
 * their own, each with its transcript, counted apart from the outcomes; they are part of the verdict only when the
 * run asks for it (`--fail-on robustness`).
 */
import { findingsAt } from './findings.ts'
import type { Finding } from './findings.ts'
import type { Results } from './results.ts'

export type RobustnessFinding = Finding

export function robustnessFindingsOf(r: Pick<Results, 'tests'>): RobustnessFinding[] {
  return findingsAt(r, 'ROBUSTNESS')
}

/** Whether the run counted robustness findings in its verdict (`--fail-on robustness`, recorded in its config). */
export function failsOnRobustness(r: Pick<Results, 'config'>): boolean {
  const failOn = r.config['failOn']
  return Array.isArray(failOn) && failOn.includes('robustness')
}

/** The one-line summary every report shows beside the verdict. */
export function robustnessLine(r: Pick<Results, 'tests'>, failOn: boolean): string {
  const found = robustnessFindingsOf(r)
  const tests = new Set(found.map((f) => f.test)).size
  const part = failOn ? 'part of the verdict: --fail-on robustness' : 'not part of the verdict'
  return found.length === 0
    ? `robustness (server errors where the spec names no other answer; ${part}): no findings`
    : `robustness (server errors where the spec names no other answer; ${part}): ${found.length} finding(s) in ${tests} test(s)`
}

/** Console lines: each finding, at most `limit`, with its curl line. */
export function robustnessLines(r: Pick<Results, 'tests'>, failOn: boolean, limit = 10): string[] {
  const found = robustnessFindingsOf(r)
  const lines = [robustnessLine(r, failOn)]
  for (const f of found.slice(0, limit)) {
    lines.push(`  ${f.operationId}: ${f.message}`, `       in ${f.title}`)
    if (f.curl) lines.push(`       ${f.curl}`)
  }
  if (found.length > limit) lines.push(`  … and ${found.length - limit} more in report.html`)
  return lines
}
