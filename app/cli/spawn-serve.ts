/**
 * `catalog-conformance serve` as a user starts it, for tests that need the server a client developer gets (the
 * CLI's tests and the real clients of clients/): a child process of bin/catalog-conformance.js, its address and
 * warehouse read from what it prints, stopped with SIGTERM as Ctrl+C would.
 */
import { spawn } from 'node:child_process'
import { BIN, ROOT, outsideVitest } from './spawn-cli.ts'

export interface ServeProcess {
  /** The base URL (without /v1), as printed. */
  readonly url: string
  /** The warehouse folder it printed; undefined in memory. */
  readonly warehouse: string | undefined
  /** Everything printed so far. */
  output(): string
  /** SIGTERM, then the exit code once it has stopped (SIGKILL after 10 s). */
  stop(): Promise<number | null>
}

/** Starts `serve ARGS` (add `--port 0` for a free port) and resolves once it listens; rejects if it exits first. */
export function spawnServe(args: readonly string[], timeoutMs = 60_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd: ROOT,
    env: outsideVitest(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let exited: number | null | undefined
  const exit = new Promise<number | null>((done) =>
    child.on('close', (code) => {
      exited = code
      done(code)
    }),
  )
  const stop = async (): Promise<number | null> => {
    if (exited !== undefined) return exited
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    const code = await exit
    clearTimeout(killer)
    return code
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`serve did not start within ${timeoutMs} ms:\n${out}`))
    }, timeoutMs)
    const look = () => {
      const url = /listening on (http:\/\/\S+) /.exec(out)?.[1]
      // The warehouse line follows the listening line, unless the warehouse is in memory.
      const memory = /warehouse in memory/.test(out)
      const warehouse = /^warehouse: (\S+)/m.exec(out)?.[1]
      if (url && (memory || warehouse)) {
        clearTimeout(timer)
        resolve({ url, warehouse, output: () => out, stop })
      }
    }
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      look()
    })
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    void exit.then((code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${String(code)} before listening:\n${out}`))
    })
  })
}
