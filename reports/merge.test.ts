import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { mergeResults } from './merge.ts'
import { renderMatrixHtml, renderMatrixMarkdown } from './matrix.ts'
import { defectsOf } from './defects.ts'
import type { Results } from './results.ts'
import { summarize } from './results.ts'

const full = loadFixture('results-realistic.json')
const half = (r: Results, even: boolean): Results => ({
  ...r,
  runId: even ? 'a' : 'b',
  tests: r.tests.filter((_, i) => i % 2 === (even ? 0 : 1)),
})

describe('report merge', () => {
  it('combines shards into the same tests, summary and verdict as one run', () => {
    const merged = mergeResults([half(full, true), half(full, false)])
    expect(merged.tests.map((t) => t.id).sort()).toEqual(full.tests.map((t) => t.id).sort())
    expect(merged.summary).toEqual(summarize(full.tests))
    expect(merged.verdict).toBe(full.verdict)
    expect(merged.runId).toBe('a+b')
  })

  it('refuses shards of different certifications and overlapping shards', () => {
    expect(() => mergeResults([full, { ...half(full, true), profile: '1.9' }])).toThrow(/differ in profile/)
    expect(() => mergeResults([full, half(full, true)])).toThrow(/more than one shard/)
    expect(() => mergeResults([])).toThrow(/at least one/)
    // Started targets listen on a new port in every shard: the kind tells two of them apart.
    const started = (kind: string, port: number, even: boolean): Results => ({
      ...half(full, even),
      target: { kind, url: `http://127.0.0.1:${port}` },
    })
    expect(mergeResults([started('rustberg', 1, true), started('rustberg', 2, false)]).tests).toHaveLength(
      full.tests.length,
    )
    expect(() =>
      mergeResults([started('rustberg', 1, true), started('iceberg-rest-fixture', 2, false)]),
    ).toThrow('shards certify different targets: --target rustberg and --target iceberg-rest-fixture')
  })
})

describe('report matrix', () => {
  const clean: Results = {
    ...full,
    verdict: 'conformant',
    tests: full.tests.map((t) => ({ ...t, outcome: 'pass', violations: [] })),
  }
  const columns = [
    { label: 'server-a', results: clean },
    { label: 'server-b <1.0>', results: full },
  ]

  it('shows each target with its verdict and areas, and every violated rule against every target', () => {
    const md = renderMatrixMarkdown(columns)
    // The defects column: none where nothing was violated, defectsOf's count where something was.
    expect(md).toMatch(/\| server-a \| conformant \| \d+\/\d+ \| \d+ \| 0 \|/)
    expect(defectsOf(full).length).toBeGreaterThan(0)
    expect(md).toContain(`| ${full.summary.fail} | ${defectsOf(full).length} |`)
    expect(md).toMatch(/\| server-b &lt;1\.0&gt; \| nonconformant \|/)
    expect(md).toMatch(/\| namespaces\/create\/exists-409 \| MUST \| ✓ \| ✗ 1 \|/)
  })

  it('renders a self-contained, escaped page', () => {
    const html = renderMatrixHtml(columns)
    expect(html).toContain('server-b &lt;1.0&gt;')
    expect(html).not.toContain('<1.0>')
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//)
  })
})
