/**
 * Pagination of listTables and listViews. Paginating is
 * optional: a server that ignores pageToken/pageSize, returns everything and omits next-page-token is
 * "unsupported" here. A server that paginates must keep pageSize as an upper bound, list every item exactly
 * once, end with next-page-token null, and without pageToken return everything at once.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { OperationId } from '../../schemas/operations.ts'
import { createTableBody } from '../_harness/support/commit-steps.ts'
import { createViewBody } from '../_harness/support/view-steps.ts'
import { endsListing, lastPageToken } from './last-page.ts'

const ITEMS = 5
const PAGE = 2
/** Enough pages for every item plus slack; more means an endless token. */
const MAX_PAGES = Math.ceil(ITEMS / PAGE) + 2

interface Listing {
  readonly list: 'listTables' | 'listViews'
  readonly create: 'createTable' | 'createView'
}
const LISTINGS: readonly Listing[] = [
  { list: 'listTables', create: 'createTable' },
  { list: 'listViews', create: 'createView' },
]

interface ListBody {
  identifiers?: { name: string }[]
  'next-page-token'?: string | null
}

/** A namespace with ITEMS objects (setup). */
async function seed(ctx: Fixtures, l: Listing): Promise<{ namespace: string[]; names: string[] }> {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'page')
  const names: string[] = []
  for (let i = 0; i < ITEMS; i++) {
    const name = ctx.sandbox.names.table(`p${i}`)
    const body = l.create === 'createTable' ? createTableBody(name) : createViewBody(namespace, name)
    ctx.check.setup(await ctx.catalog.op[l.create]({ namespace, body }), `create item ${i}`)
    names.push(name)
  }
  return { namespace, names }
}

/** Follows next-page-token from `pageToken=` with pageSize; stops after MAX_PAGES. */
async function walk(ctx: Fixtures, l: Listing, namespace: string[]) {
  const pages: ListBody[] = []
  let token: string | null | undefined = ''
  while (token !== null && token !== undefined && pages.length < MAX_PAGES) {
    const ex = await ctx.catalog.op[l.list]({ namespace, query: { pageToken: token, pageSize: PAGE } })
    const body = ctx.check.conform<ListBody>(ex, { status: 200 })
    pages.push(body)
    token = body['next-page-token']
  }
  const paginates = pages.some((p) => typeof p['next-page-token'] === 'string')
  return { pages, ended: token === null || token === undefined, paginates }
}

const requires = (l: Listing): OperationId[] => [l.create, l.list]

for (const l of LISTINGS) {
  operation(l.list, () => {
    rule(
      {
        id: `pagination/${l.list}/page-size-upper-bound`,
        title: 'pageSize is an upper bound on each page of a paginating server',
        requires: requires(l),
      },
      async (ctx) => {
        const { namespace } = await seed(ctx, l)
        const { pages, paginates } = await walk(ctx, l, namespace)
        const first = pages[0] ?? {}
        if (!paginates && !('next-page-token' in first))
          ctx.unsupported('the server does not paginate (it returns everything and omits next-page-token)')
        for (const [i, p] of pages.entries())
          ctx.check.that(
            (p.identifiers ?? []).length <= PAGE,
            `page ${i + 1} holds at most pageSize=${PAGE} items`,
            {
              received: (p.identifiers ?? []).length,
            },
          )
      },
    )

    rule(
      {
        id: `pagination/${l.list}/each-item-once`,
        title: 'following next-page-token lists every item exactly once and ends with a null token',
        requires: requires(l),
      },
      async (ctx) => {
        const { namespace, names } = await seed(ctx, l)
        const { pages, ended, paginates } = await walk(ctx, l, namespace)
        if (!paginates && !('next-page-token' in (pages[0] ?? {})))
          ctx.unsupported('the server does not paginate (it returns everything and omits next-page-token)')
        ctx.check.that(
          ended,
          `the listing ends within ${MAX_PAGES} pages (an endless next-page-token is a failure)`,
          {
            received: pages.map((p) => p['next-page-token']),
          },
        )
        const seen = pages.flatMap((p) => (p.identifiers ?? []).map((i) => i.name)).sort()
        ctx.check.equal(seen, [...names].sort(), 'every item is listed exactly once across the pages')
        if (paginates)
          ctx.check.that(
            endsListing(ctx.run.profile, pages.at(-1)?.['next-page-token']),
            `the last page carries ${lastPageToken(ctx.run.profile)}`,
            {
              received: pages.at(-1),
            },
          )
      },
    )

    rule(
      {
        id: `pagination/${l.list}/no-token-lists-all`,
        title: 'without pageToken the server returns every item in one response',
        requires: requires(l),
      },
      async (ctx) => {
        const { namespace, names } = await seed(ctx, l)
        const body = ctx.check.conform<ListBody>(await ctx.catalog.op[l.list]({ namespace }), { status: 200 })
        ctx.check.equal(
          (body.identifiers ?? []).map((i) => i.name).sort(),
          [...names].sort(),
          'every item in one response',
        )
        ctx.check.that(
          body['next-page-token'] === null || body['next-page-token'] === undefined,
          'no next-page-token',
          {
            received: body['next-page-token'],
          },
        )
      },
    )

    rule(
      {
        id: `pagination/${l.list}/page-size-without-token`,
        title: 'a first request with pageSize and no pageToken is answered with the listing',
        requires: requires(l),
      },
      async (ctx) => {
        const { namespace, names } = await seed(ctx, l)
        const ex = await ctx.catalog.op[l.list]({ namespace, query: { pageSize: PAGE } })
        const body = ctx.check.conform<ListBody>(ex, { status: 200 })
        // A first page with a token is pageSize's reading (its bound is page-size-upper-bound's to judge); an
        // answer that ends the listing is the sentence's, and holds every item.
        if (typeof body['next-page-token'] !== 'string')
          ctx.check.equal(
            (body.identifiers ?? []).map((i) => i.name).sort(),
            [...names].sort(),
            'an answer without next-page-token holds every item',
          )
      },
    )

    rule(
      {
        id: `pagination/${l.list}/invalid-token-400`,
        title: 'a page token the server never issued is 400',
        requires: requires(l),
      },
      async (ctx) => {
        const { namespace } = await seed(ctx, l)
        const ex = await ctx.catalog.op[l.list]({
          namespace,
          query: { pageToken: 'conformance~not~a~token', pageSize: PAGE },
        })
        if (ex.status === 200 && !('next-page-token' in ((ex.json ?? {}) as object)))
          ctx.unsupported('the server does not paginate: it ignores pageToken as the spec allows')
        ctx.check.conform(ex, { status: 400 })
      },
    )
  })
}
