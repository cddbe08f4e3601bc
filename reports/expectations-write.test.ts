import { describe, expect, it } from 'vitest'
import { checkExpectations, parseExpectations, parseExpectationsHeader } from './expectations.ts'
import { updateExpectations } from './expectations-write.ts'
import type { TestResult } from './results.ts'

const t = (rule: string, outcome: TestResult['outcome']): TestResult => ({
  id: `suites/x.test.ts::${rule}`,
  file: 'suites/x.test.ts',
  name: rule,
  area: 'x',
  operationId: 'loadTable',
  rule,
  level: 'MUST',
  title: rule,
  outcome,
  durationMs: 1,
  violations: [],
  exchanges: [],
})

const FILE = `# known deviations of server X
namespaces/create/exists-409:
  outcome: fail
  reason: answers 500 # keep me
  link: https://example.com/1
namespaces/load/missing-404:
  outcome: fail
  reason: was broken
tables/load/snapshots-refs:
  outcome: fail
  reason: why it changed
views/drop/removes:
  outcome: warn
  reason: no test any more
`

describe('report check --write', () => {
  const results = {
    errors: [],
    tests: [
      t('namespaces/create/exists-409', 'fail'),
      t('namespaces/load/missing-404', 'pass'),
      t('tables/load/snapshots-refs', 'warn'),
      t('tables/drop/missing-404', 'fail'),
      t('namespaces/properties/missing-list', 'warn'),
      t('tables/create/exists-409', 'error'),
    ],
    profile: '1.11',
  }

  it('adds new outcomes, removes fixed and stale entries, updates changed ones, keeps reasons and comments', () => {
    const w = updateExpectations(FILE, results, 'f.yaml')
    expect(w.added).toEqual(['tables/drop/missing-404', 'namespaces/properties/missing-list'])
    expect(w.updated).toEqual(['tables/load/snapshots-refs'])
    expect([...w.removed].sort()).toEqual(['namespaces/load/missing-404', 'views/drop/removes'])
    expect(w.text).toContain('# known deviations of server X')
    expect(w.text).toContain('reason: answers 500 # keep me')
    expect(w.text).toContain('link: https://example.com/1')
    expect(w.text).not.toContain('tables/create/exists-409')
    const entries = parseExpectations(w.text)
    expect(entries.get('tables/load/snapshots-refs')).toEqual({ outcome: 'warn', reason: 'why it changed' })
    // The updated file now foresees everything but the harness error.
    const again = checkExpectations(results, entries)
    expect(again.unexpected.map((u) => u.id)).toEqual(['suites/x.test.ts::tables/create/exists-409'])
    expect(again.stale).toEqual([])
    // The file now says which profile its outcomes were measured under.
    expect(parseExpectationsHeader(w.text)).toEqual({ profile: '1.11' })
  })
})
