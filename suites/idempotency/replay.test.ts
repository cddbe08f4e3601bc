/**
 * Idempotency-Key replay, only where the server advertises idempotency-key-lifetime: a
 * replay with the same key returns an equivalent response and has no second effect (a replayed create is
 * not 409, a replayed drop is not 404, a replayed commit writes no new metadata); a finalized 409 is replayed.
 * What the spec leaves open (a key reused with another body) is at most a warning.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { anySuccess } from '../_harness/support/statuses.ts'
import { commit, createTableBody, setupLoad, setupTable } from '../_harness/support/commit-steps.ts'
import {
  idempotencyKey as key,
  requireIdempotency,
  requirePlainReplay,
} from '../_harness/support/idempotency.ts'

operation('createNamespace', () => {
  rule(
    {
      id: 'idempotency/createNamespace/replay',
      title: 'a replayed createNamespace answers 200 again, not 409',
      requires: ['createNamespace'],
    },
    async (ctx) => {
      await requireIdempotency(ctx)
      const headers = key()
      const body = { namespace: ctx.sandbox.names.namespace('idem') }
      ctx.check.setup(await ctx.catalog.op.createNamespace({ body, headers }), 'first create')
      const again = await ctx.catalog.op.createNamespace({ body, headers })
      const replay = ctx.check.conform<{ namespace?: string[] }>(again, { status: 200 })
      ctx.check.equal(replay.namespace, body.namespace, 'the replay is an equivalent response')
    },
  )

  rule(
    {
      id: 'idempotency/createNamespace/replays-409',
      title: 'a finalized 409 is replayed even after the conflict is gone',
      requires: ['createNamespace', 'dropNamespace'],
    },
    async (ctx) => {
      await requireIdempotency(ctx)
      await requirePlainReplay('idempotency/createNamespace/replay', async () => {
        const headers = key()
        const body = { namespace: ctx.sandbox.names.namespace('idemplain') }
        ctx.check.setup(await ctx.catalog.op.createNamespace({ body, headers }), 'a plain create')
        const again = await ctx.catalog.op.createNamespace({ body, headers })
        return again.status === 200 ? undefined : again.status
      })
      const ns = await ctx.sandbox.namespace(ctx.catalog, 'idem409')
      const headers = key()
      ctx.check.setup(
        await ctx.catalog.op.createNamespace({ body: { namespace: ns }, headers }),
        'conflicting create',
        409,
      )
      ctx.check.setup(await ctx.catalog.op.dropNamespace({ namespace: ns }), 'drop the namespace')
      const again = await ctx.catalog.op.createNamespace({ body: { namespace: ns }, headers })
      ctx.check.conform(again, { status: 409 })
    },
  )

  rule(
    {
      id: 'idempotency/key-reuse/no-second-effect',
      title: 'a key reused with another body does not run the second operation',
      requires: ['createNamespace', 'loadNamespaceMetadata'],
    },
    async (ctx) => {
      await requireIdempotency(ctx)
      const headers = key()
      ctx.check.setup(
        await ctx.catalog.op.createNamespace({
          body: { namespace: ctx.sandbox.names.namespace('a') },
          headers,
        }),
        'first create',
      )
      const other = ctx.sandbox.names.namespace('b')
      await ctx.catalog.op.createNamespace({ body: { namespace: other }, headers })
      const load = await ctx.catalog.op.loadNamespaceMetadata({ namespace: other })
      ctx.check.that(load.status === 404, 'the second body under a used key was not executed', {
        received: load.status,
      })
    },
  )
})

operation('updateTable', () => {
  rule(
    {
      id: 'idempotency/table-ops/replay',
      title:
        'replayed createTable, updateTable and dropTable answer as the first time and have no second effect',
      requires: ['createTable', 'updateTable', 'dropTable', 'loadTable'],
    },
    async (ctx) => {
      await requireIdempotency(ctx)
      const { catalog, check } = ctx
      const namespace = await ctx.sandbox.namespace(catalog, 'idemt')
      const ref = { namespace, table: ctx.sandbox.names.table('t') }
      const create = key()
      const body = createTableBody(ref.table)
      const created = check.setup<{ metadata?: { 'table-uuid'?: string } }>(
        await catalog.op.createTable({ namespace, body, headers: create }),
        'create',
      )
      const replayed = check.conform<{ metadata?: { 'table-uuid'?: string } }>(
        await catalog.op.createTable({ namespace, body, headers: create }),
        { status: 200 },
      )
      // Equivalent, not merely equal in status: a server that re-created the table would answer a new uuid.
      check.equal(
        replayed.metadata?.['table-uuid'],
        created.metadata?.['table-uuid'],
        'the replayed create answers the same table (same table-uuid)',
      )
      const upd = key()
      const updates = [{ action: 'set-properties', updates: { 'conformance.idem': '1' } }]
      const first = check.setup<{ 'metadata-location'?: string }>(
        await commit(catalog, ref, [], updates, upd),
        'commit',
      )
      check.conform(await commit(catalog, ref, [], updates, upd), { status: 200 })
      const loaded = await setupLoad(catalog, check, ref)
      check.equal(
        loaded.metadataLocation,
        first['metadata-location'],
        'the replayed commit wrote no new metadata',
      )
      const drop = key()
      check.setup(await catalog.op.dropTable({ ...ref, headers: drop }), 'drop')
      // A success, not the 404 of a second drop; the documented 204 is tables/drop/204-then-gone's to judge.
      const replayedDrop = await catalog.op.dropTable({ ...ref, headers: drop })
      check.conform(replayedDrop, { status: anySuccess(replayedDrop.status, 204) })
    },
  )

  rule(
    {
      id: 'idempotency/commitTransaction/replay',
      title: 'a replayed commitTransaction answers 204 and writes no new metadata',
      requires: ['createTable', 'commitTransaction', 'loadTable'],
    },
    async (ctx) => {
      await requireIdempotency(ctx)
      const namespace = await ctx.sandbox.namespace(ctx.catalog, 'idemx')
      const ref = { namespace, table: ctx.sandbox.names.table('x') }
      await setupTable(ctx.catalog, ctx.check, namespace, ref.table)
      const headers = key()
      const body = {
        'table-changes': [
          {
            identifier: { namespace, name: ref.table },
            requirements: [],
            updates: [{ action: 'set-properties', updates: { k: 'v' } }],
          },
        ],
      }
      ctx.check.setup(await ctx.catalog.op.commitTransaction({ body, headers }), 'commit')
      const after = await setupLoad(ctx.catalog, ctx.check, ref)
      // A success; the documented 204 is transactions/commit/applies-all's to judge.
      const replayed = await ctx.catalog.op.commitTransaction({ body, headers })
      ctx.check.conform(replayed, { status: anySuccess(replayed.status, 204) })
      const again = await setupLoad(ctx.catalog, ctx.check, ref)
      ctx.check.equal(again.metadataLocation, after.metadataLocation, 'the replay wrote no new metadata')
    },
  )
})
