/**
 * ETag and If-None-Match on tables. Optional in
 * Iceberg (no ETag or no 304 is "unsupported"), definite in the original document (profile `document`: MUST).
 * Where ETags are sent they must identify one metadata version: a stale ETag never gets a 304.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { commit, createTableBody, stateOf } from '../_harness/support/commit-steps.ts'
import type { TableRef } from '../_harness/support/commit-steps.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { addUnreferencedSnapshot, etagTable } from './etag-tables.ts'

/** The ETag of a response; ends the test as unsupported when there is none and ETags are optional. */
function etagOf(ctx: Fixtures, ex: Exchange, what: string): string {
  const tag = ex.headers.etag
  if (tag) return tag
  if (ctx.meta.level !== 'MUST') ctx.unsupported(`no ETag on ${what} (ETags are optional in Iceberg)`)
  ctx.check.that(false, `${what} carries an ETag header`, { received: ex.headers, level: 'MUST' })
  return ''
}

const table = (ctx: Fixtures): Promise<TableRef> => etagTable(ctx, 'etag')

operation('loadTable', () => {
  rule(
    {
      id: 'etag/create/present',
      title: 'createTable answers with an ETag',
      requires: ['createTable'],
    },
    async (ctx) => {
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'etag')
      const ex = await ctx.catalog.op.createTable({
        namespace,
        body: createTableBody(ctx.sandbox.names.table('c')),
      })
      ctx.check.conform(ex, { status: 200 })
      etagOf(ctx, ex, 'the create response')
    },
  )

  rule(
    {
      id: 'etag/load/304-when-unchanged',
      title: 'a load with If-None-Match of the current ETag is 304 with no body',
      requires: ['createTable', 'loadTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      const first = await ctx.catalog.op.loadTable(ref)
      ctx.check.conform(first, { status: 200 })
      const tag = etagOf(ctx, first, 'the load response')
      const again = await ctx.catalog.op.loadTable({ ...ref, headers: { 'if-none-match': tag } })
      if (again.status === 200 && ctx.meta.level !== 'MUST')
        ctx.unsupported('the server never answers 304 (optional in Iceberg)')
      ctx.check.conform(again, { status: 304 })
    },
  )

  rule(
    {
      id: 'etag/load/200-after-commit',
      title: 'after a commit, the old ETag gets 200 with the new metadata and a different ETag',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      const first = await ctx.catalog.op.loadTable(ref)
      ctx.check.setup(first, 'load the table')
      if (!first.headers.etag) ctx.unsupported('no ETag on loadTable (ETags are optional in Iceberg)')
      const old = first.headers.etag ?? ''
      const committed = stateOf(
        ctx.check.setup(
          await commit(ctx.catalog, ref, [], [{ action: 'set-properties', updates: { e: '1' } }]),
          'commit',
        ),
      )
      const again = await ctx.catalog.op.loadTable({ ...ref, headers: { 'if-none-match': old } })
      const body = stateOf(ctx.check.conform(again, { status: 200 }))
      ctx.check.equal(
        body.metadataLocation,
        committed.metadataLocation,
        'the 200 carries the committed metadata',
      )
      ctx.check.that(again.headers.etag !== old, 'the ETag changed with the metadata', {
        received: again.headers.etag,
      })
    },
  )

  rule(
    {
      id: 'etag/load/representations-differ',
      title: 'snapshots=all and snapshots=refs responses of one version get different ETags',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      await addUnreferencedSnapshot(ctx, ref)
      const all = await ctx.catalog.op.loadTable({ ...ref, query: { snapshots: 'all' } })
      const refs = await ctx.catalog.op.loadTable({ ...ref, query: { snapshots: 'refs' } })
      ctx.check.setup(all, 'load snapshots=all')
      ctx.check.setup(refs, 'load snapshots=refs')
      if (!all.headers.etag || !refs.headers.etag)
        ctx.unsupported('no ETag on loadTable (ETags are optional in Iceberg)')
      ctx.check.that(all.headers.etag !== refs.headers.etag, 'the two representations have different ETags', {
        received: [all.headers.etag, refs.headers.etag],
      })
    },
  )
})

operation('updateTable', () => {
  rule(
    {
      id: 'etag/commit/usable-for-if-none-match',
      // Optional in Iceberg; the original document makes ETag and 304 definite.
      title: "a commit's ETag is current: a load with it is 304",
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const ref = await table(ctx)
      const ex = await commit(ctx.catalog, ref, [], [{ action: 'set-properties', updates: { e: '2' } }])
      ctx.check.conform(ex, { status: 200 })
      const strict = ctx.run.profile === 'document'
      if (!ex.headers.etag && !strict) ctx.unsupported('no ETag on the commit response (optional)')
      ctx.check.that(Boolean(ex.headers.etag), 'the commit response carries an ETag', {
        received: ex.headers.etag,
      })
      const headers = { 'if-none-match': ex.headers.etag ?? '' }
      let again = await ctx.catalog.op.loadTable({ ...ref, headers })
      // The commit response is the full metadata, the representation of snapshots=all (the default). A server may
      // tag the explicit and the implicit form apart: the commit's ETag is usable if either answers 304.
      if (again.status === 200)
        again = await ctx.catalog.op.loadTable({ ...ref, headers, query: { snapshots: 'all' } })
      if (again.status === 200 && !strict) ctx.unsupported('the server answers 200, not 304 (optional)')
      ctx.check.conform(again, { status: 304 })
    },
  )
})
