import { describe, expect, it } from 'vitest'
import { inParallel } from './in-parallel.ts'

describe('inParallel', () => {
  it('keeps the order of the items and at most `limit` at once', async () => {
    let open = 0
    let peak = 0
    const out = await inParallel([30, 10, 20, 5], 2, async (ms) => {
      open++
      peak = Math.max(peak, open)
      await new Promise((r) => setTimeout(r, ms))
      open--
      return ms * 2
    })
    expect(out).toEqual([60, 20, 40, 10])
    expect(peak).toBe(2)
    expect(await inParallel([], 4, async () => 1)).toEqual([])
  })
})
