/**
 * What the tests of the step-printing client flows share (clients/step_runner.py prints the lines): whether the
 * client is installed (skipped and said so locally, a failure under CI), the plain `serve` and `serve --token` a
 * flow runs against, and the check that every step passed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { spawnServe, type ServeProcess } from '../app/cli/spawn-serve.ts'
import type { Outcome } from './run-process.ts'

/**
 * Whether the client's tests can run. Without its install the file is skipped and says so (so `npm test` needs no
 * Python or Java), but CI installs every client first: there a missing install registers a failing test, never a
 * silent skip.
 */
export function clientInstalled(file: string, installed: boolean, missing: string, install: string): boolean {
  if (installed) return true
  console.warn(`${file} skipped: ${missing} (run: ${install})`)
  if (process.env.CI)
    it(`the client is installed in CI (${install})`, () => {
      expect.fail(`CI must install the client: ${install}`)
    })
  return false
}

/** A plain `serve` and a `serve --token token`, started as a user starts them (no option but the port). */
export interface Serves {
  readonly open: ServeProcess
  readonly withToken: ServeProcess
}

/** Starts both before the suite's tests and stops them after; read them inside a test. */
export function servesForFlows(token: string): Serves {
  const serves: { open?: ServeProcess; withToken?: ServeProcess } = {}
  beforeAll(async () => {
    ;[serves.open, serves.withToken] = await Promise.all([
      spawnServe(['--port', '0']),
      spawnServe(['--port', '0', '--token', token]),
    ])
  }, 120_000)
  afterAll(async () => {
    await Promise.all([serves.open?.stop(), serves.withToken?.stop()])
  })
  return {
    get open() {
      return serves.open!
    },
    get withToken() {
      return serves.withToken!
    },
  }
}

/** The one step a client may skip, for its own reason only. */
export interface AllowedSkip {
  readonly step: string
  readonly reason: RegExp
}

/**
 * Every step ran: exit 0, each of the `total` steps ok, except `allowed`, which may be SKIPPED for its reason; the
 * closing line counts them. Returns the skipped line, if any.
 */
export function expectAllSteps(r: Outcome, total: number, allowed?: AllowedSkip): string | undefined {
  const transcript = `exit ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`
  expect(r.code, transcript).toBe(0)
  const lines = r.stdout.split('\n')
  const ok = lines.filter((l) => new RegExp(`^step \\d+/${total} .*: ok \\(`).test(l))
  const skipped = lines.filter((l) => / SKIPPED \(/.test(l))
  expect(skipped.length, transcript).toBeLessThanOrEqual(allowed ? 1 : 0)
  const skip = skipped[0]
  if (skip !== undefined && allowed) {
    expect(skip, transcript).toMatch(new RegExp(`^step \\d+/${total} ${allowed.step}: SKIPPED \\(`))
    expect(skip, transcript).toMatch(allowed.reason)
  }
  expect(ok, transcript).toHaveLength(total - skipped.length)
  const closing = skip ? `${total - 1} steps passed, 1 skipped` : `${total} steps passed`
  expect(lines.filter(Boolean).at(-1), transcript).toBe(closing)
  return skip
}
