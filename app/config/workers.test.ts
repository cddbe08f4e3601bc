import { describe, expect, it } from 'vitest'
import { TESTS_PER_FILE, defaultWorkers, parallelism } from './workers.ts'

describe('defaultWorkers', () => {
  it('keeps a core for the bundled server, which answers from the same process', () => {
    expect(defaultWorkers(true, 2)).toBe(2)
    expect(defaultWorkers(true, 1)).toBe(2)
    expect(defaultWorkers(true, 8)).toBe(7)
  })

  it('runs one file more than the cores against a catalog in another process', () => {
    expect(defaultWorkers(false, 2)).toBe(3)
    expect(defaultWorkers(false, 8)).toBe(9)
  })
})

describe('parallelism', () => {
  it('runs the tests of a file concurrently, with no cap on requests unless asked', () => {
    expect(parallelism(false, {}, 2)).toEqual({ workers: 3, testsPerFile: TESTS_PER_FILE.remote })
    expect(parallelism(true, { workers: 4 }, 2)).toEqual({
      workers: 4,
      testsPerFile: TESTS_PER_FILE.inProcess,
    })
  })

  it('--max-in-flight N: at most N workers, each with its share, never more than N in all', () => {
    expect(parallelism(false, { maxInFlight: 10 }, 2)).toMatchObject({ workers: 3, inFlightPerWorker: 3 })
    expect(parallelism(false, { maxInFlight: 2 }, 2)).toMatchObject({ workers: 2, inFlightPerWorker: 1 })
    expect(parallelism(false, { maxInFlight: 1, workers: 5 }, 2)).toMatchObject({
      workers: 1,
      inFlightPerWorker: 1,
    })
  })
})
