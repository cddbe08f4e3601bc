import { describe, expect, it } from 'vitest'
import { checkExpectations, parseExpectations } from './expectations.ts'
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
x/still-failing:
  outcome: fail
  reason: answers 500 # keep me
  link: https://example.com/1
x/now-passes:
  outcome: fail
  reason: was broken
x/changed:
  outcome: fail
  reason: why it changed
x/gone:
  outcome: warn
  reason: no test any more
`

describe('report check --write', () => {
  const results = {
    errors: [],
    tests: [
      t('x/still-failing', 'fail'),
      t('x/now-passes', 'pass'),
      t('x/changed', 'warn'),
      t('x/new', 'fail'),
      t('x/new-warn', 'warn'),
      t('x/broken-harness', 'error'),
    ],
  }

  it('adds new outcomes, removes fixed and stale entries, updates changed ones, keeps reasons and comments', () => {
    const w = updateExpectations(FILE, results, 'f.yaml')
    expect(w.added).toEqual(['x/new', 'x/new-warn'])
    expect(w.updated).toEqual(['x/changed'])
    expect([...w.removed].sort()).toEqual(['x/gone', 'x/now-passes'])
    expect(w.text).toContain('# known deviations of server X')
    expect(w.text).toContain('reason: answers 500 # keep me')
    expect(w.text).toContain('link: https://example.com/1')
    expect(w.text).not.toContain('x/broken-harness')
    const entries = parseExpectations(w.text)
    expect(entries.get('x/changed')).toEqual({ outcome: 'warn', reason: 'why it changed' })
    // The updated file now foresees everything but the harness error.
    const again = checkExpectations(results, entries)
    expect(again.unexpected.map((u) => u.id)).toEqual(['suites/x.test.ts::x/broken-harness'])
    expect(again.stale).toEqual([])
  })
})
