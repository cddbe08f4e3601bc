import { describe, expect, it } from 'vitest'
import {
  DISTANT_LOOPBACK_MS,
  DISTANT_MS,
  DISTANT_TESTS_PER_FILE,
  TESTS_PER_FILE,
  defaultWorkers,
  distantWorkers,
  isLoopbackUrl,
  parallelism,
  runParallelism,
} from './workers.ts'

const away = (roundTripMs: number, loopback = false) => ({ roundTripMs, loopback })

describe('defaultWorkers', () => {
  it('keeps a core for the bundled server, which answers from the same process', () => {
    expect(defaultWorkers(true, 2)).toBe(2)
    expect(defaultWorkers(true, 1)).toBe(2)
    expect(defaultWorkers(true, 8)).toBe(7)
  })

  it('runs as many files as cores against a catalog in another process', () => {
    expect(defaultWorkers(false, 2)).toBe(2)
    expect(defaultWorkers(false, 8)).toBe(8)
  })
})

describe('distantWorkers', () => {
  it('runs more files a core the farther the catalog, from the cores to six a core, at most 24', () => {
    expect([5, 10, 40, 100, 400].map((ms) => distantWorkers(ms, 2))).toEqual([5, 5, 8, 12, 12])
    expect(distantWorkers(100, 1)).toBe(6)
    expect(distantWorkers(5, 16)).toBe(24)
    expect(distantWorkers(0, 4)).toBe(8)
    expect(distantWorkers(100, 16)).toBe(24)
  })
})

describe('parallelism', () => {
  it('runs more files at once against a distant catalog, the tests of a file concurrently everywhere; no cap unless asked', () => {
    expect(parallelism('url', {}, away(40), 2)).toEqual({ workers: 8, testsPerFile: DISTANT_TESTS_PER_FILE })
    expect(parallelism('url', {}, away(100), 2)).toEqual({
      workers: 12,
      testsPerFile: DISTANT_TESTS_PER_FILE,
    })
    expect(parallelism('url', {}, away(DISTANT_MS - 0.1), 2)).toEqual({
      workers: 2,
      testsPerFile: TESTS_PER_FILE,
    })
    expect(parallelism('rustberg', {}, away(40), 2)).toEqual({ workers: 2, testsPerFile: TESTS_PER_FILE })
    expect(parallelism('reference', { workers: 4 }, away(0.2), 2)).toEqual({
      workers: 4,
      testsPerFile: TESTS_PER_FILE,
    })
  })

  it('a catalog by a loopback URL counts as distant only from a round trip no catalog on this machine takes', () => {
    expect(parallelism('url', {}, away(DISTANT_LOOPBACK_MS - 0.1, true), 2).workers).toBe(2)
    expect(parallelism('url', {}, away(DISTANT_LOOPBACK_MS, true), 2).workers).toBe(6)
    expect(parallelism('url', {}, away(DISTANT_MS, false), 2).workers).toBe(5)
  })

  it('from what the preparation measured: the address says whether the round trip is a loopback one', () => {
    const at = (baseUrl: string) => runParallelism('url', {}, { roundTripMs: 10, baseUrl })
    expect(at('http://127.0.0.1:8181')).toEqual(parallelism('url', {}, away(10, true)))
    expect(at('https://catalog.example.com')).toEqual(parallelism('url', {}, away(10, false)))
  })

  it('--serial: one file at a time, its tests one after another, at any distance', () => {
    expect(parallelism('url', { serial: true }, away(40), 2)).toEqual({ workers: 1, testsPerFile: 1 })
    expect(parallelism('reference', { serial: true }, away(0), 8)).toEqual({ workers: 1, testsPerFile: 1 })
  })

  it('--max-in-flight N: at most N workers, each with its share, never more than N in all', () => {
    expect(parallelism('url', { maxInFlight: 10 }, away(100), 2)).toMatchObject({
      workers: 10,
      inFlightPerWorker: 1,
    })
    expect(parallelism('url', { maxInFlight: 10 }, away(1), 2)).toMatchObject({
      workers: 2,
      inFlightPerWorker: 5,
    })
    expect(parallelism('url', { maxInFlight: 2 }, away(40), 2)).toMatchObject({
      workers: 2,
      inFlightPerWorker: 1,
    })
    expect(parallelism('url', { maxInFlight: 1, workers: 5 }, away(40), 2)).toMatchObject({
      workers: 1,
      inFlightPerWorker: 1,
    })
  })
})

describe('isLoopbackUrl', () => {
  it('knows localhost, 127.0.0.0/8 and ::1; anything else may be far', () => {
    for (const url of [
      'http://localhost:8181',
      'http://api.localhost/x',
      'http://127.0.0.1:1',
      'http://127.1.2.3',
      'http://[::1]:8181/',
    ])
      expect(isLoopbackUrl(url), url).toBe(true)
    for (const url of [
      'http://192.0.2.2:8181',
      'https://catalog.example.com',
      'http://127.0.0.1.example.com',
      'not a url',
    ])
      expect(isLoopbackUrl(url), url).toBe(false)
  })
})
