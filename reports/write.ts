/**
 * Writes every report of a run into the report directory: results.json, report.html, summary.md and
 * badge.svg and junit.xml. In GitHub Actions it also
 * appends the summary to $GITHUB_STEP_SUMMARY and prints `::error` annotations for failures.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { annotationLines } from './annotations.ts'
import { renderBadge } from './badge.ts'
import { renderHtml } from './html.ts'
import { renderJunit } from './junit.ts'
import { renderMarkdown } from './markdown.ts'
import { defectRecords } from './defects.ts'
import type { Results } from './results.ts'

export interface WriteOptions {
  /** Where GITHUB_ACTIONS and GITHUB_STEP_SUMMARY are read (default: process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** Where annotation lines go (default: stdout). */
  readonly log?: (line: string) => void
}

/** Removes user info from a URL (`https://user:pass@host` → `https://host`); anything unparsable is kept. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (!u.username && !u.password) return url
    u.username = ''
    u.password = ''
    return u.toString().replace(/\/$/, url.endsWith('/') ? '/' : '')
  } catch {
    return url
  }
}

/** Writes the reports and returns their paths. */
export function writeReports(results: Results, dir: string, opts: WriteOptions = {}): string[] {
  const env = opts.env ?? process.env
  const log = opts.log ?? ((line: string) => process.stdout.write(line + '\n'))
  // The defects are derived from the tests: recomputed here, so a re-render or a merge never keeps stale ones.
  const r: Results = {
    ...results,
    target: { ...results.target, url: redactUrl(results.target.url) },
    defects: defectRecords(results),
  }
  mkdirSync(dir, { recursive: true })
  const summary = renderMarkdown(r)
  const files: [string, string][] = [
    ['results.json', JSON.stringify(r, null, 2) + '\n'],
    ['report.html', renderHtml(r)],
    ['summary.md', summary],
    ['badge.svg', renderBadge(r)],
    ['junit.xml', renderJunit(r)],
  ]
  for (const [name, content] of files) writeFileSync(join(dir, name), content)
  const step = env.GITHUB_STEP_SUMMARY
  if (step) appendFileSync(step, summary)
  if (env.GITHUB_ACTIONS === 'true') for (const line of annotationLines(r)) log(line)
  return files.map(([name]) => join(dir, name))
}
