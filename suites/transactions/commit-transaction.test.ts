/**
 * commitTransaction: a multi-table commit applies every
 * table change or none; 204 with no body on success; 404 when a table is missing; unknown updates refused (every
 * release) with 400 (from 1.7).
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { setupLoad, setupTable } from '../_harness/support/commit-steps.ts'
import type { TableRef, TableState } from '../_harness/support/commit-steps.ts'
import { uuid4 } from '../_harness/support/uuid.ts'
import { anyClientError } from '../_harness/support/statuses.ts'
import type { Exchange } from '../_harness/http/exchange.ts'

const REQUIRES = ['createTable', 'loadTable', 'commitTransaction'] as const
const PROBE = 'conformance.tx'

async function twoTables(ctx: Fixtures): Promise<{ refs: TableRef[]; states: TableState[] }> {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'tx')
  const refs = [0, 1].map((i) => ({ namespace, table: ctx.sandbox.names.table(`t${i}`) }))
  const states = []
  for (const r of refs) states.push(await setupTable(ctx.catalog, ctx.check, r.namespace, r.table))
  return { refs, states }
}

const change = (ref: TableRef, uuid: string | undefined, value: string) => ({
  identifier: { namespace: ref.namespace, name: ref.table },
  requirements: [{ type: 'assert-table-uuid', uuid }],
  updates: [{ action: 'set-properties', updates: { [PROBE]: value } }],
})

/** Every table keeps its metadata-location and has no probe property. */
async function expectUntouched(ctx: Fixtures, refs: TableRef[], states: TableState[]): Promise<void> {
  for (const [i, ref] of refs.entries()) {
    const loaded = await setupLoad(ctx.catalog, ctx.check, ref)
    ctx.check.equal(
      loaded.metadataLocation,
      states[i]?.metadataLocation,
      `table ${i + 1} keeps its metadata-location`,
    )
    ctx.check.equal(loaded.metadata.properties?.[PROBE], undefined, `table ${i + 1} has none of the changes`)
  }
}

/** Two fresh tables and a multi-table commit whose second change carries an action no release defines. */
async function commitUnknownUpdate(
  ctx: Fixtures,
): Promise<{ refs: TableRef[]; states: TableState[]; ex: Exchange }> {
  const { refs, states } = await twoTables(ctx)
  const [a, b] = refs as [TableRef, TableRef]
  const bad = change(b, states[1]?.metadata['table-uuid'], 'b')
  const ex = await ctx.catalog.op.commitTransaction({
    body: {
      'table-changes': [
        change(a, states[0]?.metadata['table-uuid'], 'a'),
        { ...bad, updates: [...bad.updates, { action: 'conformance-unknown-action' }] },
      ],
    },
  })
  return { refs, states, ex }
}

operation('commitTransaction', () => {
  rule(
    {
      id: 'transactions/commit/applies-all',
      title: 'a multi-table commit answers 204 and applies the change of every table',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { refs, states } = await twoTables(ctx)
      const ex = await ctx.catalog.op.commitTransaction({
        body: { 'table-changes': refs.map((r, i) => change(r, states[i]?.metadata['table-uuid'], `v${i}`)) },
      })
      ctx.check.conform(ex, { status: 204 })
      for (const [i, ref] of refs.entries()) {
        const loaded = await setupLoad(ctx.catalog, ctx.check, ref)
        ctx.check.equal(loaded.metadata.properties?.[PROBE], `v${i}`, `table ${i + 1} has its change`)
        ctx.check.that(
          loaded.metadataLocation !== states[i]?.metadataLocation,
          `table ${i + 1} has a new metadata-location`,
          {
            received: loaded.metadataLocation,
          },
        )
      }
    },
  )

  rule(
    {
      id: 'transactions/commit/all-or-nothing',
      title: 'a failing requirement on one table is 409 and no table is changed',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { refs, states } = await twoTables(ctx)
      const [a, b] = refs as [TableRef, TableRef]
      const ex = await ctx.catalog.op.commitTransaction({
        body: {
          'table-changes': [change(a, states[0]?.metadata['table-uuid'], 'a'), change(b, uuid4(), 'b')],
        },
      })
      ctx.check.conform(ex, { status: 409, errorType: /CommitFailed/ })
      await expectUntouched(ctx, refs, states)
    },
  )

  rule(
    {
      id: 'transactions/commit/missing-table-404',
      title: 'a multi-table commit naming a missing table is 404 and no table is changed',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { refs, states } = await twoTables(ctx)
      const [a] = refs as [TableRef]
      const missing = { namespace: a.namespace, table: ctx.sandbox.names.table('missing') }
      const ex = await ctx.catalog.op.commitTransaction({
        body: {
          'table-changes': [change(a, states[0]?.metadata['table-uuid'], 'a'), change(missing, uuid4(), 'm')],
        },
      })
      ctx.check.conform(ex, { status: 404, errorType: /NoSuchTable/ })
      await expectUntouched(ctx, refs.slice(0, 1), states)
    },
  )

  // Two parts with their own releases: a table change's updates are "changes to make to table metadata" in every
  // release's document, so a success that skipped one it does not know is wrong under every profile (any 4xx
  // refuses); the 400 came with 1.7 and is judged from there.
  rule(
    {
      id: 'transactions/commit/unknown-update-refused',
      title: 'an unknown update action in a multi-table commit is refused with a 4xx and no table is changed',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { refs, states, ex } = await commitUnknownUpdate(ctx)
      ctx.check.conform(ex, { status: anyClientError(ex.status, 400) })
      await expectUntouched(ctx, refs, states)
    },
  )

  rule(
    {
      id: 'transactions/commit/unknown-update-400',
      title: 'an unknown update action in a multi-table commit is 400 and no table is changed',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { refs, states, ex } = await commitUnknownUpdate(ctx)
      ctx.check.conform(ex, { status: 400 })
      await expectUntouched(ctx, refs, states)
    },
  )
})
