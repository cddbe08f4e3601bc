import { describe, expect, it } from 'vitest'
import { badgeOf, renderBadge } from './badge.ts'
import { loadFixture } from './fixtures.ts'

describe('badge', () => {
  const r = loadFixture('results-realistic.json')

  it('shows the share of MUST rules met, floored, for a nonconformant run', () => {
    // 16 MUST rules reached a verdict; 3 failed (the error and unsupported ones are not counted).
    expect(badgeOf(r)).toEqual({ label: 'iceberg rest', message: '81% MUST', color: '#fe7d37' })
    const svg = renderBadge(r)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>81% MUST</text>')
  })

  it('says conformant when no MUST failed, error when nothing could be decided', () => {
    expect(badgeOf({ ...r, verdict: 'conformant' }).message).toBe('conformant')
    expect(badgeOf({ ...r, verdict: 'error' }).message).toBe('error')
    expect(badgeOf({ verdict: 'nonconformant', tests: [] }).message).toBe('error')
  })

  it('never rounds one broken MUST up to 100%', () => {
    const many = Array.from({ length: 999 }, (_, i) => ({
      ...r.tests[2]!,
      rule: `r/${i}`,
      outcome: 'pass' as const,
    }))
    const one = { ...r.tests[2]!, rule: 'r/broken', outcome: 'fail' as const }
    expect(badgeOf({ verdict: 'nonconformant', tests: [...many, one] }).message).toBe('99% MUST')
  })
})
