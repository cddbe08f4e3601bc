/**
 * Real clients against `catalog-conformance serve` as a user starts it, over a socket: PyIceberg
 * (clients/python/flow.py, in the venv that clients/python/install.sh makes) and iceberg-js (clients/js/flow.ts).
 * Each flow prints one line per step and "N steps passed"; a test passes only when its flow exits 0 having run
 * every step.
 *
 * The server runs with serve's defaults and a bearer token: its files in a fresh temporary warehouse folder, where
 * PyIceberg also writes data and manifests (so server-side planning can read them), and scan plans answered
 * `completed` at once, which PyIceberg 0.12's server-side planning needs (it cannot poll a `submitted` plan).
 *
 * Without the venv the PyIceberg test is skipped, saying so (so `npm test` needs no Python); under CI it fails
 * instead, because CI installs the venv first.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnServe, type ServeProcess } from '../app/cli/spawn-serve.ts'
import { runProcess, type Outcome } from './run-process.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const VENV_PYTHON = join(HERE, 'python', '.venv', 'bin', 'python')
const TOKEN = 'clients-test-token'
const PYTHON_STEPS = 16
const JS_STEPS = 8

/** Runs a command to its end from the project root (the server answers from this same process). */
const run = (cmd: string, args: string[], timeoutMs: number): Promise<Outcome> =>
  runProcess(cmd, args, timeoutMs, join(HERE, '..'))

/** The flow finished every step: exit 0, `total` ok lines numbered 1..total, and the closing line. */
function expectAllSteps(r: Outcome, total: number): void {
  const transcript = `exit ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`
  expect(r.code, transcript).toBe(0)
  const ok = r.stdout.split('\n').filter((l) => new RegExp(`^step \\d+/${total} .*: ok \\(`).test(l))
  expect(ok, transcript).toHaveLength(total)
  expect(r.stdout.trimEnd().split('\n').at(-1), transcript).toBe(`${total} steps passed`)
}

let server: ServeProcess

beforeAll(async () => {
  server = await spawnServe(['--port', '0', '--token', TOKEN])
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

describe('real clients against the reference server', () => {
  const venv = existsSync(VENV_PYTHON)
  const pyTitle = venv
    ? `PyIceberg: all ${PYTHON_STEPS} steps of clients/python/flow.py pass`
    : `PyIceberg: clients/python/.venv is missing (run: bash clients/python/install.sh)`

  it.skipIf(!venv && !process.env.CI)(pyTitle, async () => {
    expect(venv, 'CI must install the PyIceberg venv (bash clients/python/install.sh)').toBe(true)
    const r = await run(VENV_PYTHON, [join(HERE, 'python', 'flow.py'), server.url, TOKEN], 170_000)
    expectAllSteps(r, PYTHON_STEPS)
    console.log(`PyIceberg flow: ${PYTHON_STEPS} steps in ${r.ms} ms`)
  })

  it.skipIf(!venv && !process.env.CI)(`${pyTitle}, asking for vended credentials`, async () => {
    expect(venv, 'CI must install the PyIceberg venv (bash clients/python/install.sh)').toBe(true)
    const flow = [join(HERE, 'python', 'flow.py'), server.url, TOKEN, '--vended-credentials']
    const r = await run(VENV_PYTHON, flow, 170_000)
    expectAllSteps(r, PYTHON_STEPS)
    // Negative control: a server that vends nothing (a fault that ignores the access-delegation header) fails the
    // flow at the step that looks for the credential.
    const silent = await spawnServe([
      '--port',
      '0',
      '--token',
      TOKEN,
      '--fault',
      'delegation-ignored-document-profile',
    ])
    try {
      const refused = await run(
        VENV_PYTHON,
        [flow[0] as string, silent.url, TOKEN, '--vended-credentials'],
        60_000,
      )
      expect(refused.code).toBe(1)
      expect(refused.stdout).toMatch(/^step \d+\/16 create partitioned table: FAILED .*vended credential/m)
    } finally {
      await silent.stop()
    }
  })

  it(`iceberg-js: all ${JS_STEPS} steps of clients/js/flow.ts pass`, async () => {
    const args = ['--import', 'tsx', join(HERE, 'js', 'flow.ts'), server.url, '--token', TOKEN]
    const r = await run(process.execPath, [...args, '--warehouse', 'reference'], 60_000)
    expectAllSteps(r, JS_STEPS)
    console.log(`iceberg-js flow: ${JS_STEPS} steps in ${r.ms} ms`)
  })

  it('the flows fail (exit 1, the failing step named) against a server that refuses them', async () => {
    // Negative control for the assertions above: a wrong token makes the first step fail.
    const js = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(HERE, 'js', 'flow.ts'),
        server.url,
        '--token',
        'wrong',
        '--warehouse',
        'reference',
      ],
      60_000,
    )
    expect(js.code).toBe(1)
    // (iceberg-js, refused its config, goes on with the warehouse name as the prefix: a 404 then, not a 401)
    expect(js.stdout).toMatch(/^step 1\/8 create namespace: FAILED /m)
    expect(js.stdout).not.toMatch(/steps passed/)
    if (venv) {
      const py = await run(VENV_PYTHON, [join(HERE, 'python', 'flow.py'), server.url, 'wrong'], 60_000)
      expect(py.code).toBe(1)
      expect(py.stdout).toMatch(/^step 1\/16 load catalog config: FAILED .*NotAuthorized/m)
      expect(py.stdout).not.toMatch(/steps passed/)
    }
  })

  it.skipIf(!venv && !process.env.CI)(
    "PyIceberg's server-side planning fails against serve --plans-async (why completed at once is serve's default)",
    async () => {
      expect(venv, 'CI must install the PyIceberg venv (bash clients/python/install.sh)').toBe(true)
      const polled = await spawnServe(['--port', '0', '--plans-async'])
      try {
        const r = await run(VENV_PYTHON, [join(HERE, 'python', 'flow.py'), polled.url], 170_000)
        expect(r.code, r.stdout + r.stderr).toBe(1)
        expect(r.stdout).toMatch(
          /^step 11\/16 server-side scan planning: FAILED .*NotImplementedError: Async scan planning/m,
        )
      } finally {
        await polled.stop()
      }
    },
  )
})
