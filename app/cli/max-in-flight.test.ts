/**
 * `--max-in-flight N` caps the requests in flight against the catalog, whoever sends them (the tests of a file run
 * concurrently, files in parallel workers): results.json's own peak says so, and the same areas without the cap go
 * past it (so the cap is what held them).
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

  const certify = async (name: string, extra: string[]): Promise<Run> => {
    const out = join(dir, name)
    const r = await runCli([
      'run',
      '--url',
      server.url,
      '--include',
      'namespaces,concurrency',
      '--report-dir',
      out,
      ...extra,
    ])
    expect(r.code).toBe(0)
    return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Run
  }

  it(
    'holds the peak in flight at N, with the same outcomes as an uncapped run',
    { timeout: 180_000 },
    async () => {
      const capped = await certify('capped', ['--max-in-flight', '2'])
      const free = await certify('free', [])
      expect(capped.requests.peakInFlight).toBeLessThanOrEqual(2)
      expect(free.requests.peakInFlight).toBeGreaterThan(2)
      const outcomes = (r: Run) => Object.fromEntries(r.tests.map((t) => [t.id, t.outcome]))
      expect(outcomes(capped)).toEqual(outcomes(free))
      expect(capped.verdict).toBe('conformant')
    },
  )
})
