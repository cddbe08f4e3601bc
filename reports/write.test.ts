import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { redactUrl, writeReports } from './write.ts'

const dir = mkdtempSync(join(tmpdir(), 'cc-write-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('writeReports', () => {
  it('writes results.json, report.html, summary.md, badge.svg and junit.xml; no annotations outside Actions', () => {
    const out = join(dir, 'plain')
    const lines: string[] = []
    const files = writeReports(loadFixture('results-realistic.json'), out, {
      env: {},
      log: (l) => lines.push(l),
    })
    expect(readdirSync(out).sort()).toEqual([
      'badge.svg',
      'junit.xml',
      'report.html',
      'results.json',
      'summary.md',
    ])
    expect(files).toHaveLength(5)
    expect(lines).toEqual([])
  })

  it('in GitHub Actions, appends the summary to $GITHUB_STEP_SUMMARY and prints annotations', () => {
    const step = join(dir, 'step.md')
    const lines: string[] = []
    const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: step }
    writeReports(loadFixture('results-realistic.json'), join(dir, 'gha'), { env, log: (l) => lines.push(l) })
    expect(readFileSync(step, 'utf8')).toBe(readFileSync(join(dir, 'gha', 'summary.md'), 'utf8'))
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(4)
  })

  it('removes credentials from the target URL', () => {
    const r = loadFixture('results-realistic.json')
    const out = join(dir, 'userinfo')
    writeReports({ ...r, target: { ...r.target, url: 'https://alice:s3cr3t-pw@catalog.example/api' } }, out, {
      env: {},
    })
    for (const f of readdirSync(out)) expect(readFileSync(join(out, f), 'utf8')).not.toContain('s3cr3t-pw')
    expect(redactUrl('https://alice:pw@h.example/x')).toBe('https://h.example/x')
    expect(redactUrl('https://h.example/x/')).toBe('https://h.example/x/')
    expect(redactUrl('not a url')).toBe('not a url')
  })
})
