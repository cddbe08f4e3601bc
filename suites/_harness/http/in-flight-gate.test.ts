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

  it('reserves several slots once they are free together, ahead of the requests that came after', async () => {
    const gate = new InFlightGate(3)
    const events: string[] = []
    await gate.acquire()
    await gate.acquire()
    const reserving = gate.reserve(2).then((r) => (events.push('reserved'), r))
    // One slot is free, but the reservation came first: a later request waits behind it.
    const later = gate.acquire().then(() => events.push('later'))
    await new Promise((r) => setTimeout(r, 5))
    expect(events).toEqual([])
    gate.release()
    const reservation = await reserving
    await new Promise((r) => setTimeout(r, 5))
    expect(events).toEqual(['reserved'])
    expect(reservation.gate.limit).toBe(2)
    reservation.close()
    // Closed twice, its slots come back once: the gate still has the first request and the later one in flight.
    reservation.close()
    await later
    expect(events).toEqual(['reserved', 'later'])
    const more = gate.acquire().then(() => events.push('more'))
    await new Promise((r) => setTimeout(r, 5))
    expect(events).toEqual(['reserved', 'later', 'more'])
    await more
    const full = gate.acquire().then(() => events.push('full'))
    await new Promise((r) => setTimeout(r, 5))
    expect(events).not.toContain('full')
    gate.release()
    await full
  })

  it('reserves at most its limit', async () => {
    const reservation = await new InFlightGate(2).reserve(8)
    expect(reservation.gate.limit).toBe(2)
  })
})
