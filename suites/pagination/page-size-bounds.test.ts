/**
 * pageSize outside what the spec defines (its schema: an integer, minimum 1): 0, a negative number, something that
 * is not a number. The request is invalid; a server should refuse it with a 4xx. A server that accepts it anyway
 * must still end the listing — a next-page-token that never advances turns every client's listing into an endless
 * loop — and must never answer a server error. Each first request sends `pageToken=` beside pageSize, as Iceberg's
 * Java client does: a server that cannot answer pageSize without a token fails
 * pagination/<list>/page-size-without-token, not these rules. A 5xx is judged once, at MUST: to 0 or -1 by
 * invalid-terminates, which sends the same requests, to a word by robustness/generated-query/listTables when its own
 * `pageSize=` gets a 5xx too; invalid-refused judges which answer the others get.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { judgedInRun } from '../_harness/run-selection.ts'
import { blockIfLeftToRules } from '../_harness/support/carried-answers.ts'
import type { LeftToRule } from '../_harness/support/carried-answers.ts'
import { createTinyTable } from '../_harness/support/scratch.ts'
import { defines, pageSizeQuery } from '../_harness/support/spec-params.ts'
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
/** The values invalid-terminates sends, with the same pageToken=: a 5xx to one fails that rule at MUST. */
const NOT_POSITIVE: readonly string[] = ['0', '-1']
const TERMINATES_RULE = 'pagination/page-size/invalid-terminates'
/** Sends `pageSize=` with `pageToken=` in every run (queryOf): a 5xx to it fails that rule at MUST. */
const QUERY_RULE = 'robustness/generated-query/listTables'

/**
 * The rule that judges a 5xx to `pageSize` at MUST with the very request, or a plain one of its class (a pageSize
 * that is not a number: `pageSize=`, sent once) that got a 5xx too; undefined when none does in this run.
 */
async function crashCarrier(
  ctx: Fixtures,
  namespace: string[],
  pageSize: string,
  empty: { status?: number },
): Promise<LeftToRule | undefined> {
  const { selection } = ctx.run
  if (NOT_POSITIVE.includes(pageSize))
    return judgedInRun(selection, TERMINATES_RULE)
      ? { rule: TERMINATES_RULE, why: `pageSize=${pageSize} got a 5xx, the request that rule sends` }
      : undefined
  if (!defines(ctx.run, 'listTables', 'query', 'pageSize') || !judgedInRun(selection, QUERY_RULE))
    return undefined
  empty.status ??= (await ctx.catalog.op.listTables({ namespace, query: pageSizeQuery('') })).status
  return empty.status >= 500
    ? {
        rule: QUERY_RULE,
        why: `pageSize=${pageSize} got a 5xx, as pageSize= (that rule's own request) did: ${empty.status}`,
      }
    : undefined
}

operation('listTables', () => {
  rule(
    {
      id: 'pagination/page-size/invalid-refused',
      title: 'pageSize 0, negative or not a number is refused with a 4xx',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const namespace = await seeded(ctx)
      // Which answer is the SHOULD here; a 5xx to a value the schema refuses is a MUST (400 is named for a validation
      // failure), judged once by the rule that sends the same request or one of its class (crashCarrier).
      const left: LeftToRule[] = []
      const empty: { status?: number } = {}
      for (const pageSize of INVALID) {
        const ex = await ctx.catalog.op.listTables({ namespace, query: pageSizeQuery(pageSize) })
        const carrier = ex.status >= 500 ? await crashCarrier(ctx, namespace, pageSize, empty) : undefined
        if (carrier) left.push(carrier)
        else ctx.check.conform(ex, { status: anyClientError(ex.status) })
      }
      blockIfLeftToRules(ctx, left)
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
        let ex = await ctx.catalog.op.listTables({ namespace, query: pageSizeQuery(pageSize) })
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
