/**
 * Ctrl+C during a `--url` run: the run stops, everything it created in the catalog is removed, and the exit code is
 * 130. Vitest's own handler would end the process at once and leave the run's namespaces in the catalog.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** The run namespaces the reference server holds (its prefix is `ref`). */
async function runNamespaces(url: string): Promise<string[][]> {
  const body = (await (await fetch(`${url}/v1/ref/namespaces`)).json()) as { namespaces: string[][] }
  return body.namespaces.filter((ns) => ns[0]?.startsWith('ccrun_'))
}

describe('run --url, interrupted', () => {
  it('removes what the run created and exits with 130', { timeout: 120_000 }, async () => {
    const server = await start({ port: 0 })
    try {
      const child = spawn(
        process.execPath,
        [
          join(ROOT, 'bin/catalog-conformance.js'),
          'run',
          '--url',
          server.url,
          '--include',
          'stateful,properties',
          '--report-dir',
          mkdtempSync(join(tmpdir(), 'cc-interrupt-')),
        ],
        { cwd: ROOT, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let out = ''
      child.stdout.on('data', (d: Buffer) => (out += d.toString()))
      child.stderr.on('data', (d: Buffer) => (out += d.toString()))
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
      const deadline = Date.now() + 90_000
      while ((await runNamespaces(server.url)).length === 0) {
        if (Date.now() > deadline) throw new Error(`the run created no namespace:\n${out}`)
        await new Promise((r) => setTimeout(r, 50))
      }
      child.kill('SIGINT')
      expect(await exited, out).toBe(130)
      expect(out).toMatch(/interrupted: cancelling the run/)
      expect(await runNamespaces(server.url)).toEqual([])
    } finally {
      await server.close()
    }
  })
})

describe('run, interrupted before its tests start', () => {
  it('stops the target it started and exits with 130', { timeout: 120_000 }, async () => {
    // The bundled reference server is started by the run; the line naming the run comes after the target started and
    // before the run's own handler (the run is prepared, Vitest is loaded): a signal then used to end the process at
    // once (no exit code), leaving a started container or JVM running.
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'bin/catalog-conformance.js'),
        'run',
        '--include',
        'config',
        '--report-dir',
        mkdtempSync(join(tmpdir(), 'cc-interrupt-')),
      ],
      { cwd: ROOT, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let signalled = false
    const onData = (d: Buffer) => {
      out += d.toString()
      if (!signalled && /certifying /.test(out)) {
        signalled = true
        child.kill('SIGINT')
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)))
    expect(signalled, out).toBe(true)
    expect(code, out).toBe(130)
    expect(out).toMatch(/interrupted: /)
  })
})
