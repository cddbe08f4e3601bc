/**
 * What the CLI's own thread loads. fast-check is the suites' (Vitest's worker threads run the properties): the CLI
 * has no use for it, yet one import of a suite module (the caps of distinct failures lived in property.ts) made every
 * start of the CLI load it, `--help` included (0.177 s against 0.150 s). Vitest and Vite are a run's: `--help` needs
 * neither. A module-resolution hook, registered before the CLI starts, writes down every package the main thread
 * resolves (hooks registered there do not see the worker threads' imports).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BIN, ROOT, userEnv } from './spawn-cli.ts'

/** Appends the package of every module resolved under node_modules to the file in PACKAGES_LOG. */
const HOOKS = `
import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  const at = resolved.url.lastIndexOf('/node_modules/')
  if (at >= 0) {
    const parts = resolved.url.slice(at + '/node_modules/'.length).split('/')
    appendFileSync(process.env.PACKAGES_LOG, (parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0]) + '\\n')
  }
  return resolved
}`
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)})`

/**
 * The packages the main thread of `node <args>` resolved, and how it ended. Asynchronous, so that Vitest's timeout
 * holds over the child.
 */
function packagesLoadedBy(
  args: readonly string[],
): Promise<{ packages: Set<string>; status: number | null; stderr: string }> {
  const log = join(mkdtempSync(join(tmpdir(), 'cc-imports-')), 'packages.log')
  const flags = ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`]
  return new Promise((done) => {
    execFile(
      process.execPath,
      [...flags, ...args],
      { cwd: ROOT, env: userEnv({ PACKAGES_LOG: log }), timeout: 50_000 },
      (error, _stdout, stderr) => {
        let lines: string[] = []
        try {
          lines = readFileSync(log, 'utf8').split('\n').filter(Boolean)
        } catch {
          // No package resolved at all: no file.
        }
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0
        done({ packages: new Set(lines), status, stderr })
      },
    )
  })
}

describe("the CLI's main thread loads no package of the suites", () => {
  // Negative control: the hook sees a package a script imports (else the checks below could not fail).
  it('the hook records what is imported', async () => {
    const r = await packagesLoadedBy(['--input-type=module', '-e', "await import('fast-check')"])
    expect(r.status).toBe(0)
    expect(r.packages).toContain('fast-check')
  })

  it('--help: neither fast-check nor Vitest nor Vite', async () => {
    const r = await packagesLoadedBy([BIN, '--help'])
    expect(r.status, r.stderr).toBe(0)
    for (const name of ['fast-check', 'vitest', '@vitest/runner', 'vite'])
      expect(r.packages).not.toContain(name)
  })

  it('a run (options, preparation, Vitest, global setup, reports): no fast-check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-imports-run-'))
    const r = await packagesLoadedBy([BIN, 'run', '--include', 'config', '--report-dir', dir])
    expect(r.status, r.stderr).toBe(0)
    // It did load Vitest: the hook was alive through the run.
    expect(r.packages).toContain('vitest')
    expect(r.packages).not.toContain('fast-check')
  })
})
