/**
 * The end of a `--url` run: a drop of the run's own objects answered 5xx is a finding against the server (a failing
 * result of its own), and what the catalog would not remove is named as left behind, with the exit code still the
 * verdict's, never a harness error.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import type { Results } from '../../reports/results.ts'
import { runCli } from './spawn-cli.ts'
import type { Ran } from './spawn-cli.ts'

const refuse = (status: number, type: string) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: { message: 'not today', type, code: status } }),
})

describe('the cleanup of a --url run', () => {
  let server: { url: string; close(): Promise<void> }
  let ran: Ran
  let results: Results
  beforeAll(async () => {
    server = await start({
      port: 0,
      hooks: {
        // Only the cleanup drops these namespaces: the suite file itself never does.
        onRequest: (req) =>
          req.method !== 'DELETE' || /\/tables\/|\/views\//.test(req.path)
            ? req
            : req.path.includes('_props')
              ? refuse(500, 'InternalServerError')
              : req.path.includes('_overlap')
                ? refuse(409, 'NamespaceNotEmptyException')
                : req,
      },
    })
    const dir = mkdtempSync(join(tmpdir(), 'cc-cleanup-'))
    ran = await runCli([
      'run',
      '--url',
      server.url,
      '--include',
      'namespaces/properties.test.ts',
      '--report-dir',
      dir,
    ])
    results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results
  }, 120_000)
  afterAll(() => server?.close())

  it('reports a 5xx on a drop as a failure of errors/valid-request-no-5xx, with the exchange', () => {
    const cleanup = results.tests.filter((t) => t.file === 'cleanup')
    expect(cleanup).toHaveLength(1)
    expect(cleanup[0]?.outcome).toBe('fail')
    expect(cleanup[0]?.violations[0]?.rule).toBe('errors/valid-request-no-5xx')
    expect(cleanup[0]?.exchanges[0]?.status).toBe(500)
    expect(results.verdict).toBe('nonconformant')
    expect(ran.code, ran.stdout + ran.stderr).toBe(1)
  })

  it('names what was left behind, and is no harness error', () => {
    const left = (results.leftovers ?? []).map((ns) => ns.join('.'))
    expect(left.some((n) => n.includes('_props'))).toBe(true)
    expect(left.some((n) => n.includes('_overlap'))).toBe(true)
    expect(results.errors).toEqual([])
    expect(ran.stdout).toMatch(/left behind: 2 namespace\(s\)/)
  })
})
