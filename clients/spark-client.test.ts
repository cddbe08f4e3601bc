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
import { describe, expect, it } from 'vitest'
import { clientInstalled, expectAllSteps, servesForFlows } from './flow-suite.ts'
import { runProcess, type Outcome } from './run-process.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const VENV_PYTHON = join(HERE, 'spark', '.venv', 'bin', 'python')
const JARS = join(HERE, 'spark', 'target')
const FLOW = join(HERE, 'spark', 'flow.py')
const TOKEN = 'spark-clients-token'
const STEPS = 17

const installed = clientInstalled(
  'clients/spark-client.test.ts',
  existsSync(VENV_PYTHON) &&
    existsSync(JARS) &&
    readdirSync(JARS).some((f) => f.startsWith('iceberg-spark-runtime-')),
  'clients/spark/.venv or its runtime jar is missing',
  'bash clients/spark/install.sh',
)

describe.skipIf(!installed)('Spark: clients/spark/flow.py against a plain serve', () => {
  const serves = servesForFlows(TOKEN)
  const flow = (url: string, ...token: string[]): Promise<Outcome> =>
    runProcess(VENV_PYTHON, [FLOW, url, ...token], 240_000, join(HERE, '..'))

  it(`all ${STEPS} steps pass without a token`, async () => {
    const r = await flow(serves.open.url)
    expectAllSteps(r, STEPS)
    console.log(`Spark flow without a token: ${STEPS} steps in ${r.ms} ms`)
  })

  it(`all ${STEPS} steps pass with a bearer token`, async () => {
    const r = await flow(serves.withToken.url, TOKEN)
    expectAllSteps(r, STEPS)
    expect(r.stdout + r.stderr).not.toContain(TOKEN)
    console.log(`Spark flow with a token: ${STEPS} steps in ${r.ms} ms`)
  })

  it('negative control: a wrong token fails the first step that uses the catalog (exit 1, 401 named)', async () => {
    const r = await flow(serves.withToken.url, 'wrong-token')
    expect(r.code, r.stdout + r.stderr).toBe(1)
    expect(r.stdout).toMatch(
      new RegExp(`^step 2/${STEPS} list namespaces: FAILED .*NotAuthorizedException`, 'm'),
    )
    expect(r.stdout).not.toMatch(/steps passed/)
  })
})
