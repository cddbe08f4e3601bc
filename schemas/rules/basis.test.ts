import { describe, expect, it } from 'vitest'
import { basisProblems } from './basis.ts'
import { allRules } from './catalog.ts'
import type { RuleEntry } from './catalog.ts'

type Entry = Pick<RuleEntry, 'id' | 'level' | 'basis'>
const quoted = {
  quote: 'Conflict - The namespace already exists',
  document: 'openapi',
  at: 'createNamespace 409',
} as const

describe('the basis of every rule', () => {
  it('is recorded, with its text, and carries each MUST rule on a must, schema or documented-response basis', () => {
    expect(basisProblems(allRules())).toEqual([])
  })

  it('fails on a rule with no basis, a MUST on a weaker basis, and an empty quote', () => {
    const bad: Entry[] = [
      { id: 'a/none', level: 'MUST' },
      { id: 'a/should', level: 'MUST', basis: { kind: 'should', ...quoted } },
      { id: 'a/map', level: { iceberg: 'MAY', document: 'MUST' }, basis: { kind: 'may', ...quoted } },
      { id: 'a/textless', level: 'MUST', basis: { kind: 'none' } },
      { id: 'a/empty', level: 'SHOULD', basis: { kind: 'should', ...quoted, quote: '  ' } },
      { id: 'a/nowhere', level: 'MUST', basis: { kind: 'must', quote: 'must', document: 'openapi', at: '' } },
    ]
    const problems = basisProblems(bad)
    expect(problems).toHaveLength(bad.length)
    for (const [i, r] of bad.entries()) expect(problems[i]).toMatch(new RegExp(`^${r.id}: `))
    expect(problems[1]).toMatch(/judged at MUST but its basis is "should"/)
    expect(problems[2]).toMatch(/judged at MUST but its basis is "may"/)
    expect(problems[4]).toMatch(/quotes no text/)
  })

  it('passes sound entries: a MUST on a documented response, a SHOULD or MAY on anything, a MUST only under one profile', () => {
    const good: Entry[] = [
      { id: 'b/409', level: 'MUST', basis: { kind: 'documented-response', ...quoted } },
      { id: 'b/should', level: 'SHOULD', basis: { kind: 'none' } },
      { id: 'b/may', level: 'MAY', basis: { kind: 'may', ...quoted } },
      { id: 'b/map', level: { iceberg: 'MAY', document: 'MUST' }, basis: { kind: 'must', ...quoted } },
    ]
    expect(basisProblems(good)).toEqual([])
  })
})
