/**
 * Spark 3.5, 4.0 and 4.1 (a requirements file each in clients/spark/), each with Iceberg's Spark runtime for its
 * line, against `catalog-conformance serve` as a user starts it (default options: a file warehouse in a temporary
 * folder, which Spark writes its data and metadata files into): clients/spark/flow.py, in the venv of each line that
 * clients/spark/install.sh makes, with the catalog configured as README.md shows (a SparkCatalog of type rest, the
 * warehouse `reference`, the token). Every step must pass, without a token and with one; a wrong token must fail the
 * first step that uses the catalog.
 *
 * Without a line's venv or runtime jar its tests are skipped and say so (so `npm test` needs no Python or Spark);
 * under CI they fail instead, because CI installs them first.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { clientInstalled, expectAllSteps, servesForFlows } from './flow-suite.ts'
import { runProcess, type Outcome } from './run-process.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const JARS = join(HERE, 'spark', 'target')
const FLOW = join(HERE, 'spark', 'flow.py')
const TOKEN = 'spark-clients-token'
const STEPS = 17
/**
 * The Spark lines: a requirements file each, naming Iceberg's runtime of the line (iceberg-spark-runtime-<line>_<scala>),
 * from which install.sh takes the runtime's Scala version.
 */
const LINES = readdirSync(join(HERE, 'spark'))
  .map((f) => /^requirements-(\d+\.\d+)\.txt$/.exec(f)?.[1])
  .filter((line) => line !== undefined)
  .sort()

describe('the Spark lines', () => {
  it('each name the runtime install.sh copies for them', () => {
    expect(LINES.length).toBeGreaterThan(0)
    for (const line of LINES) {
      const requirements = readFileSync(join(HERE, 'spark', `requirements-${line}.txt`), 'utf8')
      expect(requirements, `requirements-${line}.txt`).toMatch(
        new RegExp(`iceberg-spark-runtime-${line.replace('.', '\\.')}_\\d`),
      )
    }
  })
})

for (const line of LINES) {
  const python = join(HERE, 'spark', `.venv-${line}`, 'bin', 'python')
  const installed = clientInstalled(
    'clients/spark-client.test.ts',
    existsSync(python) &&
      existsSync(JARS) &&
      readdirSync(JARS).some((f) => f.startsWith(`iceberg-spark-runtime-${line}_`)),
    `clients/spark/.venv-${line} or its runtime jar is missing`,
    'bash clients/spark/install.sh',
  )

  describe.skipIf(!installed)(`Spark ${line}: clients/spark/flow.py against a plain serve`, () => {
    const serves = servesForFlows(TOKEN)
    const flow = (url: string, ...token: string[]): Promise<Outcome> =>
      runProcess(python, [FLOW, url, ...token], 240_000, join(HERE, '..'))

    it(`all ${STEPS} steps pass without a token`, async () => {
      const r = await flow(serves.open.url)
      expectAllSteps(r, STEPS)
      expect(r.stdout).toMatch(
        new RegExp(`^step 1/${STEPS} .*: ok \\(Spark ${line.replace('.', '\\.')}\\.`, 'm'),
      )
      console.log(`Spark ${line} flow without a token: ${STEPS} steps in ${r.ms} ms`)
    })

    it(`all ${STEPS} steps pass with a bearer token`, async () => {
      const r = await flow(serves.withToken.url, TOKEN)
      expectAllSteps(r, STEPS)
      expect(r.stdout + r.stderr).not.toContain(TOKEN)
      console.log(`Spark ${line} flow with a token: ${STEPS} steps in ${r.ms} ms`)
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
}
