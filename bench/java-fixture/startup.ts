/**
 * Start-up time of the Iceberg REST fixture as a process target: spawn to the first 200 from
 * GET /v1/config, then stop (SIGTERM to exit). Needs prepare.sh. Writes bench/out/java-fixture-startup.json.
 *
 *   npx tsx bench/java-fixture/startup.ts [runs=5] [version]
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { DEFAULT_FIXTURE_VERSION, icebergRestFixture } from '../../app/targets/iceberg-rest-fixture.ts'

interface Sample {
  readonly readyMs: number
  readonly stopMs: number
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5)
  const version = process.argv[3] ?? DEFAULT_FIXTURE_VERSION
  const samples: Sample[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const running = await icebergRestFixture({ version }).start({ timeoutMs: 60_000, log: () => {} })
    const readyMs = performance.now() - t0
    const t1 = performance.now()
    await running.stop()
    samples.push({ readyMs: Math.round(readyMs), stopMs: Math.round(performance.now() - t1) })
  }
  const result = {
    version,
    runs,
    java: process.env['JAVA_HOME'] ?? 'java on PATH',
    readyMs: { median: median(samples.map((s) => s.readyMs)), samples: samples.map((s) => s.readyMs) },
    stopMs: { median: median(samples.map((s) => s.stopMs)), samples: samples.map((s) => s.stopMs) },
  }
  await mkdir(new URL('../out/', import.meta.url), { recursive: true })
  await writeFile(
    new URL('../out/java-fixture-startup.json', import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  )
  console.log(JSON.stringify(result))
}

await main()
