/**
 * Pagination of listNamespaces over the direct children of a `parent`: the run
 * cannot know every top-level namespace of a shared catalog, but it knows every child of its own parent.
 * Nesting is optional (a refused child namespace is "unsupported"), and so is paginating (a server that
 * ignores pageToken/pageSize and omits next-page-token is "unsupported" where the rule is about pages).
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { joinNamespace } from '../_harness/client.ts'
import { endsListing, lastPageToken } from './last-page.ts'

const CHILDREN = 5
const PAGE = 2
/** Enough pages for every child plus slack; more means an endless token. */
const MAX_PAGES = Math.ceil(CHILDREN / PAGE) + 2
const REQUIRES = ['createNamespace', 'listNamespaces'] as const

interface ListBody {
  namespaces?: string[][]
  'next-page-token'?: string | null
}

const key = (ns: readonly string[]): string => JSON.stringify(ns)

/** A run namespace with CHILDREN child namespaces (setup); unsupported when the server refuses nesting. */
async function seed(ctx: Fixtures): Promise<{ parent: string[]; children: string[] }> {
  const parent = await ctx.sandbox.namespace(ctx.catalog, 'npage')
  const children: string[] = []
  for (let i = 0; i < CHILDREN; i++) {
    const child = [...parent, `c${i}`]
    const ex = await ctx.catalog.op.createNamespace({ body: { namespace: child } })
    if (i === 0 && (ex.status === 400 || ex.status === 406 || ex.status === 501))
      ctx.unsupported(`nested namespaces refused (create answered ${ex.status})`)
    ctx.check.setup(ex, `create child namespace ${i}`)
    children.push(key(child))
  }
  return { parent, children: children.sort() }
}

/** Follows next-page-token from `pageToken=` with pageSize under `parent`; stops after MAX_PAGES. */
async function walk(ctx: Fixtures, parent: string[]) {
  const pages: ListBody[] = []
  const p = joinNamespace(parent, ctx.catalog.caps)
  let token: string | null | undefined = ''
  while (typeof token === 'string' && pages.length < MAX_PAGES) {
    const ex = await ctx.catalog.op.listNamespaces({ query: { parent: p, pageToken: token, pageSize: PAGE } })
    const body = ctx.check.conform<ListBody>(ex, { status: 200 })
    pages.push(body)
    token = body['next-page-token']
  }
  const paginates = pages.some((b) => typeof b['next-page-token'] === 'string')
  const unpaged = !paginates && !('next-page-token' in (pages[0] ?? {}))
  return { pages, ended: typeof token !== 'string', paginates, unpaged }
}

operation('listNamespaces', () => {
  rule(
    {
      id: 'pagination/listNamespaces/page-size-upper-bound',
      title: 'pageSize is an upper bound on each page of namespaces of a paginating server',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { parent } = await seed(ctx)
      const { pages, unpaged } = await walk(ctx, parent)
      if (unpaged)
        ctx.unsupported('the server does not paginate (it returns everything and omits next-page-token)')
      for (const [i, b] of pages.entries())
        ctx.check.that((b.namespaces ?? []).length <= PAGE, `page ${i + 1} holds at most pageSize=${PAGE}`, {
          received: b.namespaces,
        })
    },
  )

  rule(
    {
      id: 'pagination/listNamespaces/each-item-once',
      title: 'following next-page-token lists every child exactly once and ends with a null token',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { parent, children } = await seed(ctx)
      const { pages, ended, paginates, unpaged } = await walk(ctx, parent)
      if (unpaged)
        ctx.unsupported('the server does not paginate (it returns everything and omits next-page-token)')
      ctx.check.that(ended, `the listing ends within ${MAX_PAGES} pages (an endless token is a failure)`, {
        received: pages.map((b) => b['next-page-token']),
      })
      const seen = pages.flatMap((b) => (b.namespaces ?? []).map(key)).sort()
      ctx.check.equal(seen, children, 'every child is listed exactly once across the pages')
      if (paginates)
        ctx.check.that(
          endsListing(ctx.run.profile, pages.at(-1)?.['next-page-token']),
          `the last page carries ${lastPageToken(ctx.run.profile)}`,
          { received: pages.at(-1) },
        )
    },
  )

  rule(
    {
      id: 'pagination/listNamespaces/no-token-lists-all',
      title: 'without pageToken the server returns every child in one response',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { parent, children } = await seed(ctx)
      const ex = await ctx.catalog.op.listNamespaces({
        query: { parent: joinNamespace(parent, ctx.catalog.caps) },
      })
      const body = ctx.check.conform<ListBody>(ex, { status: 200 })
      ctx.check.equal((body.namespaces ?? []).map(key).sort(), children, 'every child in one response')
      ctx.check.that(
        body['next-page-token'] === null || body['next-page-token'] === undefined,
        'no next-page-token',
        { received: body['next-page-token'] },
      )
    },
  )

  rule(
    {
      id: 'pagination/listNamespaces/page-size-without-token',
      title: 'a first request with pageSize and no pageToken is answered with the listing',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { parent, children } = await seed(ctx)
      const ex = await ctx.catalog.op.listNamespaces({
        query: { parent: joinNamespace(parent, ctx.catalog.caps), pageSize: PAGE },
      })
      const body = ctx.check.conform<ListBody>(ex, { status: 200 })
      // A first page with a token is pageSize's reading (its bound is page-size-upper-bound's to judge); an answer
      // that ends the listing is the sentence's, and holds every child.
      if (typeof body['next-page-token'] !== 'string')
        ctx.check.equal(
          (body.namespaces ?? []).map(key).sort(),
          children,
          'an answer without next-page-token holds every child',
        )
    },
  )

  rule(
    {
      id: 'pagination/listNamespaces/invalid-token-400',
      title: 'a namespace page token the server never issued is 400',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { parent } = await seed(ctx)
      const ex = await ctx.catalog.op.listNamespaces({
        query: {
          parent: joinNamespace(parent, ctx.catalog.caps),
          pageToken: 'conformance~not~a~token',
          pageSize: PAGE,
        },
      })
      if (ex.status === 200 && !('next-page-token' in ((ex.json ?? {}) as object)))
        ctx.unsupported('the server does not paginate: it ignores pageToken as the spec allows')
      ctx.check.conform(ex, { status: 400 })
    },
  )
})
