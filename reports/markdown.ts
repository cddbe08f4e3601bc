/** The Markdown summary for CI (also appended to $GITHUB_STEP_SUMMARY when set). */
import { OUTCOMES } from './results.ts'
import type { Results } from './results.ts'

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

export function renderMarkdown(r: Results): string {
  const lines = [
    `## catalog-conformance: ${r.verdict}`,
    '',
    `Target \`${r.target.url}\`, profile ${r.profile}, seed ${r.seed}.`,
    '',
    `| ${OUTCOMES.join(' | ')} | total |`,
    `|${OUTCOMES.map(() => '---').join('|')}|---|`,
    `| ${OUTCOMES.map((o) => r.summary[o]).join(' | ')} | ${r.summary.total} |`,
  ]
  const failures = r.tests.filter((t) => t.outcome === 'fail' || t.outcome === 'error')
  if (failures.length > 0) {
    lines.push('', '| outcome | rule | test | message |', '|---|---|---|---|')
    for (const t of failures)
      lines.push(
        `| ${t.outcome} | ${cell(t.rule)} | ${cell(t.title)} | ${cell((t.message ?? '').split('\n')[0] ?? '')} |`,
      )
  }
  return lines.join('\n') + '\n'
}
