import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { cell, renderMarkdown } from './markdown.ts'

describe('summary.md', () => {
  it('has the verdict, counts, matrix, coverage table and failures', () => {
    const md = renderMarkdown(loadFixture('results-realistic.json'))
    expect(md).toMatch(/^## catalog-conformance: nonconformant\n/)
    expect(md).toContain('| 15 | 3 | 1 | 3 | 0 | 1 | 0 | 1 | 24 | 0 |')
    expect(md).toContain('| namespaces | 4 | 1 | 0 | 0 | 0 | 0 | 0 |')
    expect(md).toContain('| spec part | covered | not covered |')
    expect(md).toMatch(/\| Operations \| \d+\/32 \(\d+%\) \|/)
    expect(md).toMatch(/\| Query parameters \| 3\/14 \(21%\) \| .*loadTable snapshots/)
    expect(md).toMatch(/\| Headers \| 1\/23 \(4%\) \| createNamespace Idempotency-Key/)
    expect(md).toMatch(/\| Request fields \| 9\/69 \(13%\) \| getToken grant_type, .* … \(\+48\)/)
    expect(md).toMatch(/\| Requirement kinds \| 4\/9 \(44%\) \| assert-create, /)
    expect(md).toContain(
      '| fail | creating an existing namespace is 409 · namespaces/create/exists-409 [MUST] | — |',
    )
    // The violated rules lead, before the matrix and the per-test table.
    expect(md.indexOf('### Violated rules (2)')).toBeLessThan(md.indexOf('### Matrix'))
    expect(md).toContain('| namespaces/create/exists-409 | MUST | 1 | createNamespace |')
    expect(md).toContain('MUST rules met: 13/16.')
  })

  it('escapes server text so it cannot add markup, break the table or open code spans', () => {
    expect(cell('a|b\n<img onerror=x>`x`')).toBe("a\\|b &lt;img onerror=x&gt;'x'")
    const md = renderMarkdown(loadFixture('results-hostile.json'))
    expect(md).not.toMatch(/<(script|img|svg|iframe|a |b>|style)/i)
    for (const line of md.split('\n').filter((l) => l.startsWith('| fail')))
      expect(line.replace(/\\\|/g, '').split('|')).toHaveLength(6)
  })
})

describe('the sources of violated rules', () => {
  it('gives each violated rule its public link and the sentence it enforces', () => {
    const md = renderMarkdown(loadFixture('results-realistic.json'))
    expect(md).toContain(
      '[REST OpenAPI 1.11.0: createNamespace 409](https://github.com/apache/iceberg/blob/apache-iceberg-1.11.0/open-api/rest-catalog-open-api.yaml): “Conflict - The namespace already exists”<br>Basis: documented-response — the quoted sentence |',
    )
    // A rule with no text says so (config/endpoints/served-advertised, SHOULD).
    expect(md).toMatch(/\| config\/endpoints\/served-advertised \| SHOULD \|[^\n]*<br>Basis: none \|/)
  })

  it('says under the heading why a run is no verdict, when something outside its tests made it so', () => {
    const r = loadFixture('results-realistic.json')
    const stopped = 'the catalog stopped answering: 5 requests in a row had no response | <b>'
    const md = renderMarkdown({ ...r, verdict: 'error', errors: [stopped, 'another'] })
    expect(md.split('\n').slice(0, 6).join('\n')).toContain(
      '**Why no verdict:** the catalog stopped answering: 5 requests in a row had no response \\| &lt;b&gt; (1 more under Harness errors)',
    )
    expect(renderMarkdown({ ...r, errors: [stopped] })).not.toContain('Why no verdict')
  })
})

describe('summary.md: defects', () => {
  it('leads with "N defects", then a table of them before the violated rules', () => {
    const md = renderMarkdown(loadFixture('results-fixture-1.11.0.json'))
    const lead = /\*\*(\d+) defect\(s\) behind (\d+) violated rule\(s\)\.\*\*/.exec(md)
    expect(lead).not.toBeNull()
    expect(md.indexOf('### Defects (')).toBeLessThan(md.indexOf('### Violated rules ('))
    expect(md).toMatch(/\| D1 \| MUST \| .+ \| \d+ \| <code>curl /)
  })

  it('escapes a defect’s title in its table', () => {
    const r = loadFixture('results-hostile.json')
    expect(renderMarkdown(r)).not.toMatch(/\| D\d+ \|[^\n]*<script/)
  })
})
