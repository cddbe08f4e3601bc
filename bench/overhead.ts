/**
 * Harness overhead per exchange: the same loadTable (and listNamespaces) sent `n` times as raw undici
 * requests and through the harness path a conformance test uses (CatalogClient → Transport with
 * redaction and the curl line → Checker.conform with every check and the AJV response schema → a record
 * like dsl.ts's), interleaved so that machine load hits both alike. Against the reference server in its
 * own process, at concurrency 1.
 *
 *   npx tsx bench/overhead.ts
 */
import { loadavg } from 'node:os'
import { Checker } from '../suites/_harness/checker.ts'
import { CatalogClient } from '../suites/_harness/client.ts'
import type { Exchange } from '../suites/_harness/http/exchange.ts'
import { recordOf } from '../suites/_harness/http/exchange.ts'
import { Redactor } from '../suites/_harness/http/redact.ts'
import { Transport } from '../suites/_harness/http/transport.ts'
import type { ConformanceMeta } from '../suites/_harness/results/meta.ts'
import { BenchHttp } from './lib/http.ts'
import { namespaceWithTables, Paths } from './lib/scenarios.ts'
import { median, percentile, round } from './lib/stats.ts'
import { startReference } from './lib/targets.ts'

const RUN_PREFIX = 'benchoverhead'

function meta(): ConformanceMeta {
  return {
    area: 'bench',
    operationId: 'loadTable',
    rule: 'bench/overhead',
    level: 'MUST',
    title: 'bench',
    violations: [],
    exchanges: [],
  }
}

/** What dsl.ts records per exchange: the same record, and the same cap. */
function record(m: ConformanceMeta, ex: Exchange, redactor: Redactor): void {
  m.exchanges.push(recordOf(ex, redactor))
  if (m.exchanges.length > 40) m.exchanges.splice(1, m.exchanges.length - 40)
}

function summary(samples: number[]) {
  return { medianMs: round(median(samples), 3), p99Ms: round(percentile(samples, 99), 3) }
}

/** Raw vs harness time per exchange for loadTable and listNamespaces, `n` of each, after `warmup`. */
export async function overhead(n = 2000, warmup = 300, keepAliveMs?: number) {
  const server = await startReference(30_000, keepAliveMs)
  const http = new BenchHttp(server.url, 1)
  const redactor = new Redactor(['bench-secret-token-value'])
  const transport = new Transport({ timeoutMs: 30_000, redactor, connections: 1 })
  try {
    const paths = await Paths.of(http)
    const ns = [`${RUN_PREFIX}_ns`]
    await namespaceWithTables(http, paths, ns, 1)
    const client = new CatalogClient({
      baseUrl: server.url,
      caps: paths.caps,
      transport,
      headers: { authorization: 'Bearer bench-secret-token-value' },
      runPrefix: RUN_PREFIX,
    })
    const cases = {
      loadTable: {
        raw: () => http.call('GET', paths.table(ns, 't0')),
        harness: () => client.op.loadTable({ namespace: ns, table: 't0' }),
      },
      listNamespaces: {
        raw: () => http.call('GET', paths.namespaces()),
        harness: () => client.op.listNamespaces(),
      },
    }
    const out: Record<string, unknown> = {}
    for (const [name, c] of Object.entries(cases)) {
      const raw: number[] = []
      const harness: number[] = []
      const checkOnly: number[] = []
      for (let i = 0; i < warmup + n; i++) {
        const t0 = performance.now()
        await c.raw()
        const t1 = performance.now()
        const m = meta()
        const checker = new Checker(m, new Set())
        const ex = await c.harness()
        const t2 = performance.now()
        checker.conform(ex, { status: 200 })
        record(m, ex, redactor)
        const t3 = performance.now()
        if (i < warmup) continue
        raw.push(t1 - t0)
        harness.push(t3 - t1)
        checkOnly.push(t3 - t2)
      }
      const r = summary(raw)
      const h = summary(harness)
      out[name] = {
        raw: r,
        harness: h,
        checksAndRecord: summary(checkOnly),
        overheadPct: round(((h.medianMs - r.medianMs) / r.medianMs) * 100, 1),
      }
    }
    return { n, warmup, server: server.name, loadAvg1mAtEnd: round(loadavg()[0] ?? 0), ...out }
  } finally {
    await transport.close()
    await http.close()
    await server.stop()
  }
}
