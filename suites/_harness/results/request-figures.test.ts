import { describe, expect, it } from 'vitest'
import { longestChain, peakInFlight, runRequests } from './request-figures.ts'
import type { Interval } from './request-figures.ts'
import { RequestLog } from '../http/request-log.ts'

describe('request figures', () => {
  it('a chain links requests each sent after the one before answered; racing requests count once', () => {
    const serial: Interval[] = [
      [0, 10],
      [10, 20],
      [25, 30],
    ]
    expect(longestChain(serial)).toBe(3)
    // Two raced requests between two serial ones: the chain goes through one of them.
    const raced: Interval[] = [
      [0, 10],
      [11, 20],
      [11, 21],
      [22, 30],
    ]
    expect(longestChain(raced)).toBe(3)
    expect(longestChain([])).toBe(0)
  })

  it('the peak in flight counts overlapping requests; one that ends as another starts does not overlap it', () => {
    expect(
      peakInFlight([
        [0, 10],
        [10, 20],
      ]),
    ).toBe(1)
    expect(
      peakInFlight([
        [0, 10],
        [5, 20],
        [6, 7],
      ]),
    ).toBe(3)
  })

  it("a file's tests add up when they ran one after another and overlap when concurrent; its cleanup comes after", () => {
    const log = new RequestLog()
    for (const [test, start] of [
      ['a', 0],
      ['a', 10],
      ['a', 20],
      ['b', 0],
      ['b', 10],
      ['', 40],
    ] as const)
      log.add(test, start, start + 5)
    expect(log.count('a')).toBe(3)
    expect(log.count('b')).toBe(2)
    expect(log.summary(false)).toMatchObject({ requests: 6, chain: 3 + 2 + 1 })
    expect(log.summary(true).chain).toBe(3 + 1)
    // Files run side by side: the run's floor is its longest file.
    expect(runRequests([log.summary(true), log.summary(false)])).toEqual({
      total: 12,
      longestChain: 6,
      peakInFlight: 4,
    })
  })
})
