/**
 * Runs a client process to its end without blocking the event loop (the server under test often answers from
 * this same process), bounded in time: killed after `timeoutMs`. Shared by the client tests and the RCK bench.
 */
import { spawn } from 'node:child_process'

export interface Outcome {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** Wall time from start to exit. */
  readonly ms: number
}

export function runProcess(
  cmd: string,
  args: readonly string[],
  timeoutMs: number,
  cwd?: string,
): Promise<Outcome> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...(cwd ? { cwd } : {}), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, ms: Date.now() - started })
    })
  })
}
