/** The two servers the load benchmarks compare, each in its own process, with a readiness bound. */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { icebergRestFixture } from '../../app/targets/iceberg-rest-fixture.ts'

/** A started server: base URL (no `/v1`), its pid when known, and how to stop it. */
export interface BenchServer {
  readonly name: string
  readonly url: string
  readonly pid?: number
  stop(): Promise<void>
}

const CHILD = fileURLToPath(new URL('./ref-child.ts', import.meta.url))

/**
 * The reference server in a child Node process (through tsx), ready within `timeoutMs`; `keepAliveMs`
 * overrides its keep-alive timeout (see ref-child.ts).
 */
export async function startReference(timeoutMs = 30_000, keepAliveMs?: number): Promise<BenchServer> {
  const extra = keepAliveMs === undefined ? [] : ['--keep-alive-ms', String(keepAliveMs)]
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...extra], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  try {
    for await (const line of lines) {
      const url = (JSON.parse(line) as { url: string }).url
      return {
        name: keepAliveMs === undefined ? 'reference' : `reference (keep-alive ${keepAliveMs} ms)`,
        url,
        ...(child.pid !== undefined ? { pid: child.pid } : {}),
        async stop() {
          if (child.exitCode !== null) return
          child.kill('SIGTERM')
          await once(child, 'exit')
        },
      }
    }
    throw new Error('the reference server child exited before listening')
  } finally {
    clearTimeout(timer)
  }
}

/** The Iceberg REST fixture (needs prepare.sh), started as the harness's process target. */
export async function startJavaFixture(timeoutMs = 120_000): Promise<BenchServer> {
  const running = await icebergRestFixture().start({ timeoutMs, log: () => {} })
  return { name: 'iceberg-rest-fixture', url: running.url, stop: () => running.stop() }
}
