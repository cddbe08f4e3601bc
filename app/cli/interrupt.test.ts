/**
 * Ctrl+C during a `--url` run: the run stops, everything it created in the catalog is removed, and the exit code is
 * 130. Vitest's own handler would end the process at once and leave the run's namespaces in the catalog. And Ctrl+C
 * before the tests start, once the run's target has started: it is stopped, and the exit code is 130 too.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** `catalog-conformance run ARGS` as a child (reports in a temp folder), with its output so far and its exit code. */
function startRun(args: readonly string[]) {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin/catalog-conformance.js'),
      'run',
      ...args,
      '--report-dir',
      mkdtempSync(join(tmpdir(), 'cc-interrupt-')),
    ],
    { cwd: ROOT, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const run = {
    child,
    out: '',
    exited: new Promise<number | null>((done) => child.on('close', (code) => done(code))),
  }
  const collect = (d: Buffer) => (run.out += d.toString())
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  return run
}

/** The run namespaces the reference server holds (its prefix is `ref`). */
async function runNamespaces(url: string): Promise<string[][]> {
  const body = (await (await fetch(`${url}/v1/ref/namespaces`)).json()) as { namespaces: string[][] }
  return body.namespaces.filter((ns) => ns[0]?.startsWith('ccrun_'))
}

describe('run --url, interrupted', () => {
  it('removes what the run created and exits with 130', { timeout: 120_000 }, async () => {
    const server = await start({ port: 0 })
    try {
      const run = startRun(['--url', server.url, '--include', 'stateful,properties'])
      const deadline = Date.now() + 90_000
      while ((await runNamespaces(server.url)).length === 0) {
        if (Date.now() > deadline) throw new Error(`the run created no namespace:\n${run.out}`)
        await new Promise((r) => setTimeout(r, 50))
      }
      run.child.kill('SIGINT')
      expect(await run.exited, run.out).toBe(130)
      expect(run.out).toMatch(/interrupted: cancelling the run/)
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
    const run = startRun(['--include', 'config'])
    let signalled = false
    // After startRun's own listener: the line is in run.out by then.
    run.child.stdout.on('data', () => {
      if (signalled || !/certifying /.test(run.out)) return
      signalled = true
      run.child.kill('SIGINT')
    })
    const code = await run.exited
    expect(signalled, run.out).toBe(true)
    expect(code, run.out).toBe(130)
    expect(run.out).toMatch(/interrupted: /)
  })
})
