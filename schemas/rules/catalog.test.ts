import { describe, expect, it } from 'vitest'
import { outOfProfileReason, ruleEntry } from './catalog.ts'

describe('outOfProfileReason', () => {
  it('judges a rule from its release on', () => {
    expect(outOfProfileReason({ since: '1.7' }, '1.6')).toBe('rule introduced in 1.7; profile is 1.6')
    expect(outOfProfileReason({ since: '1.7' }, '1.7')).toBeUndefined()
    expect(outOfProfileReason({}, '1.4')).toBeUndefined()
  })

  it('leaves a superseded rule to its successor from the successor’s release on, and judges it before', () => {
    // The committed catalog's pair: any 4xx in every release, exactly 400 from 1.7.
    const refused = ruleEntry('commits/updates/unknown-action-refused')
    expect(refused?.supersededBy).toBe('commits/updates/unknown-action-400')
    expect(ruleEntry('commits/updates/unknown-action-400')?.since).toBe('1.7')
    expect(outOfProfileReason(refused!, '1.6')).toBeUndefined()
    for (const profile of ['1.7', '1.11', 'document'])
      expect(outOfProfileReason(refused!, profile)).toBe(
        `from 1.7 on, commits/updates/unknown-action-400 judges the same request (profile ${profile})`,
      )
    // The successor itself is judged wherever its release is.
    expect(outOfProfileReason(ruleEntry('commits/updates/unknown-action-400')!, '1.11')).toBeUndefined()
  })
})
