import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { renderHtml } from './html.ts'
import { validateResults } from './results-schema.ts'

describe('the target log in the reports', () => {
  const r = loadFixture('results-realistic.json')
  const withLog = {
    ...r,
    targetLog: {
      source: 'container cat:1',
      lines: ['reference server listening on http://0.0.0.0:8181', '<script>alert(1)</script> & "quoted"'],
    },
  }

  it('results.json may carry it (the schema says what it is)', () => {
    expect(validateResults(withLog)).toEqual([])
    expect(validateResults({ ...r, targetLog: { source: 'x' } })).not.toEqual([])
  })

  it('report.html shows it, escaped as every text a server wrote; absent, no section', () => {
    const html = renderHtml(withLog)
    expect(html).toContain('<h2 id="target-log">Target log</h2>')
    expect(html).toContain('The last 2 line(s) of container cat:1')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot;')
    expect(html).not.toContain('<script>alert(1)')
    expect(renderHtml(r)).not.toContain('id="target-log"')
  })
})
