/**
 * Memory of the reference server holding `tables` tables (10,000 by default, 100 per namespace), in its
 * own process: RSS and peak RSS (VmHWM) from /proc after creating them over HTTP, and after a GC-friendly
 * pause. The full-run peak RSS is measured by certify.ts.
 *
 *   npx tsx bench/memory.ts
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { BenchHttp } from './lib/http.ts'
import { peakRssOf, rssOf } from './lib/proc.ts'
import { Paths, pool, SCHEMA } from './lib/scenarios.ts'
import { startReference } from './lib/targets.ts'

const mb = (b: number | undefined) => (b === undefined ? undefined : Math.round(b / 2 ** 20))

/** Creates `tables` tables in the reference server and reads its memory. */
export async function memory(tables = 10_000, perNamespace = 100) {
  const server = await startReference()
  const http = new BenchHttp(server.url, 16)
  try {
    const pid = server.pid ?? -1
    const paths = await Paths.of(http)
    await sleep(500)
    const idleRssMb = mb(rssOf(pid))
    const t0 = performance.now()
    const namespaces = Math.ceil(tables / perNamespace)
    for (let n = 0; n < namespaces; n++) {
      const ns = [`mem${n}`]
      await http.ok('POST', paths.namespaces(), { namespace: ns })
      const names = Array.from(
        { length: Math.min(perNamespace, tables - n * perNamespace) },
        (_, i) => `t${i}`,
      )
      await pool(names, 16, (name) => http.ok('POST', paths.tables(ns), { name, schema: SCHEMA }))
    }
    const fillMs = Math.round(performance.now() - t0)
    await sleep(1000)
    return {
      tables,
      namespaces,
      fillMs,
      createTablePerS: Math.round(tables / (fillMs / 1000)),
      idleRssMb,
      rssMb: mb(rssOf(pid)),
      peakRssMb: mb(peakRssOf(pid)),
    }
  } finally {
    await http.close()
    await server.stop()
  }
}
