/** Writes every report of a run into the report directory. */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderHtml } from './html.ts'
import { renderMarkdown } from './markdown.ts'
import type { Results } from './results.ts'

export function writeReports(results: Results, dir: string): string[] {
  mkdirSync(dir, { recursive: true })
  const files: [string, string][] = [
    ['results.json', JSON.stringify(results, null, 2) + '\n'],
    ['report.html', renderHtml(results)],
    ['summary.md', renderMarkdown(results)],
  ]
  for (const [name, content] of files) writeFileSync(join(dir, name), content)
  const step = process.env.GITHUB_STEP_SUMMARY
  if (step) appendFileSync(step, renderMarkdown(results))
  return files.map(([name]) => join(dir, name))
}
