/**
 * Spark 3.5 with Iceberg's Spark runtime against `catalog-conformance serve` as a user starts it (default options: a
 * file warehouse in a temporary folder, which Spark writes its data and metadata files into): clients/spark/flow.py,
 * in the venv clients/spark/install.sh makes, with the catalog configured as README.md shows (a SparkCatalog of type
 * rest, the warehouse `reference`, the token). Every step must pass, without a token and with one; a wrong token must
 * fail the first step that uses the catalog.
 *
 * Without the venv or the runtime jar the file is skipped and says so (so `npm test` needs no Python or Spark);
 * under CI it fails instead, because CI installs them first.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnServe, type ServeProcess } from '../app/cli/spawn-serve.ts'
import { runProcess, type Outcome } from './run-process.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const VENV_PYTHON = join(HERE, 'spark', '.venv', 'bin', 'python')
const JARS = join(HERE, 'spark', 'target')
const FLOW = join(HERE, 'spark', 'flow.py')
const TOKEN = 'spark-clients-token'
const STEPS = 17

/** Every step ran: exit 0, each of the `total` steps ok, and the closing line counts them. */
function expectAllSteps(r: Outcome, total: number): void {
  const transcript = `exit ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`
  expect(r.code, transcript).toBe(0)
  const lines = r.stdout.split('\n')
  const ok = lines.filter((l) => new RegExp(`^step \\d+/${total} .*: ok \\(`).test(l))
  expect(ok, transcript).toHaveLength(total)
  expect(lines.filter(Boolean).at(-1), transcript).toBe(`${total} steps passed`)
}

const installed =
  existsSync(VENV_PYTHON) &&
  existsSync(JARS) &&
  readdirSync(JARS).some((f) => f.startsWith('iceberg-spark-runtime-'))
const title = installed
  ? `Spark: clients/spark/flow.py against a plain serve`
  : `Spark: clients/spark/.venv or its runtime jar is missing (run: bash clients/spark/install.sh)`
if (!installed) console.warn(`clients/spark-client.test.ts skipped: ${title}`)

// CI installs the venv and the jar before this runs: there a missing install is a broken one, never a silent skip.
if (!installed && process.env.CI) {
  it('the Spark client is installed in CI', () => {
    expect.fail('CI must install the Spark client (bash clients/spark/install.sh)')
  })
}

describe.skipIf(!installed)(title, () => {
  let open: ServeProcess
  let withToken: ServeProcess

  beforeAll(async () => {
    // Started as a user starts it: no option but the port (and, for the second, a token).
    open = await spawnServe(['--port', '0'])
    withToken = await spawnServe(['--port', '0', '--token', TOKEN])
  }, 120_000)
  afterAll(async () => {
    await Promise.all([open?.stop(), withToken?.stop()])
  })

  const flow = (url: string, ...token: string[]): Promise<Outcome> =>
    runProcess(VENV_PYTHON, [FLOW, url, ...token], 240_000, join(HERE, '..'))

  it(`all ${STEPS} steps pass without a token`, async () => {
    const r = await flow(open.url)
    expectAllSteps(r, STEPS)
    console.log(`Spark flow without a token: ${STEPS} steps in ${r.ms} ms`)
  })

  it(`all ${STEPS} steps pass with a bearer token`, async () => {
    const r = await flow(withToken.url, TOKEN)
    expectAllSteps(r, STEPS)
    expect(r.stdout + r.stderr).not.toContain(TOKEN)
    console.log(`Spark flow with a token: ${STEPS} steps in ${r.ms} ms`)
  })

  it('negative control: a wrong token fails the first step that uses the catalog (exit 1, 401 named)', async () => {
    const r = await flow(withToken.url, 'wrong-token')
    expect(r.code, r.stdout + r.stderr).toBe(1)
    expect(r.stdout).toMatch(
      new RegExp(`^step 2/${STEPS} list namespaces: FAILED .*NotAuthorizedException`, 'm'),
    )
    expect(r.stdout).not.toMatch(/steps passed/)
  })
})
