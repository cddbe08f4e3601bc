/**
 * End-to-end tests of the CLI as a user runs it (a child process): exit codes and one-line errors, and a
 * full run against a catalog that already holds data — afterwards it holds exactly what it held before, and
 * the token given to the run appears in no output and no report file.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import { ROOT, runCli } from './spawn-cli.ts'
import type { Ran } from './spawn-cli.ts'

function cli(args: string[], env: Record<string, string> = {}, timeoutMs = 240_000): Promise<Ran> {
  return runCli(args, { ...process.env, CI: 'true', ...env }, timeoutMs)
}

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'cc-cli-'))
}

describe('harness and configuration errors exit 2 with one line', () => {
  it('an unreachable URL', async () => {
    const r = await cli(['run', '--url', 'http://127.0.0.1:1', '--report-dir', tmp()])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:1\/v1\/config: connection refused/)
    expect(r.stderr).not.toMatch(/\n\s+at /)
  })

  it('a YAML config with a misspelled key names the key', async () => {
    const dir = tmp()
    const file = join(dir, 'c.yaml')
    writeFileSync(file, 'url: http://127.0.0.1:1\nproflie: "1.11"\n')
    const r = await cli(['run', '--config', file])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toContain('unknown key "proflie"')
  })

  it('an unknown flag and an unknown command', async () => {
    const a = await cli(['run', '--urll', 'x'])
    expect(a.code).toBe(2)
    expect(a.stderr).toMatch(/--urll/)
    const b = await cli(['certify'])
    expect(b.code).toBe(2)
    expect(b.stderr).toMatch(/unknown command "certify"/)
  })

  it('a report folder that cannot be written, before the run starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-report-file-'))
    const file = join(dir, 'reports')
    writeFileSync(file, 'not a folder')
    const r = await cli(['run', '--include', 'config', '--report-dir', file])
    expect(r.code).toBe(2)
    expect(r.stdout).not.toMatch(/certifying/)
    expect(r.stderr.trim()).toBe(
      `catalog-conformance: --report-dir ${file}: cannot write reports there (a file is in the way)`,
    )
  })

  it('a missing or malformed expectations file, and a missing --openapi document, before the target starts', async () => {
    const dir = tmp()
    const bad = join(dir, 'bad.yaml')
    writeFileSync(bad, 'x: [\n')
    for (const [args, message] of [
      [
        ['--expect', join(dir, 'nope.yaml')],
        /^catalog-conformance: cannot read expectations file .*nope\.yaml/,
      ],
      [['--expect', bad], /^catalog-conformance: .*bad\.yaml: not YAML: /],
      [['--openapi', join(dir, 'nope.yaml')], /^catalog-conformance: --openapi .*nope\.yaml: ENOENT/],
    ] as const) {
      const r = await cli(['run', '--include', 'config', ...args, '--report-dir', dir])
      expect(r.code).toBe(2)
      expect(r.stdout).not.toMatch(/certifying/)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(message)
    }
  })

  it('a warehouse the catalog does not know, with what the catalog said', async () => {
    const r = await cli(['run', '--include', 'config', '--warehouse', 'nosuch', '--report-dir', tmp()])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(
      /GET \/v1\/config\?warehouse=nosuch answered 404 \(NoSuchWarehouseException: .*nosuch\), expected 200; check --warehouse "nosuch"/,
    )
  })

  it('a number option out of its bounds', async () => {
    const r = await cli(['run', '--runs', '0'])
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe('catalog-conformance: --runs must be a whole number >= 1, got "0"')
  })

  it('a server that answers garbage', async () => {
    const { createServer } = await import('node:http')
    const server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'),
    )
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as { port: number }).port
    try {
      const r = await cli(['run', '--url', `http://127.0.0.1:${port}`, '--report-dir', tmp()])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/did not answer a JSON object/)
    } finally {
      server.close()
    }
  })

  // One test at a time (--serial), the requests after the fifth unanswered one are held back; answered at once, the
  // catalog counts as nearby, 30 ms later as distant (more files at once; app/config/workers.ts, a loopback URL): with
  // the tests of a file at once, every request may be in flight before the fifth goes unanswered. Either way the run
  // is an error. The three at once: each waits ~1 s for every unanswered request (undici's timers of a request have a
  // resolution of ~1 s), ~7-10 s in all, on its own server.
  it.concurrent.each([
    ['serial', 0, ['--serial']],
    ['nearby', 0, []],
    ['distant', 30, []],
  ])(
    'a catalog that answers GET /v1/config, then nothing: an error in seconds, not a verdict (%s)',
    async (_, delayMs, extra) => {
      const { createServer } = await import('node:http')
      const server = createServer((req, res) => {
        if (req.url?.startsWith('/v1/config'))
          setTimeout(
            () =>
              res
                .writeHead(200, { 'content-type': 'application/json' })
                .end('{"defaults":{},"overrides":{}}'),
            delayMs,
          )
        // Anything else stays unanswered.
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      const port = (server.address() as { port: number }).port
      const dir = tmp()
      try {
        const started = Date.now()
        const r = await cli([
          'run',
          '--url',
          `http://127.0.0.1:${port}`,
          '--include',
          'namespaces',
          '--timeout',
          '300',
          '--report-dir',
          dir,
          ...extra,
        ])
        expect(r.code).toBe(2)
        expect(r.stdout).toMatch(
          /harness error: the catalog stopped answering: 5 requests in a row had no response \(no response within 300 ms\)/,
        )
        const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
          verdict: string
          summary: { error: number; total: number }
        }
        expect(results.verdict).toBe('error')
        // Each worker judges its first unanswered requests (http/responds), then sends nothing more.
        expect(results.summary.error).toBeGreaterThan(0)
        // Every request unanswered would have taken its 300 ms: ~20 files' worth of them is far more than this.
        expect(Date.now() - started).toBeLessThan(60_000)
      } finally {
        server.closeAllConnections()
        server.close()
      }
    },
  )
})

describe('--expect: what decides the exit code is printed last', () => {
  // A CI log is read from its end: the surprises and the expectations' count come after the verdict, not above the
  // defects and the violated rules (a failed CI run once showed only the lines after them).
  it('prints the surprises and the count after the verdict, and exits 1 on a surprise', async () => {
    const dir = tmp()
    const file = join(dir, 'expect.yaml')
    writeFileSync(
      file,
      'profile: "1.11"\nconfig/endpoints/format:\n  outcome: fail\n  reason: listed to be surprised\n',
    )
    const r = await cli(['run', '--include', 'config', '--expect', file, '--report-dir', dir])
    expect(r.code).toBe(1)
    const lines = r.stdout.trim().split('\n')
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l))
    const verdict = at(/^verdict: conformant/)
    const surprise = at(/^expected fail but passed \(remove the entry\): .*config\/endpoints\/format/)
    const count = at(/^expectations: \d+ as expected, [1-9]\d* unexpected, 0 stale$/)
    expect(
      [verdict, surprise, count].every((i) => i >= 0),
      r.stdout,
    ).toBe(true)
    expect(verdict).toBeLessThan(surprise)
    expect(surprise).toBeLessThan(count)
    expect(lines.at(-1)).toMatch(/^reports: /)
  })
})

describe("--openapi: the user's own OpenAPI document as a second opinion", () => {
  it('records its findings apart from the outcome, and refuses a missing document with exit 2', async () => {
    const dir = tmp()
    const doc = join(ROOT, 'fixtures/schemas/openapi/mini-3.0.yaml')
    const r = await cli(['run', '--include', 'namespaces', '--openapi', doc, '--report-dir', dir])
    expect(r.code).toBe(0)
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
      verdict: string
      tests: { openapiFindings?: string[] }[]
    }
    expect(results.verdict).toBe('conformant')
    expect(results.tests.some((t) => (t.openapiFindings ?? []).some((f) => /not documented/.test(f)))).toBe(
      true,
    )
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('OpenAPI document findings')
    const missing = await cli(['run', '--openapi', join(dir, 'nope.yaml'), '--report-dir', dir])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/--openapi .*nope\.yaml/)
  })
})

/** Everything a catalog holds, as comparable text: namespaces with properties, tables and views with metadata locations. */
async function snapshot(url: string, token: string): Promise<string[]> {
  const h = { authorization: `Bearer ${token}` }
  const get = async (path: string) =>
    (await (await fetch(`${url}/v1/ref${path}`, { headers: h })).json()) as Record<string, unknown>
  const out: string[] = []
  const walk = async (parent?: string[]) => {
    const q = parent ? `?parent=${encodeURIComponent(parent.join('\u001f'))}` : ''
    for (const ns of (await get(`/namespaces${q}`)).namespaces as string[][]) {
      const path = ns.map(encodeURIComponent).join('%1F')
      out.push(`ns ${JSON.stringify(ns)} ${JSON.stringify((await get(`/namespaces/${path}`)).properties)}`)
      for (const kind of ['tables', 'views'] as const) {
        for (const id of (await get(`/namespaces/${path}/${kind}`)).identifiers as { name: string }[]) {
          const loaded = await get(`/namespaces/${path}/${kind}/${encodeURIComponent(id.name)}`)
          out.push(`${kind} ${JSON.stringify(ns)}.${id.name} ${String(loaded['metadata-location'])}`)
        }
      }
      await walk(ns)
    }
  }
  await walk()
  return out.sort()
}

