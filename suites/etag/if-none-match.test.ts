/**
 * If-None-Match beyond one ETag: `*` matches any current representation
 * and a list matches when any of its entity tags does. A server that evaluates If-None-Match answers 304 to
 * both on an unchanged table; that is optional in Iceberg (unsupported when it never answers 304) and definite
 * in the original document (profile `document`: MUST). Whatever the profile, `*` never turns a missing table
 * into a 304, and a list of stale ETags never gets one. The ETag of the other `snapshots` mode of the same version is
 * not current for this one (1.11: distinct representations "should have distinct ETags"), so it gets 200.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { TableRef } from '../_harness/support/commit-steps.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { addUnreferencedSnapshot, etagTable } from './etag-tables.ts'

/** Entity tags no server issued (quoted, as RFC 9110 writes them). */
const STALE = ['"conformance-stale-1"', '"conformance-stale-2"']

const MODES = ['all', 'refs'] as const
type Mode = (typeof MODES)[number]

/** The opaque part of an entity tag: If-None-Match compares weakly (RFC 9110 §8.8.3.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

const table = (ctx: Fixtures): Promise<TableRef> => etagTable(ctx, 'inm')

/** The table's current ETag; unsupported when the server sends none (and ETags are optional). */
async function currentEtag(ctx: Fixtures, ref: TableRef): Promise<string> {
  const ex = await ctx.catalog.op.loadTable(ref)
  ctx.check.setup(ex, 'load the table')
  const tag = ex.headers.etag
  if (tag) return tag
  if (ctx.meta.level !== 'MUST') ctx.unsupported('no ETag on loadTable (ETags are optional in Iceberg)')
  ctx.check.that(false, 'the load response carries an ETag header', { received: ex.headers })
  return ''
}

/** A 200 where a 304 is due is "unsupported" unless the profile makes 304 definite. */
function expect304(ctx: Fixtures, ex: Exchange, what: string): void {
  if (ex.status === 200 && ctx.meta.level !== 'MUST')
    ctx.unsupported(`the server answers 200 to ${what} (optional in Iceberg)`)
  ctx.check.conform(ex, { status: 304 })
}

operation('loadTable', () => {
  rule(
    {
      id: 'etag/if-none-match/star-304',
      title: 'If-None-Match: * on an existing table is 304 with no body',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      const probe = await ctx.catalog.op.loadTable({ ...ref, headers: { 'if-none-match': '*' } })
      if (probe.status === 200 && !probe.headers.etag && ctx.meta.level !== 'MUST')
        ctx.unsupported('no ETag on loadTable (ETags are optional in Iceberg)')
      expect304(ctx, probe, 'If-None-Match: *')
    },
  )

  rule(
    {
      id: 'etag/if-none-match/star-missing-404',
      title: 'If-None-Match: * on a table that does not exist is 404, never 304',
      requires: ['createNamespace', 'loadTable'],
    },
    async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'inm')
      const ex = await ctx.catalog.op.loadTable({
        namespace,
        table: ctx.sandbox.names.table('none'),
        headers: { 'if-none-match': '*' },
      })
      ctx.check.conform(ex, { status: 404, errorType: /NoSuchTable/ })
    },
  )

  rule(
    {
      id: 'etag/if-none-match/list-304',
      title: 'a list of ETags that holds the current one is 304',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      const tag = await currentEtag(ctx, ref)
      const ex = await ctx.catalog.op.loadTable({
        ...ref,
        headers: { 'if-none-match': [STALE[0], tag, STALE[1]].join(', ') },
      })
      expect304(ctx, ex, 'a list holding the current ETag')
    },
  )

  rule(
    {
      id: 'etag/if-none-match/weak-304',
      title: 'the current ETag sent as a weak tag (W/"…") is 304: If-None-Match compares weakly',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      const tag = await currentEtag(ctx, ref)
      const weak = tag.startsWith('W/') ? tag : `W/${tag}`
      const ex = await ctx.catalog.op.loadTable({ ...ref, headers: { 'if-none-match': weak } })
      expect304(ctx, ex, 'the weak form of the current ETag')
    },
  )

  rule(
    {
      id: 'etag/if-none-match/stale-list-200',
      title: 'a list of ETags that holds no current one is 200 with the table',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      const ex = await ctx.catalog.op.loadTable({ ...ref, headers: { 'if-none-match': STALE.join(', ') } })
      const body = ctx.check.conform<{ metadata?: unknown }>(ex, { status: 200 })
      ctx.check.that(body.metadata !== undefined, 'the 200 carries the table metadata', { received: body })
    },
  )

  rule(
    {
      id: 'etag/if-none-match/other-representation-200',
      title: 'the ETag of the other snapshots mode of the same version gets 200, not 304',
      requires: ['createNamespace', 'createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      await addUnreferencedSnapshot(ctx, ref)
      const tags: Record<Mode, string> = { all: '', refs: '' }
      for (const mode of MODES) {
        const ex = await ctx.catalog.op.loadTable({ ...ref, query: { snapshots: mode } })
        ctx.check.setup(ex, `load snapshots=${mode}`)
        const tag = ex.headers.etag
        if (!tag) return ctx.unsupported('no ETag on loadTable (ETags are optional in Iceberg)')
        tags[mode] = tag
      }
      if (opaque(tags.all) === opaque(tags.refs))
        ctx.unsupported(
          'the server gives both representations one ETag (etag/load/representations-differ judges that): each ETag is current for both',
        )
      // The client holds the body of one mode and asks for the other: a 304 would have it keep the wrong body.
      for (const [mode, other] of [
        ['all', 'refs'],
        ['refs', 'all'],
      ] as const) {
        const ex = await ctx.catalog.op.loadTable({
          ...ref,
          query: { snapshots: mode },
          headers: { 'if-none-match': tags[other] },
        })
        const body = ctx.check.conform<{ metadata?: unknown } | undefined>(ex, { status: 200 })
        // A SHOULD does not end the test: a 304 has no body to look at.
        if (ex.status !== 200) continue
        ctx.check.that(
          body?.metadata !== undefined,
          `snapshots=${mode} with the ETag of snapshots=${other}: the 200 carries the table metadata`,
          { received: body },
        )
      }
    },
  )
})
