/**
 * The CLI as a user runs it, for the end-to-end tests of app/cli: a child process of bin/catalog-conformance.js,
 * with its exit code and output. Never throws for what the run does; a run past its time bound is killed.
 */
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')
export const BIN = join(ROOT, 'bin/catalog-conformance.js')

export interface Ran {
  /** The exit code; null when the run was killed. */
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Our environment without the variables of the Vitest run we are inside of (they would confuse a child's own
 * Vitest), and without any other variable whose name `drop` matches.
 */
export function outsideVitest(drop?: RegExp): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env))
    if (!/^(VITEST|TEST$|NODE_ENV$)/.test(k) && !drop?.test(k)) env[k] = v
  return env
}

/** The environment of a user's shell in CI. */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...outsideVitest(), CI: 'true', ...extra }
}

export function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = userEnv(),
  timeoutMs = 240_000,
  onStart: (pid: number) => void = () => {},
): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    if (child.pid !== undefined) onStart(child.pid)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      done({ code, stdout, stderr })
    })
  })
}
