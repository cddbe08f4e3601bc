/**
 * `run --ui`: the Vitest UI serves the run, the reports are written after the run (not only when the UI closes),
 * and Ctrl+C is the one way to stop: the run is swept and the exit code is 130.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

describe('run --ui', () => {
  it(
    'serves the UI, writes the reports after the run, and stops on Ctrl+C with 130',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cc-ui-'))
      const child = spawn(
        process.execPath,
        [
          join(ROOT, 'bin/catalog-conformance.js'),
          'run',
          '--ui',
          '--include',
          'namespaces/create-namespace.test.ts',
          '--report-dir',
          dir,
        ],
        { cwd: ROOT, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let out = ''
      child.stdout.on('data', (d: Buffer) => (out += d.toString()))
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
      const deadline = Date.now() + 90_000
      while (!/Vitest UI: (\S+)/.test(out) || !existsSync(join(dir, 'results.json'))) {
        if (Date.now() > deadline) throw new Error(`no UI or no reports:\n${out}`)
        await new Promise((r) => setTimeout(r, 250))
      }
      const url = /Vitest UI: (\S+)/.exec(out)![1]!
      expect((await fetch(url)).status).toBe(200)
      expect(out).toMatch(/verdict: conformant/)
      child.kill('SIGINT')
      expect(await exited).toBe(130)
    },
  )
})
