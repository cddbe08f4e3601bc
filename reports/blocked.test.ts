import { describe, expect, test } from 'vitest'
import { followCarriers } from './blocked.ts'

const t = (rule: string, outcome: string, blockedBy?: string) => ({
  rule,
  outcome: outcome as 'pass' | 'fail' | 'blocked',
  ...(blockedBy ? { blockedBy } : {}),
})

describe('followCarriers', () => {
  test('a carrier whose every test was blocked hands the blocked tests to its own carrier', () => {
    const tests = [
      t('config/endpoints/declared-served', 'fail'),
      t('scan-planning/plan/status-and-shape', 'blocked', 'config/endpoints/declared-served'),
      t('scan-planning/plan/delete-references', 'blocked', 'scan-planning/plan/status-and-shape'),
      t('scan-planning/plan/mixed-kinds-400', 'blocked', 'scan-planning/plan/incremental-appended-files'),
      t('scan-planning/plan/incremental-appended-files', 'blocked', 'scan-planning/plan/status-and-shape'),
    ]
    expect(followCarriers(tests).map((x) => x.blockedBy)).toEqual([
      undefined,
      'config/endpoints/declared-served',
      'config/endpoints/declared-served',
      'config/endpoints/declared-served',
      'config/endpoints/declared-served',
    ])
  })

  test('stops at a carrier with a test not blocked, one not in the results, and a cycle', () => {
    const tests = [
      t('a', 'blocked', 'b'),
      t('b', 'blocked', 'c'),
      t('b', 'pass'),
      t('x', 'blocked', 'elsewhere'),
      t('p', 'blocked', 'q'),
      t('q', 'blocked', 'p'),
    ]
    expect(followCarriers(tests).map((x) => x.blockedBy)).toEqual([
      'b',
      'c',
      undefined,
      'elsewhere',
      'q',
      'p',
    ])
  })
})
