/**
 * Throughput and latency (p50 / p99) of loadTable, commitTable, listTables (1,000 tables, paged) and
 * createNamespace at each concurrency, against the reference server and the Java REST fixture in the same
 * run (when prepared), each in its own process, with the ratio reference / Java.
 *
 *   npx tsx bench/throughput.ts
 */
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fixtureLayout } from '../suites/_harness/targets/iceberg-rest-fixture.ts'
import { BenchHttp } from './lib/http.ts'
import { runLoad, type LoadResult } from './lib/load.ts'
import { LOADS, prepareLoads, type LoadName } from './lib/scenarios.ts'
import { round } from './lib/stats.ts'
import { startJavaFixture, startReference, type BenchServer } from './lib/targets.ts'

export interface ThroughputOptions {
  readonly concurrencies: readonly number[]
  readonly maxRequests: number
  readonly maxMs: number
  /** Warm-up per load before measuring (the JVM compiles hot paths; V8 too). */
  readonly warmupMs: number
  readonly listSize: number
  /** Also run against the Java fixture (skipped when it is not prepared). */
  readonly java: boolean
}

export const DEFAULT_THROUGHPUT: ThroughputOptions = {
  concurrencies: [1, 16, 64],
  maxRequests: 20_000,
  maxMs: 5_000,
  warmupMs: 2_000,
  listSize: 1000,
  java: true,
}

export type ServerResults = Record<LoadName, LoadResult[]> & { pagesPerListing: number }

async function measure(server: BenchServer, o: ThroughputOptions, log: (l: string) => void) {
  const http = new BenchHttp(server.url, Math.max(...o.concurrencies))
  try {
    const { factories, pagesPerListing } = await prepareLoads(
      http,
      `bench${Date.now().toString(36)}`,
      o.listSize,
    )
    const out = { pagesPerListing } as ServerResults
    for (const load of LOADS) {
      await runLoad(
        { concurrency: 16, maxRequests: o.maxRequests, maxMs: o.warmupMs },
        await factories[load](16),
      )
      out[load] = []
      for (const concurrency of o.concurrencies) {
        const op = await factories[load](concurrency)
        const r = await runLoad({ concurrency, maxRequests: o.maxRequests, maxMs: o.maxMs }, op)
        log(
          `${server.name} ${load} c=${concurrency}: ${r.opsPerS} op/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`,
        )
        out[load].push(r)
      }
    }
    return out
  } finally {
    await http.close()
  }
}

/** Runs every load on the reference server, then on the Java fixture; ratios are reference / Java op/s. */
export async function throughput(
  o: ThroughputOptions = DEFAULT_THROUGHPUT,
  log: (l: string) => void = () => {},
) {
  const ref = await startReference()
  let reference: ServerResults
  try {
    reference = await measure(ref, o, log)
  } finally {
    await ref.stop()
  }
  let java: ServerResults | undefined
  const prepared = existsSync(fixtureLayout().root) && fixtureLayout().ready
  if (o.java && prepared) {
    const server = await startJavaFixture()
    try {
      java = await measure(server, o, log)
    } finally {
      await server.stop()
    }
  }
  const ratio: Partial<Record<LoadName, number[]>> = {}
  if (java)
    for (const load of LOADS)
      ratio[load] = reference[load].map((r, i) =>
        round(r.opsPerS / Math.max(java[load][i]?.opsPerS ?? 0, 1e-9)),
      )
  return {
    options: o,
    loadAvg1mAtEnd: round(loadavg()[0] ?? 0),
    reference,
    ...(java
      ? { java, ratio }
      : { java: o.java ? 'not prepared (run fixtures/targets/iceberg-rest-fixture/prepare.sh)' : 'skipped' }),
  }
}
