import { describe, expect, it } from 'vitest'
import { ROUND_TRIP_LIMITS, quickestOf } from './prepare.ts'

/** The reads quickestOf sends, answering the given durations in turn. */
async function reads(durations: readonly number[], n = 10): Promise<{ best: number; sent: number }> {
  let sent = 0
  const best = await quickestOf(n, ROUND_TRIP_LIMITS, async () => ({
    durationMs: durations[sent++] ?? 1,
  }))
  return { best, sent }
}

describe('quickestOf (how far the catalog is)', () => {
  it('stops at the first read quicker than the near bound', async () => {
    expect(await reads([12.3, 4.04, 1])).toEqual({ best: 4, sent: 2 })
  })

  it('keeps reading a catalog that is slow to warm up, up to the limit', async () => {
    // A fresh JVM on a busy machine: 13, then 5-8 ms for a while.
    expect(await reads([13, 8, 7, 6, 9, 8, 7, 6, 6, 5.5, 1])).toEqual({ best: 5.5, sent: 10 })
    expect(await reads([13, 8, 7, 6, 9, 8, 4.2])).toEqual({ best: 4.2, sent: 7 })
  })

  it('stops after a few reads when none came within the far bound', async () => {
    expect(await reads([41, 40.04, 42, 1])).toEqual({ best: 40, sent: 3 })
    // One answer within it keeps the reads going.
    expect(await reads([41, 39, 42, 18, 3])).toEqual({ best: 3, sent: 5 })
    // A fresh fixture's first reads on a busy machine, none within the loopback bound (20 ms), all within the far one.
    expect(await reads([27.4, 23.5, 21.2, 26.2, 19, 19.5, 16.5, 21.2, 22.4, 9, 1])).toEqual({
      best: 9,
      sent: 10,
    })
  })
})
