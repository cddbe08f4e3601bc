/**
 * Properties of pagination over random collection sizes and page sizes: paging through
 * listTables returns every table exactly once and ends (bounded: an endless token is a failure, never a
 * hang); a paginating server never returns more than `pageSize` items in a page.
 */
import fc from 'fast-check'
import { operation, rule } from '../_harness/dsl.ts'
import type { Checker } from '../_harness/checker.ts'
import type { CatalogClient } from '../_harness/client.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { lanedProperty, laneRuns } from '../_harness/support/lanes.ts'
import { createTinyTable } from '../_harness/support/scratch.ts'

interface Paged {
  readonly pages: string[][]
  /** The server sent `next-page-token` (null or a token): it paginates. */
  readonly paginating: boolean
  readonly ended: boolean
}

/** Pages through listTables with `pageSize`, at most `maxPages` requests. */
async function pageThrough(
  catalog: CatalogClient,
  check: Checker,
  ns: string[],
  pageSize: number,
  maxPages: number,
): Promise<Paged> {
  const pages: string[][] = []
  let token = ''
  let paginating = false
  for (let i = 0; i < maxPages; i++) {
    const ex = await catalog.op.listTables({ namespace: ns, query: { pageToken: token, pageSize } })
    const body = check.conform<{ identifiers?: { name: string }[]; 'next-page-token'?: string | null }>(ex, {
      status: 200,
    })
    pages.push((body.identifiers ?? []).map((id) => id.name))
    if (i === 0) paginating = Object.hasOwn(body, 'next-page-token')
    const next = body['next-page-token']
    if (next === null || next === undefined) return { pages, paginating, ended: true }
    token = next
  }
  return { pages, paginating, ended: false }
}

const sizes = fc.record({ n: fc.integer({ min: 0, max: 7 }), pageSize: fc.integer({ min: 1, max: 4 }) })

/**
 * Namespaces of this file that hold exactly n tables (t0, t1, …), each created on first use and only listed after,
 * so that every run and shrink of both properties with the same n reads the same one: a listing changes nothing, so
 * runs still cannot see each other's writes. One namespace per size instead of one per run took the file from ~200
 * table creations to at most 28 (the Java fixture spends ~10 ms of CPU on each). The sandbox drops them after the file.
 */
function withTables(
  ctx: Pick<Fixtures, 'sandbox' | 'catalog'>,
  n: number,
  body: (ns: string[], names: string[]) => Promise<void>,
): Promise<void> {
  const names = Array.from({ length: n }, (_, i) => `t${i}`)
  const ready = ctx.sandbox.shared(`tables-${n}`, async () => {
    const ns = await ctx.sandbox.namespace(ctx.catalog, `page${n}`)
    await Promise.all(names.map((name) => createTinyTable(ctx.catalog, ns, name)))
    return ns
  })
  return ready.then((ns) => body(ns, names))
}

operation('listTables', () => {
  rule(
    {
      id: 'properties/pagination/exactly-once-and-ends',
      title: 'paging through a listing returns every item exactly once and ends with a null token',
      requires: ['createNamespace', 'createTable', 'listTables', 'dropTable', 'dropNamespace'],
    },
    async (ctx) => {
      const { run, meta, catalog, check } = ctx
      await checkProperty(
        { run, meta },
        () =>
          lanedProperty(sizes, async ({ n, pageSize }) =>
            withTables(ctx, n, async (ns, names) => {
              // Bound: a paginating server needs ceil(n / pageSize) pages, plus one possibly empty last page.
              const bound = Math.ceil(n / pageSize) + 2
              const paged = await pageThrough(catalog, check, ns, pageSize, bound)
              check.that(
                paged.ended,
                `the listing ends within ${bound} pages (next-page-token becomes null)`,
                {
                  received: `${paged.pages.length} pages, still a token`,
                  expected: 'next-page-token: null on the last page',
                },
              )
              const seen = paged.pages.flat()
              check.equal([...seen].sort(), [...names].sort(), 'every table is listed exactly once')
            }),
          ),
        { runs: laneRuns(run.runs) },
      )
    },
  )

  rule(
    {
      id: 'properties/pagination/page-size-bound',
      title: 'a paginating server returns at most pageSize items per page',
      requires: ['createNamespace', 'createTable', 'listTables', 'dropTable', 'dropNamespace'],
    },
    async (ctx) => {
      const { run, meta, catalog, check } = ctx
      await checkProperty(
        { run, meta },
        () =>
          lanedProperty(sizes, async ({ n, pageSize }) =>
            withTables(ctx, n, async (ns) => {
              const paged = await pageThrough(catalog, check, ns, pageSize, Math.ceil(n / pageSize) + 2)
              if (!paged.paginating) {
                // Non-paginating servers may return more than pageSize, but must omit next-page-token.
                check.that(paged.pages.length === 1, 'a non-paginating server answers in one response')
                return
              }
              for (const [i, page] of paged.pages.entries())
                check.that(
                  page.length <= pageSize,
                  `page ${i + 1} holds at most pageSize=${pageSize} items`,
                  {
                    received: page.length,
                    expected: `<= ${pageSize}`,
                  },
                )
            }),
          ),
        { runs: laneRuns(run.runs) },
      )
    },
  )
})
