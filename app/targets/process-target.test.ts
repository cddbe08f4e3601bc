import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { processTarget } from './process-target.ts'
import type { ProcessLaunch } from './process-target.ts'
import { probe } from './readiness.ts'
import { TargetError } from './target-error.ts'
import type { RunningTarget } from './types.ts'

const script = fileURLToPath(new URL('../../fixtures/targets/test-servers/tiny-catalog.mjs', import.meta.url))
const lines: string[] = []
const log = (line: string) => lines.push(line)
let running: RunningTarget | undefined

afterEach(async () => {
  await running?.stop()
  running = undefined
})

function tiny(
  env: Record<string, string>,
  extra: {
    cleanup?: () => Promise<void>
    stopGraceMs?: number
    launch?: Partial<Pick<ProcessLaunch, 'readinessHeaders' | 'token' | 'bootstrap'>>
  } = {},
) {
  let port = 0
  const provider = processTarget({
    name: 'tiny-catalog',
    stopGraceMs: extra.stopGraceMs ?? 2_000,
    async launch() {
      port = await freePort()
      return {
        command: process.execPath,
        args: [script],
        env: { PATH: process.env['PATH'], PORT: String(port), ...env },
        url: `http://127.0.0.1:${port}`,
        cleanup: extra.cleanup,
        ...extra.launch,
      }
    },
  })
  return { provider, port: () => port }
}

async function startError(promise: Promise<unknown>): Promise<TargetError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(TargetError)
  return err as TargetError
}

describe('processTarget', () => {
  it('starts the process, waits for GET /v1/config, and stops it', async () => {
    let cleaned = false
    const { provider } = tiny({ DELAY_MS: '300' }, { cleanup: async () => void (cleaned = true) })
    running = await provider.start({ timeoutMs: 10_000, log })
    expect(provider.kind).toBe('process')
    const res = await fetch(`${running.url}/v1/config`, { signal: AbortSignal.timeout(2_000) })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ endpoints: ['GET /v1/{prefix}/namespaces'] })
    // What it wrote is kept for the report of a run that does not pass.
    expect(running.log?.()).toEqual({
      source: 'process tiny-catalog',
      lines: expect.arrayContaining(['tiny-catalog: listening']),
    })

    await running.stop()
    const after = await probe(`${running.url}/v1/config`, (s) => s === 200, 1_000)
    expect(after).toEqual({ ok: false, detail: 'ECONNREFUSED' })
    expect(cleaned).toBe(true)
  })

  it('fails at once with the last stderr lines when the process exits early', async () => {
    const t0 = Date.now()
    const err = await startError(tiny({ MODE: 'exit' }).provider.start({ timeoutMs: 20_000, log }))
    expect(Date.now() - t0).toBeLessThan(10_000)
    expect(err.code).toBe('TARGET_EXITED')
    expect(err.message).toMatch(/tiny-catalog exited with code 3 before it was ready/)
    expect(err.message).toContain('| tiny-catalog: boom, no configuration found')
  })

  it('fails with a readiness timeout, the last probe and stderr, and kills the process', async () => {
    const { provider, port } = tiny({ MODE: 'unready' })
    const err = await startError(provider.start({ timeoutMs: 1_500, log }))
    expect(err.code).toBe('TARGET_READINESS_TIMEOUT')
    expect(err.message).toMatch(
      /not ready within 1500 ms \(GET http:\/\/127\.0\.0\.1:\d+\/v1\/config: HTTP 503\)/,
    )
    expect(err.message).toContain('| tiny-catalog: listening')
    const after = await probe(`http://127.0.0.1:${port()}/v1/config`, () => true, 1_000)
    expect(after.detail).toBe('ECONNREFUSED')
  })

  it('escalates to SIGKILL when the process ignores SIGTERM', async () => {
    const { provider } = tiny({ IGNORE_TERM: '1' }, { stopGraceMs: 300 })
    running = await provider.start({ timeoutMs: 10_000, log })
    const t0 = Date.now()
    await running.stop()
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250)
    expect((await probe(`${running.url}/v1/config`, () => true, 1_000)).detail).toBe('ECONNREFUSED')
  })

  it('reports a command that cannot be spawned', async () => {
    const provider = processTarget({
      name: 'missing',
      launch: async () => ({
        command: '/nonexistent/bin/catalog',
        args: [],
        env: {},
        url: 'http://127.0.0.1:9',
      }),
    })
    const err = await startError(provider.start({ timeoutMs: 5_000, log }))
    expect(err.code).toBe('TARGET_SPAWN_FAILED')
    expect(err.message).toContain('ENOENT')
  })

  it('probes readiness with the launch headers, runs the bootstrap, and hands over its token and prefix', async () => {
    const { provider } = tiny(
      { TOKEN: 'local-test-token' },
      {
        launch: {
          readinessHeaders: { authorization: 'Bearer local-test-token' },
          token: 'local-test-token',
          bootstrap: async () => ({ prefix: 'env-1' }),
        },
      },
    )
    running = await provider.start({ timeoutMs: 10_000, log })
    expect(running).toMatchObject({ token: 'local-test-token', prefix: 'env-1' })
  })

  it('a failed bootstrap stops the process and says so (TARGET_BOOTSTRAP_FAILED)', async () => {
    const { provider, port } = tiny(
      {},
      {
        launch: {
          bootstrap: async () => {
            throw new Error('POST /api/v1/environments answered 500')
          },
        },
      },
    )
    const err = await startError(provider.start({ timeoutMs: 10_000, log }))
    expect(err.code).toBe('TARGET_BOOTSTRAP_FAILED')
    expect(err.message).toContain('answered 500')
    expect((await probe(`http://127.0.0.1:${port()}/v1/config`, () => true, 1_000)).detail).toBe(
      'ECONNREFUSED',
    )
  })
})
