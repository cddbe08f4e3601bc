import { describe, expect, it } from 'vitest'
import { InFlightGate } from './in-flight-gate.ts'

describe('InFlightGate', () => {
  it('never lets more than its limit run at once, and serves waiters in order', async () => {
    const gate = new InFlightGate(2)
    let open = 0
    let peak = 0
    const order: number[] = []
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        (async () => {
          // As the transport holds a slot: acquired before the request, released once it is answered.
          await gate.acquire()
          try {
            open++
            peak = Math.max(peak, open)
            order.push(i)
            await new Promise((r) => setTimeout(r, 5))
            open--
          } finally {
            gate.release()
          }
        })(),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4])
  })

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new InFlightGate(0)).toThrow(/positive integer/)
  })
})
