import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { LANES, Lanes } from './lanes.ts'

/** Checks "every case is below 50" over laned draws of 0..99, counting the cases driven. */
async function falsify(arb: fc.Arbitrary<number[]>, path?: string) {
  let driven = 0
  const details = await fc.check(
    fc.asyncProperty(arb, async (cases) => {
      driven += cases.length
      await Promise.resolve()
      return cases.every((c) => c < 50)
    }),
    { seed: 7, numRuns: 20, ...(path ? { path } : {}) },
  )
  return { details, driven }
}

describe('Lanes', () => {
  test('a failing run shrinks to the case that failed, alone, and drives fewer cases doing it', async () => {
    const cases = fc.integer({ min: 0, max: 99 })
    const laned = await falsify(new Lanes(cases))
    expect(laned.details.failed).toBe(true)
    expect(laned.details.counterexample?.[0]).toEqual([50])
    // Negative control: shrunk as fast-check's tuple, the counterexample keeps every lane.
    const tuple = await falsify(fc.tuple(...Array.from({ length: LANES }, () => cases)))
    expect(tuple.details.counterexample?.[0]).toHaveLength(LANES)
    expect(laned.driven).toBeLessThan(tuple.driven)
  })

  test('the replay path of a lane-first shrink replays the same lone case', async () => {
    const arb = new Lanes(fc.integer({ min: 0, max: 99 }))
    const first = await falsify(arb)
    const replayed = await falsify(arb, first.details.counterexamplePath ?? undefined)
    expect(replayed.details.counterexample).toEqual(first.details.counterexample)
  })

  test('a stateful case is used fresh when shrunk alone', async () => {
    // fast-check's context is stateful: a run that met one a run before would see its logs.
    const seen: unknown[] = []
    const details = await fc.check(
      fc.asyncProperty(new Lanes(fc.context(), 2), async (contexts) => {
        seen.push(...contexts)
        await Promise.resolve()
        return false
      }),
      { seed: 1, numRuns: 1 },
    )
    expect(details.counterexample?.[0]).toHaveLength(1)
    expect(seen).toHaveLength(3)
    expect(new Set(seen).size).toBe(seen.length)
  })
})
