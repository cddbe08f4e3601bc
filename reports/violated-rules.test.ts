import { describe, expect, it } from 'vitest'
import type { TestResult } from './results.ts'
import { brokenBy, violatedRuleLines, violatedRules } from './violated-rules.ts'

function test(id: string, over: Partial<TestResult>): TestResult {
  return {
    id,
    file: 'suites/x.test.ts',
    name: id,
    area: 'x',
    operationId: 'loadTable',
    rule: `x/${id}`,
    level: 'MUST',
    title: `title ${id}`,
    outcome: 'pass',
    durationMs: 1,
    violations: [],
    exchanges: [],
    ...over,
  }
}

const envelope = (op: string) => ({
  check: 'error-envelope',
  rule: 'errors/envelope',
  level: 'MUST' as const,
  message: 'not wrapped',
  operationId: op,
  status: 404,
  curl: `curl ${op}`,
})

describe('violated rules', () => {
  const tests = [
    test('a', { outcome: 'fail', level: 'SHOULD', violations: [envelope('loadTable')] }),
    test('b', {
      outcome: 'fail',
      violations: [envelope('dropTable'), { ...envelope('dropTable'), rule: 'x/b' }],
    }),
    test('c', {
      outcome: 'warn',
      violations: [{ check: 'error-type', rule: 'errors/type', level: 'SHOULD', message: 'type' }],
    }),
    test('d', { outcome: 'pass', violations: [{ check: 's', rule: 'x/may', level: 'MAY', message: 'may' }] }),
  ]

  it('lists each broken rule once, MUST first, most tests first, with operations and one reproduction', () => {
    const rules = violatedRules({ tests })
    expect(rules.map((r) => [r.rule, r.level, r.tests.length])).toEqual([
      ['errors/envelope', 'MUST', 2],
      ['x/b', 'MUST', 1],
      ['errors/type', 'SHOULD', 1],
    ])
    expect(rules[0]?.operations).toEqual(['dropTable', 'loadTable'])
    expect(rules[0]?.example).toMatchObject({ test: 'a', curl: 'curl loadTable', status: 404 })
  })

  it('says which MUST made a test of another rule fail', () => {
    expect(brokenBy(tests[0]!)).toEqual(['errors/envelope'])
    expect(brokenBy(tests[2]!)).toEqual([])
  })

  it('prints a console block only when something broke', () => {
    expect(violatedRuleLines({ tests })[0]).toBe('violated rules (3):')
    expect(violatedRuleLines({ tests: [tests[3]!] })).toEqual([])
  })
})
