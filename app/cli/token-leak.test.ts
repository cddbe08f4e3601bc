/**
 * End to end: a real `run` with `--token` against a reference server that requires that token. The token
 * must appear in no output (stdout, stderr, GitHub annotations and step summary) and in no report file,
 * and the results.json of the real run must be valid against its schema.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import { validateResults } from '../../reports/results-schema.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TOKEN = 'cc-leak-canary-7Hq2Zr9XwKp4'

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** Environments (/proc/PID/environ, Linux) of a process and its descendants that contain `secret`. */
function environmentsHolding(root: number, secret: string): string[] {
  if (!existsSync('/proc/self/environ')) return []
  const parents = new Map<number, number>()
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = new Set([root])
  for (let grew = true; grew;) {
    grew = false
    for (const [pid, ppid] of parents) if (tree.has(ppid) && !tree.has(pid)) grew = Boolean(tree.add(pid))
  }
  const holding: string[] = []
  for (const pid of tree) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').includes(secret)) holding.push(String(pid))
    } catch {
      // the process ended meanwhile
    }
  }
  return holding
}

/** PIDs whose environment held the token at some point of the run (sampled every 100 ms). */
const envLeaks = new Set<string>()

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(ROOT, 'bin/catalog-conformance.js'), ...args],
      { cwd: ROOT, env, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        clearInterval(sampler)
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr })
      },
    )
    const sampler = setInterval(() => {
      if (child.pid) for (const pid of environmentsHolding(child.pid, TOKEN)) envLeaks.add(pid)
    }, 100)
  })
}

describe('a run with --token', () => {
  let server: { url: string; close(): Promise<void> }
  let dir: string
  let ran: Ran
  beforeAll(async () => {
    server = await start({ host: '127.0.0.1', port: 0, auth: { token: TOKEN } })
    dir = mkdtempSync(join(tmpdir(), 'cc-token-'))
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md'),
      FORCE_COLOR: '0',
    }
    for (const k of Object.keys(env)) if (k.startsWith('CATALOG_CONFORMANCE_')) delete env[k]
    ran = await runCli(
      [
        'run',
        '--url',
        server.url,
        '--token',
        TOKEN,
        '--report-dir',
        join(dir, 'reports'),
        '--include',
        'namespaces',
      ],
      env,
    )
  }, 300_000)
  afterAll(async () => {
    await server?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('keeps the token in memory: no process of the run has it in its environment', () => {
    expect([...envLeaks]).toEqual([])
  })

  it('finishes with a verdict and writes every report', () => {
    expect([0, 1, 2], ran.stderr).toContain(ran.code)
    for (const f of ['results.json', 'report.html', 'summary.md', 'badge.svg', 'junit.xml'])
      expect(existsSync(join(dir, 'reports', f)), f).toBe(true)
    expect(ran.stdout).toMatch(/verdict: (conformant|nonconformant|error)/)
  })

  it('writes a results.json that is valid against its schema, with the token recorded as redacted', () => {
    const results = JSON.parse(readFileSync(join(dir, 'reports', 'results.json'), 'utf8')) as {
      config: Record<string, unknown>
      tests: unknown[]
    }
    expect(validateResults(results)).toEqual([])
    expect(results.config.token).toBe('[REDACTED]')
    expect(results.tests.length).toBeGreaterThan(0)
  })

  it('never shows the token: not in stdout, stderr, nor any file it wrote', () => {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name))
    expect(files.length).toBeGreaterThanOrEqual(5)
    expect(ran.stdout.length).toBeGreaterThan(0)
    expect(ran.stdout).not.toContain(TOKEN)
    expect(ran.stderr).not.toContain(TOKEN)
    for (const f of files) expect(readFileSync(f, 'latin1').includes(TOKEN), f).toBe(false)
  })
})
