/**
 * GitHub Actions workflow commands for a run: one `::error` per failing or erroring test and `::warning`
 * per warning, so failures show up on the pull request. Printed only when GITHUB_ACTIONS=true.
 */
import type { Results, TestResult } from './results.ts'

/** Escaping of a command's message (GitHub's toolkit: %, CR, LF). */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** Escaping of a command's property values (also `:` and `,`, which delimit properties). */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

const MESSAGE_LIMIT = 2000

function line(kind: 'error' | 'warning', t: TestResult): string {
  const title = `${t.rule} [${t.level}] ${t.outcome === 'error' ? '(harness error) ' : ''}${t.title}`
  const body = `${t.title}\n${t.message ?? t.reason ?? ''}`.trim().slice(0, MESSAGE_LIMIT)
  return `::${kind} file=${escapeProperty(t.file)},title=${escapeProperty(title)}::${escapeData(body)}`
}

/** The annotation lines of a run (fail and error as errors, warn as warnings; at most `limit`). */
export function annotationLines(r: Pick<Results, 'tests' | 'errors'>, limit = 50): string[] {
  const out: string[] = []
  for (const t of r.tests) {
    if (t.outcome === 'fail' || t.outcome === 'error') out.push(line('error', t))
    else if (t.outcome === 'warn') out.push(line('warning', t))
  }
  for (const e of r.errors) out.push(`::error title=${escapeProperty('harness error')}::${escapeData(e)}`)
  return out.slice(0, limit)
}
