/**
 * The end of a `--url` run: a drop of the run's own objects answered 5xx is a finding against the server (a failing
 * result of its own), and what the catalog would not remove is named as left behind, with the exit code still the
 * verdict's, never a harness error. `--no-cleanup` leaves everything in place; which runs clean up by default.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import type { Results } from '../../reports/results.ts'
import { skipsCleanup } from './run.ts'
import { runCli } from './spawn-cli.ts'
import type { Ran } from './spawn-cli.ts'

const refuse = (status: number, type: string) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: { message: 'not today', type, code: status } }),
})

/** Starts a reference server whose namespace drops are refused when the path holds `marker`, and runs one suite file. */
async function runAgainst(
  marker: string,
  answer: ReturnType<typeof refuse>,
  extraArgs: readonly string[] = [],
): Promise<{ ran: Ran; results: Results; left: string[]; deletes: number }> {
  let deletes = 0
  const server = await start({
    port: 0,
    hooks: {
      // Only the cleanup drops these namespaces: the suite file itself never does.
      onRequest: (req) => {
        if (req.method === 'DELETE') deletes++
        return req.method === 'DELETE' && !/\/tables\/|\/views\//.test(req.path) && req.path.includes(marker)
          ? answer
          : req
      },
    },
  })
  try {
    const dir = mkdtempSync(join(tmpdir(), 'cc-cleanup-'))
    const ran = await runCli([
      'run',
      '--url',
      server.url,
      '--include',
      'namespaces/properties.test.ts',
      '--report-dir',
      dir,
      ...extraArgs,
    ])
    const listed = (await (await fetch(`${server.url}/v1/ref/namespaces`)).json()) as {
      namespaces: string[][]
    }
    return {
      ran,
      results: JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results,
      left: listed.namespaces.map((ns) => ns.join('.')),
      deletes,
    }
  } finally {
    await server.close()
  }
}

describe('the cleanup of a --url run', () => {
  it('reports a 5xx on a drop as a robustness finding of errors/valid-request-no-5xx, with the exchange', async () => {
    const { ran, results } = await runAgainst('_props', refuse(500, 'InternalServerError'))
    const cleanup = results.tests.filter((t) => t.file === 'cleanup')
    expect(cleanup).toHaveLength(1)
    expect(cleanup[0]?.outcome).toBe('pass')
    expect(cleanup[0]?.violations[0]).toMatchObject({
      rule: 'errors/valid-request-no-5xx',
      level: 'ROBUSTNESS',
    })
    expect(cleanup[0]?.exchanges[0]?.status).toBe(500)
    expect(results.summary.robustness).toBeGreaterThan(0)
    expect(results.verdict).toBe('conformant')
    expect(ran.code, ran.stdout + ran.stderr).toBe(0)
    expect(ran.stdout).toMatch(/robustness \(.*\): \d+ finding/)
  }, 120_000)

  it('names what a correct catalog would not remove, and keeps the verdict and the exit code', async () => {
    const { ran, results } = await runAgainst('_overlap', refuse(409, 'NamespaceNotEmptyException'))
    expect(
      (results.leftovers ?? []).map((ns) => ns.join('.')).filter((n) => n.includes('_overlap')),
    ).toHaveLength(1)
    expect(results.tests.filter((t) => t.file === 'cleanup')).toEqual([])
    expect(results.errors).toEqual([])
    expect(results.verdict).toBe('conformant')
    expect(ran.code, ran.stdout + ran.stderr).toBe(0)
    expect(ran.stdout).toMatch(/left behind: 1 namespace\(s\)/)
  }, 120_000)
})

describe('--no-cleanup', () => {
  it('leaves what the run created in the catalog, no drop sent, and says how to remove it', async () => {
    const { ran, results, left, deletes } = await runAgainst('_never', refuse(500, 'InternalServerError'), [
      '--no-cleanup',
    ])
    expect(deletes).toBe(0)
    expect(left.filter((n) => n.startsWith('ccrun_')).length).toBeGreaterThan(0)
    expect(results.leftovers).toBeUndefined()
    expect(results.verdict).toBe('conformant')
    expect(ran.stdout).toMatch(/--no-cleanup: what run ccrun_\w+ created stays in the catalog/)
  }, 120_000)

  it('is the default only for a target the run started, outside the UI', () => {
    expect(skipsCleanup({}, 'url')).toBe(false)
    expect(skipsCleanup({}, 'reference')).toBe(true)
    expect(skipsCleanup({}, 'iceberg-rest-fixture')).toBe(true)
    expect(skipsCleanup({ ui: true }, 'reference')).toBe(false)
    expect(skipsCleanup({ cleanup: false }, 'url')).toBe(true)
    expect(skipsCleanup({ cleanup: true }, 'reference')).toBe(false)
  })
})
