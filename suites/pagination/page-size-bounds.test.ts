/**
 * pageSize outside what the spec defines (its schema: an integer, minimum 1): 0, a negative number, something that
 * is not a number. The request is invalid; a server should refuse it with a 4xx. A server that accepts it anyway
 * must still end the listing — a next-page-token that never advances turns every client's listing into an endless
 * loop — and must never answer a server error. Each first request sends `pageToken=` beside pageSize, as Iceberg's
 * Java client does: a server that cannot answer pageSize without a token fails
 * pagination/<list>/page-size-without-token, not these rules.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { createTinyTable } from '../_harness/support/scratch.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

const TABLES = 3
/** Pages a terminating listing of TABLES tables needs at most, at any page size of at least 1, plus slack. */
const MAX_PAGES = TABLES + 2
const REQUIRES = ['createNamespace', 'createTable', 'listTables'] as const

interface ListBody {
  identifiers?: unknown[]
  'next-page-token'?: string | null
}

async function seeded(ctx: Fixtures): Promise<string[]> {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'psize')
  await Promise.all(
    Array.from({ length: TABLES }, (_, i) => createTinyTable(ctx.catalog, namespace, `t${i}`)),
  )
  return namespace
}

const INVALID = ['0', '-1', 'ten'] as const

operation('listTables', () => {
  rule(
    {
      id: 'pagination/page-size/invalid-refused',
      title: 'pageSize 0, negative or not a number is refused with a 4xx',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const namespace = await seeded(ctx)
      for (const pageSize of INVALID) {
        const ex = await ctx.catalog.op.listTables({ namespace, query: { pageSize, pageToken: '' } })
        ctx.check.conform(ex, { status: anyClientError(ex.status) })
      }
    },
  )

  rule(
    {
      id: 'pagination/page-size/invalid-terminates',
      title:
        'a listing with pageSize 0 or negative, where a server accepts it, ends: no endless next-page-token',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const namespace = await seeded(ctx)
      for (const pageSize of ['0', '-1']) {
        let ex = await ctx.catalog.op.listTables({ namespace, query: { pageSize, pageToken: '' } })
        if (ex.status >= 400 && ex.status < 500) continue // refused: nothing to follow
        let body = ctx.check.conform<ListBody>(ex, { status: 200 })
        let pages = 1
        while (typeof body['next-page-token'] === 'string' && pages < MAX_PAGES) {
          ex = await ctx.catalog.op.listTables({
            namespace,
            query: { pageSize, pageToken: body['next-page-token'] },
          })
          body = ctx.check.conform<ListBody>(ex, { status: 200 })
          pages++
        }
        ctx.check.that(
          typeof body['next-page-token'] !== 'string',
          `the listing with pageSize=${pageSize} ends within ${MAX_PAGES} pages`,
          { received: `still a next-page-token after ${pages} pages` },
        )
      }
    },
  )
})