describe('a full run against a catalog that already holds data', () => {
  const TOKEN = 'zz-Recognizable-Secret-Token-4711'
  let server: { url: string; close(): Promise<void> }
  let before: string[]
  let run: Ran
  const reportDir = tmp()

  beforeAll(async () => {
    server = await start({ auth: { token: TOKEN } })
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/v1/ref${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const schema = {
      type: 'struct',
      'schema-id': 0,
      fields: [{ id: 1, name: 'id', type: 'long', required: true }],
    }
    await post('/namespaces', { namespace: ['prod'], properties: { owner: 'vendor' } })
    await post('/namespaces', { namespace: ['prod', 'sales'] })
    await post('/namespaces/prod/tables', { name: 'orders', schema })
    await post('/namespaces/prod%1Fsales/tables', { name: 'daily', schema })
    before = await snapshot(server.url, TOKEN)
    run = await cli(['run', '--url', server.url, '--token', TOKEN, '--report-dir', reportDir])
  }, 300_000)

  afterAll(async () => {
    await server?.close()
  })

  it('the run completed with a verdict (exit 0 or 1, not a harness error)', () => {
    expect(before.length).toBe(4)
    expect([0, 1]).toContain(run.code)
  })

  it('leaves the catalog exactly as it was', async () => {
    expect(await snapshot(server.url, TOKEN)).toEqual(before)
  })

  it('prints and writes the token nowhere', () => {
    expect(run.stdout + run.stderr).not.toContain(TOKEN)
    const files = readdirSync(reportDir)
    expect(files).toEqual(expect.arrayContaining(['results.json', 'report.html', 'junit.xml']))
    for (const f of files) expect(readFileSync(join(reportDir, f), 'utf8')).not.toContain(TOKEN)
  })
})
