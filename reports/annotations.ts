/**
 * GitHub Actions workflow commands for a run, printed only when GITHUB_ACTIONS=true: one `::error` per violated
 * MUST rule and one `::warning` per violated SHOULD rule (grouped, as every report is, so one broken envelope is
 * one annotation, not a hundred), and one `::error` per harness error. They carry no `file=`: the test files are
 * the harness's, not the vendor's; the annotation names the rule, the operations and a curl line against the
 * vendor's server instead.
 */
import type { Results, TestResult } from './results.ts'
import { violatedRules } from './violated-rules.ts'

/** Escaping of a command's message (GitHub's toolkit: %, CR, LF). */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** Escaping of a command's property values (also `:` and `,`, which delimit properties). */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

const MESSAGE_LIMIT = 2000

/** The annotation lines of a run (at most `limit`). */
export function annotationLines(r: Pick<Results, 'tests' | 'errors'>, limit = 50): string[] {
  const out: string[] = []
  for (const v of violatedRules(r)) {
    const kind = v.level === 'MUST' ? 'error' : 'warning'
    const title = `${v.rule} [${v.level}] broken in ${v.tests.length} test(s)`
    const body = [
      `operations: ${v.operations.join(', ')}`,
      `e.g. ${v.example.title}: ${v.example.message}`,
      ...(v.example.curl ? [v.example.curl] : []),
    ]
      .join('\n')
      .slice(0, MESSAGE_LIMIT)
    out.push(`::${kind} title=${escapeProperty(title)}::${escapeData(body)}`)
  }
  // A test that errored (a setup step refused, a harness bug) has no violation to group under: one line each.
  for (const t of r.tests.filter(unexplained))
    out.push(
      `::error title=${escapeProperty(`${t.rule} [${t.level}] ${t.outcome === 'error' ? '(harness or setup error) ' : ''}${t.title}`)}::${escapeData((t.message ?? '').slice(0, MESSAGE_LIMIT))}`,
    )
  for (const e of r.errors) out.push(`::error title=${escapeProperty('harness error')}::${escapeData(e)}`)
  return out.slice(0, limit)
}

function unexplained(t: TestResult): boolean {
  // Failures are all in violatedRules (a failure without a violation under the test's own rule); errors are not.
  return t.outcome === 'error'
}
