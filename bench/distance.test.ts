// Certifying through a delaying proxy judges every test as a serial run 0 ms away does (`--serial`: one test at a
// time): at a distance many files and the tests of each run concurrently and the cleanup overlaps, and none of it may
// change an outcome. Areas with races (concurrency), a model-based property (stateful) and nested namespaces, at 20 ms
// a request.
import { describe, expect, it } from 'vitest'
import { distance, outcomeDiffs } from './distance.ts'

describe('distance', () => {
  it('outcome differences are listed by test, both ways', () => {
    const a = new Map([
      ['t1', 'pass'],
      ['t2', 'fail'],
    ])
    const b = new Map([
      ['t1', 'pass'],
      ['t2', 'pass'],
      ['t3', 'pass'],
    ])
    expect(outcomeDiffs(a, b)).toEqual(['t2: fail → pass', 't3: absent → pass'])
    expect(outcomeDiffs(a, a)).toEqual([])
  })

  it('a certification 20 ms away has the serial run outcome for every test, and reports its requests', async () => {
    const { direct, rows } = await distance(
      ['--include', 'namespaces,stateful,concurrency'],
      [20],
      () => {},
      false,
    )
    const [row] = rows
    expect(direct.verdict).toBe('conformant')
    expect(row?.outcomeDiffs).toEqual([])
    expect(row?.verdict).toBe('conformant')
    // At a distance the run also drops what it created (a --url run), so it sends more than the direct run.
    expect(row?.requests?.total).toBeGreaterThan(direct.requests?.total ?? Infinity)
    expect(row?.requests?.longestChain).toBeGreaterThan(0)
    expect(row?.requests?.longestChain).toBeLessThan(row?.requests?.total ?? 0)
    expect(row?.floorMs).toBe((row?.requests?.longestChain ?? 0) * 20)
  }, 180_000)
})
