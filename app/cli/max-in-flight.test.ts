/**
 * `--max-in-flight N` caps the requests in flight against the catalog, whoever sends them (the tests of a file run
 * concurrently, files in parallel workers): results.json's own peak says so, and the same areas without the cap go
 * past it (so the cap is what held them). A cap that leaves a worker one request at a time lets nothing race: the
 * concurrency rules say so (not-configured) rather than pass.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import { runCli } from './spawn-cli.ts'

interface Run {
  verdict: string
  requests: { total: number; peakInFlight: number }
  tests: { id: string; outcome: string }[]
}

describe('--max-in-flight', () => {
  let server: { url: string; close(): Promise<void> }
  const dir = mkdtempSync(join(tmpdir(), 'cc-in-flight-'))
  beforeAll(async () => {
    server = await start({ port: 0 })
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const certify = async (name: string, extra: string[], areas = 'namespaces,concurrency'): Promise<Run> => {
    const out = join(dir, name)
    const r = await runCli(['run', '--url', server.url, '--include', areas, '--report-dir', out, ...extra])
    expect(r.code).toBe(0)
    return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Run
  }

  // One uncapped run for both tests.
  let uncapped: Promise<Run> | undefined
  const free = () => (uncapped ??= certify('free', []))
  const outcomes = (r: Run) => Object.fromEntries(r.tests.map((t) => [t.id, t.outcome]))
  const isRace = (id: string) => id.startsWith('suites/concurrency/')

  it(
    'holds the peak in flight at N, with the same outcomes as an uncapped run where each worker has two or more',
    { timeout: 180_000 },
    async () => {
      const capped = await certify('capped', ['--max-in-flight', '2', '--workers', '1'])
      expect(capped.requests.peakInFlight).toBeLessThanOrEqual(2)
      expect((await free()).requests.peakInFlight).toBeGreaterThan(2)
      expect(outcomes(capped)).toEqual(outcomes(await free()))
      expect(capped.verdict).toBe('conformant')
    },
  )

  // Each of two workers with one request in flight: a race's requests would go one after another, so its rules say
  // so rather than pass (the uncapped run has the same races, and the bundled server passes them). The config area
  // gives the run rules to judge: a run that judges none ends in error.
  it(
    'ends the racing rules as not-configured where a worker has one request in flight',
    { timeout: 180_000 },
    async () => {
      const single = await certify('single', ['--max-in-flight', '2', '--workers', '2'], 'config,concurrency')
      expect(single.requests.peakInFlight).toBeLessThanOrEqual(2)
      const races = single.tests.filter((t) => isRace(t.id))
      expect(races.length).toBeGreaterThanOrEqual(8)
      for (const t of races) expect([t.id, t.outcome]).toEqual([t.id, 'not-configured'])
      const uncappedRaces = (await free()).tests.filter((t) => isRace(t.id))
      expect(uncappedRaces.map((t) => t.id).sort()).toEqual(races.map((t) => t.id).sort())
      for (const t of uncappedRaces) expect([t.id, t.outcome]).toEqual([t.id, 'pass'])
    },
  )
})
