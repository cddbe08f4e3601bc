import { describe, expect, it } from 'vitest'
import { InFlightGate } from './in-flight-gate.ts'
import { inParallel } from '../support/in-parallel.ts'

describe('InFlightGate', () => {
  it('never lets more than its limit run at once, and serves waiters in order', async () => {
    const gate = new InFlightGate(2)
    let open = 0
    let peak = 0
    const order: number[] = []
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        gate.run(async () => {
          open++
          peak = Math.max(peak, open)
          order.push(i)
          await new Promise((r) => setTimeout(r, 5))
          open--
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4])
  })

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new InFlightGate(0)).toThrow(/positive integer/)
  })
})

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
