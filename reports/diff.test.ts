import { describe, expect, it } from 'vitest'
import { diffExitCode, diffResults, formatDiff } from './diff.ts'
import { loadFixture } from './fixtures.ts'

describe('diffResults', () => {
  const a = loadFixture('results-realistic.json')
  const b = loadFixture('results-vendor-b.json')

  it('sorts changes into newly failing, passing, unsupported and other', () => {
    const d = diffResults(a, b)
    expect(d.newlyFailing.map((c) => [c.rule, c.before, c.after])).toEqual([
      ['namespaces/list/parent-direct-children', 'pass', 'fail'],
      ['tables/drop/missing-404', undefined, 'fail'],
    ])
    expect(d.newlyPassing.map((c) => c.rule)).toEqual(['namespaces/create/exists-409'])
    expect(d.newlyUnsupported.map((c) => c.rule)).toEqual(['tables/register/from-metadata-location'])
    expect(d.other.map((c) => [c.rule, c.before, c.after])).toEqual([
      ['pagination/listTables/page-size-upper-bound', 'pass', undefined],
    ])
    expect(d.unchanged).toBe(a.tests.length - 4)
    expect(diffExitCode(d)).toBe(1)
  })

  it('leads with the rules newly violated and no longer violated', () => {
    const d = diffResults(a, b)
    expect(d.newlyViolated.map((v) => v.rule)).toContain('namespaces/list/parent-direct-children')
    expect(d.noLongerViolated.map((v) => v.rule)).toContain('namespaces/create/exists-409')
    const lines = formatDiff(d)
    expect(lines.indexOf(lines.find((l) => l.startsWith('Newly violated rules'))!)).toBeLessThan(
      lines.indexOf(lines.find((l) => l.startsWith('Newly failing'))!),
    )
  })

  it('exits 0 when nothing newly fails, and on identical runs', () => {
    const d = diffResults(a, a)
    expect(d.unchanged).toBe(a.tests.length)
    expect(diffExitCode(d)).toBe(0)
    const onlyFixed = diffResults(a, {
      tests: a.tests.map((t) =>
        t.rule === 'namespaces/create/exists-409' ? { ...t, outcome: 'pass' as const } : t,
      ),
    })
    expect(onlyFixed.newlyPassing).toHaveLength(1)
    expect(diffExitCode(onlyFixed)).toBe(0)
  })

  it('prints each change with its rule and id, and a count line', () => {
    const lines = formatDiff(diffResults(a, b), 'a.json', 'b.json')
    expect(lines[0]).toBe('diff a.json → b.json')
    expect(lines).toContain('Newly failing (2):')
    expect(lines.some((l) => l.includes('(new) → fail  tables/drop/missing-404'))).toBe(true)
    expect(lines.at(-1)).toBe(
      `2 newly failing, 1 newly passing, 1 newly unsupported, 0 newly erroring, 1 other, ${a.tests.length - 4} unchanged`,
    )
  })
})
