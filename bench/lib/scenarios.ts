/**
 * The four loads of the throughput benchmark, on one server: loadTable of one table, commitTable without
 * conflicts (each worker commits to its own table, no requirements), listTables paging through a namespace
 * of 1,000 tables, and createNamespace with fresh names. Paths follow the server's GET /v1/config.
 */
import { encodeNamespace } from '../../suites/_harness/client.ts'
import { parseCapabilities, type Capabilities } from '../../suites/_harness/capabilities.ts'
import type { BenchHttp } from './http.ts'

export type LoadName = 'loadTable' | 'commitTable' | 'listTables' | 'createNamespace'
export const LOADS: readonly LoadName[] = ['loadTable', 'commitTable', 'listTables', 'createNamespace']

/** A small schema every server accepts. */
export const SCHEMA = {
  type: 'struct',
  'schema-id': 0,
  fields: [
    { id: 1, name: 'id', type: 'long', required: true },
    { id: 2, name: 'data', type: 'string', required: false },
  ],
}

/** Paths of one server: prefix and namespace separator as its config says. */
export class Paths {
  private readonly root: string

  readonly caps: Capabilities
  constructor(caps: Capabilities) {
    this.caps = caps
    this.root = caps.prefix === '' ? '/v1' : `/v1/${encodeURIComponent(caps.prefix)}`
  }

  static async of(http: BenchHttp): Promise<Paths> {
    return new Paths(parseCapabilities(await http.ok('GET', '/v1/config')))
  }

  namespaces(): string {
    return `${this.root}/namespaces`
  }

  tables(ns: readonly string[]): string {
    return `${this.root}/namespaces/${encodeNamespace(ns, this.caps)}/tables`
  }

  table(ns: readonly string[], name: string): string {
    return `${this.tables(ns)}/${encodeURIComponent(name)}`
  }
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool<T>(items: readonly T[], limit: number, fn: (t: T) => Promise<unknown>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** Creates a namespace and `count` tables named t0… in it. */
export async function namespaceWithTables(http: BenchHttp, paths: Paths, ns: string[], count: number) {
  await http.ok('POST', paths.namespaces(), { namespace: ns })
  const names = Array.from({ length: count }, (_, i) => `t${i}`)
  await pool(names, 16, (name) => http.ok('POST', paths.tables(ns), { name, schema: SCHEMA }))
}

function expect2xx(r: { status: number; json: unknown }, what: string): void {
  if (r.status < 200 || r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json)}`)
}

/**
 * Sets up what the loads need (under `tag`) and returns one op factory per load: `op(concurrency)` gives
 * the `(worker, seq)` function the load generator calls. `listTables` holds `listSize` tables.
 */
export async function prepareLoads(http: BenchHttp, tag: string, listSize = 1000, maxConcurrency = 64) {
  const paths = await Paths.of(http)
  const base = [`${tag}_load`]
  await namespaceWithTables(http, paths, base, 1)
  const listNs = [`${tag}_list`]
  await namespaceWithTables(http, paths, listNs, listSize)
  const commitNs = [`${tag}_commit`]
  await http.ok('POST', paths.namespaces(), { namespace: commitNs })
  let round = 0
  let created = 0
  const factories: Record<
    LoadName,
    (concurrency: number) => Promise<(w: number, seq: number) => Promise<void>>
  > = {
    loadTable: async () => async () =>
      expect2xx(await http.call('GET', paths.table(base, 't0')), 'loadTable'),
    commitTable: async (concurrency) => {
      // Fresh tables per round, one per worker: commits never conflict and metadata starts small.
      const r = round++
      const names = Array.from({ length: Math.min(concurrency, maxConcurrency) }, (_, w) => `c${r}_${w}`)
      await pool(names, 16, (name) => http.ok('POST', paths.tables(commitNs), { name, schema: SCHEMA }))
      return async (w, seq) =>
        expect2xx(
          await http.call('POST', paths.table(commitNs, names[w]!), {
            requirements: [],
            updates: [{ action: 'set-properties', updates: { 'bench.seq': String(seq) } }],
          }),
          'commitTable',
        )
    },
    listTables: async (concurrency) => {
      // Each worker walks the listing page by page (pageSize 100) and starts over at the end.
      const tokens: (string | undefined)[] = Array.from({ length: concurrency }, () => undefined)
      return async (w) => {
        const token = tokens[w]
        const q = `?pageSize=100${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`
        const r = await http.call('GET', `${paths.tables(listNs)}${q}`)
        expect2xx(r, 'listTables')
        const next = (r.json as { 'next-page-token'?: string | null } | undefined)?.['next-page-token']
        tokens[w] = next ?? undefined
      }
    },
    createNamespace: async () => async () =>
      expect2xx(
        await http.call('POST', paths.namespaces(), { namespace: [`${tag}_ns_${created++}`] }),
        'createNamespace',
      ),
  }
  return { paths, factories, pagesPerListing: await countPages(http, paths.tables(listNs)) }
}

/** Pages of one full listing at pageSize 100 (1 when the server does not paginate). */
async function countPages(http: BenchHttp, path: string): Promise<number> {
  let pages = 0
  let token: string | undefined
  do {
    const json = (await http.ok(
      'GET',
      `${path}?pageSize=100${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
    )) as { 'next-page-token'?: string | null }
    token = json['next-page-token'] ?? undefined
    pages++
  } while (token !== undefined && pages < 10_000)
  return pages
}
