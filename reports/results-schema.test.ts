import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { validateResults } from './results-schema.ts'

describe('results.schema.json', () => {
  it('accepts the realistic and the hostile fixtures', () => {
    expect(validateResults(loadFixture('results-realistic.json'))).toEqual([])
    expect(validateResults(loadFixture('results-hostile.json'))).toEqual([])
  })

  it('accepts a run checked against expectations', () => {
    const r = {
      ...loadFixture('results-realistic.json'),
      expectations: {
        file: 'fixtures/reports/expectations.yaml',
        expected: 2,
        unexpected: [{ id: 'x', outcome: 'fail', kind: 'new-failure' }],
        stale: ['y'],
      },
    }
    expect(validateResults(r)).toEqual([])
  })

  const broken: [
    string,
    (r: Record<string, unknown> & { tests: Record<string, unknown>[] }) => void,
    RegExp,
  ][] = [
    ['an unknown outcome', (r) => (r.tests[0]!.outcome = 'skipped'), /outcome/],
    ['a missing rule', (r) => delete r.tests[0]!.rule, /rule/],
    ['a level that is not RFC 2119', (r) => (r.tests[0]!.level = 'MUSTNT'), /level/],
    [
      'a secret option that is not redacted',
      (r) => ((r.config as Record<string, unknown>).token = 'abc123'),
      /token/,
    ],
    [
      'credentials in the target URL',
      (r) => ((r.target as Record<string, unknown>).url = 'https://u:p@h/x'),
      /url/,
    ],
    [
      'an exchange without a curl line',
      (r) => delete (r.tests[0]!.exchanges as Record<string, unknown>[])[0]!.curl,
      /curl/,
    ],
    ['a negative count', (r) => ((r.summary as Record<string, unknown>).fail = -1), /fail/],
    ['an unknown verdict', (r) => (r.verdict = 'mostly'), /verdict/],
    ['an unknown top-level key', (r) => (r.extra = 1), /additional/],
    ['a fractional seed', (r) => (r.seed = 1.5), /seed/],
  ]
  for (const [what, mutate, message] of broken)
    it(`rejects ${what}`, () => {
      const r = loadFixture('results-realistic.json') as unknown as Record<string, unknown> & {
        tests: Record<string, unknown>[]
      }
      mutate(r)
      const errors = validateResults(r)
      expect(errors.length).toBeGreaterThan(0)
      expect(errors.join('\n')).toMatch(message)
    })
})
