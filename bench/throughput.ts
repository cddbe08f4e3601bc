/**
 * Throughput and latency (p50 / p99) of loadTable, commitTable, listTables (1,000 tables, paged) and
 * createNamespace at each concurrency, against the reference server and the Java REST fixture in the same
 * run (when prepared), each in its own process, with the ratio reference / Java.
 *
 *   npx tsx bench/throughput.ts
 */
import { loadavg } from 'node:os'
import { fixtureLayout } from '../app/targets/iceberg-rest-fixture.ts'
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
  /** Also run against the reference server with a 5 s keep-alive timeout (see ref-child.ts). */
  readonly keepAliveVariant: boolean
}

export const DEFAULT_THROUGHPUT: ThroughputOptions = {
  concurrencies: [1, 16, 64],
  maxRequests: 20_000,
  maxMs: 5_000,
  warmupMs: 2_000,
  listSize: 1000,
  java: true,
  keepAliveVariant: true,
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

async function measureOn(start: () => Promise<BenchServer>, o: ThroughputOptions, log: (l: string) => void) {
  const server = await start()
  try {
    return await measure(server, o, log)
  } finally {
    await server.stop()
  }
}

function ratios(a: ServerResults, b: ServerResults): Record<LoadName, number[]> {
  const out = {} as Record<LoadName, number[]>
  for (const load of LOADS)
    out[load] = a[load].map((r, i) => round(r.opsPerS / Math.max(b[load][i]?.opsPerS ?? 0, 1e-9)))
  return out
}

/**
 * Runs every load on the reference server (as shipped, then with a 5 s keep-alive when `keepAliveVariant`),
 * then on the Java fixture; ratios are reference op/s over Java op/s, cell by cell.
 */
export async function throughput(
  o: ThroughputOptions = DEFAULT_THROUGHPUT,
  log: (l: string) => void = () => {},
) {
  const reference = await measureOn(() => startReference(), o, log)
  const keepAlive5s = o.keepAliveVariant
    ? await measureOn(() => startReference(30_000, 5000), o, log)
    : undefined
  const prepared = fixtureLayout().ready
  const java = o.java && prepared ? await measureOn(() => startJavaFixture(), o, log) : undefined
  return {
    options: o,
    loadAvg1mAtEnd: round(loadavg()[0] ?? 0),
    reference,
    ...(keepAlive5s ? { keepAlive5s } : {}),
    ...(java
      ? {
          java,
          ratioShippedOverJava: ratios(reference, java),
          ...(keepAlive5s ? { ratioKeepAlive5sOverJava: ratios(keepAlive5s, java) } : {}),
        }
      : { java: o.java ? 'not prepared (run fixtures/targets/iceberg-rest-fixture/prepare.sh)' : 'skipped' }),
  }
}
