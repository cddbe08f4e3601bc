// The update kinds' requests as each profile's release writes them (suites/commits/update-cases.ts).
import { describe, expect, it } from 'vitest'
import { UPDATE_CASES } from '../suites/commits/update-cases.ts'
import type { TableMd } from '../suites/_harness/support/commit-steps.ts'

const md = { location: 'file:/warehouse/t' } as TableMd
const setStatistics = (profile: string): Record<string, unknown> => {
  const c = UPDATE_CASES.find((u) => u.action === 'set-statistics')!
  return c.updates(md, 42, profile)[0] as Record<string, unknown>
}

describe('set-statistics', () => {
  it('carries the top-level snapshot-id up to 1.7, where SetStatisticsUpdate requires it', () => {
    for (const profile of ['1.4', '1.6', '1.7'])
      expect(setStatistics(profile)['snapshot-id'], profile).toBe(42)
  })

  it('from 1.8, where the field is a deprecated copy of statistics.snapshot-id, sends only the statistics', () => {
    for (const profile of ['1.8', '1.11', 'document']) {
      const update = setStatistics(profile)
      expect(update, profile).not.toHaveProperty('snapshot-id')
      expect((update.statistics as Record<string, unknown>)['snapshot-id'], profile).toBe(42)
    }
  })

  it('remove-statistics prepares its statistics file the same way', () => {
    const c = UPDATE_CASES.find((u) => u.action === 'remove-statistics')!
    expect((c.prepare!(md, 42, '1.7')[0] as Record<string, unknown>)['snapshot-id']).toBe(42)
    expect(c.prepare!(md, 42, '1.11')[0]).not.toHaveProperty('snapshot-id')
  })
})
