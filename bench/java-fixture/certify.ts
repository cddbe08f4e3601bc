/**
 * Wall time of the full default certification of the Iceberg REST fixture (`run --target
 * iceberg-rest-fixture`): the CLI as a child process, `runs` times in a row, each checked against the
 * fixture's expectations file. Needs prepare.sh. Writes bench/out/java-fixture-certify.json.
 *
 *   npx tsx bench/java-fixture/certify.ts [runs=3] [version]
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkExpectations, parseExpectations } from '../../reports/expectations.ts'
import type { Results } from '../../reports/results.ts'
import { DEFAULT_FIXTURE_VERSION } from '../../app/targets/iceberg-rest-fixture.ts'
import { median } from '../lib/stats.ts'

const CLI = fileURLToPath(new URL('../../bin/catalog-conformance.js', import.meta.url))
/** A run that takes longer than this is killed (SIGTERM, so the CLI still sweeps and stops the JVM). */
const RUN_TIMEOUT_MS = 20 * 60_000

interface Sample {
  readonly exitCode: number | null
  readonly wallMs: number
  readonly summary: Results['summary']
  /** Surprises against the expectations file: test ids with their outcome. */
  readonly unexpected: readonly string[]
  readonly stale: readonly string[]
  readonly runErrors: number
}

async function certifyOnce(version: string, expectations: string): Promise<Sample> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-java-fixture-'))
  try {
    const t0 = performance.now()
    const child = spawn(
      process.execPath,
      [CLI, 'run', '--target', 'iceberg-rest-fixture', '--target-version', version, '--report-dir', dir],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const timer = setTimeout(() => child.kill('SIGTERM'), RUN_TIMEOUT_MS)
    const [exitCode] = (await once(child, 'exit')) as [number | null]
    clearTimeout(timer)
    const wallMs = Math.round(performance.now() - t0)
    const results = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as Results
    const report = checkExpectations(results, parseExpectations(expectations), 'expectations')
    return {
      exitCode,
      wallMs,
      summary: results.summary,
      unexpected: report.unexpected.map((u) => `${u.outcome}: ${u.id}`),
      stale: report.stale,
      runErrors: results.errors.length,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3)
  const version = process.argv[3] ?? DEFAULT_FIXTURE_VERSION
  const file = fileURLToPath(
    new URL(`../../fixtures/expectations/iceberg-rest-fixture-${version}.yaml`, import.meta.url),
  )
  const expectations = await readFile(file, 'utf8')
  const samples: Sample[] = []
  for (let i = 0; i < runs; i++) {
    const s = await certifyOnce(version, expectations)
    console.error(`certify iceberg-rest-fixture ${version} #${i + 1}: ${s.wallMs} ms, exit ${s.exitCode}`)
    samples.push(s)
  }
  const result = {
    version,
    runs,
    // The machine's load matters more than anything else here: say how busy it was.
    loadAvg1mAtEnd: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    wallMs: { median: median(samples.map((s) => s.wallMs)), samples: samples.map((s) => s.wallMs) },
    samples,
  }
  await mkdir(new URL('../out/', import.meta.url), { recursive: true })
  await writeFile(
    new URL('../out/java-fixture-certify.json', import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  )
  console.log(JSON.stringify({ version, runs, wallMs: result.wallMs, loadAvg1mAtEnd: result.loadAvg1mAtEnd }))
}

await main()
