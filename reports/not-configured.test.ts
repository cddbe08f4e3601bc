import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { notConfiguredHint } from './not-configured.ts'

describe('the not-configured hint', () => {
  const base = loadFixture('results-realistic.json').tests[0]!
  const t = (reason: string) => ({ ...base, outcome: 'not-configured' as const, reason })

  it('names each missing flag with how many rules it unlocks', () => {
    const tests = [
      t('the run was given no read-only token (--read-only-token)'),
      t('no OAuth2 client credentials (--client-id/--client-secret)'),
      t('the run was given no read-only token (--read-only-token)'),
    ]
    expect(notConfiguredHint({ tests })).toBe(
      'not configured: 3 rule(s) need what this run was not given; to judge them, pass --read-only-token (2), --client-id (1), --client-secret (1)',
    )
  })

  it('says nothing when every rule could run', () => {
    expect(notConfiguredHint({ tests: [base] })).toBeUndefined()
  })
})
