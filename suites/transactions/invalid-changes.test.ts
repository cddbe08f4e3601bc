/**
 * commitTransaction with table changes that cannot be applied: a change without the identifier the document
 * requires, an unknown requirement type, assert-create on a table that exists, and an empty list of changes. Each
 * is refused with a 4xx and no table changes — metadata-location unchanged on reload.
 * A 5xx is never a refusal: for commits it means the state is unknown, and clients start recovering.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { setupLoad, setupTable } from '../_harness/support/commit-steps.ts'
import type { TableRef, TableState } from '../_harness/support/commit-steps.ts'
import { anyClientError } from '../_harness/support/statuses.ts'
import type { Exchange } from '../_harness/http/exchange.ts'

const REQUIRES = ['createTable', 'loadTable', 'commitTransaction'] as const
const PROBE = 'conformance.tx-invalid'

async function oneTable(ctx: Fixtures, label: string): Promise<{ ref: TableRef; state: TableState }> {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'txinv')
  const ref = { namespace, table: ctx.sandbox.names.table(label) }
  return { ref, state: await setupTable(ctx.catalog, ctx.check, namespace, ref.table) }
}

const setProbe = [{ action: 'set-properties', updates: { [PROBE]: 'applied' } }]
const identifier = (ref: TableRef) => ({ namespace: ref.namespace, name: ref.table })

/** The table kept its metadata-location and has no probe property. */
async function expectUntouched(ctx: Fixtures, ref: TableRef, state: TableState): Promise<void> {
  const loaded = await setupLoad(ctx.catalog, ctx.check, ref)
  ctx.check.equal(loaded.metadataLocation, state.metadataLocation, 'the table keeps its metadata-location')
  ctx.check.equal(loaded.metadata.properties?.[PROBE], undefined, 'the table has none of the changes')
}

/** Any 4xx refuses; the envelope and schema checks run on whatever came back. */

/** A fresh table and a multi-table commit whose one change carries a requirement type no release defines. */
async function commitUnknownRequirement(
  ctx: Fixtures,
): Promise<{ ref: TableRef; state: TableState; ex: Exchange }> {
  const { ref, state } = await oneTable(ctx, 'unkreq')
  const ex = await ctx.catalog.op.commitTransaction({
    body: {
      'table-changes': [
        {
          identifier: identifier(ref),
          requirements: [{ type: 'conformance-unknown-requirement' }],
          updates: setProbe,
        },
      ],
    },
  })
  return { ref, state, ex }
}

operation('commitTransaction', () => {
  rule(
    {
      id: 'transactions/invalid/change-without-identifier',
      title: 'a table change without its identifier is refused with a 4xx and no table changes',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ref, state } = await oneTable(ctx, 'noid')
      const ex = await ctx.catalog.op.commitTransaction({
        body: {
          'table-changes': [
            { identifier: identifier(ref), requirements: [], updates: setProbe },
            { requirements: [], updates: setProbe },
          ],
        },
      })
      ctx.check.conform(ex, { status: anyClientError(ex.status) })
      await expectUntouched(ctx, ref, state)
    },
  )

  // Two parts with their own releases: a table change's requirements "will be validated before attempting to make
  // and commit changes" in every release's document, so an unknown one (which cannot be validated) is refused under
  // every profile (any 4xx); the 400 came with 1.7 and is judged from there.
  rule(
    {
      id: 'transactions/invalid/unknown-requirement-refused',
      title: 'an unknown requirement type in a multi-table commit is refused with a 4xx and no table changes',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ref, state, ex } = await commitUnknownRequirement(ctx)
      ctx.check.conform(ex, { status: anyClientError(ex.status, 400) })
      await expectUntouched(ctx, ref, state)
    },
  )

  rule(
    {
      id: 'transactions/invalid/unknown-requirement-400',
      title: 'an unknown requirement type in a multi-table commit is 400 and no table changes',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ref, state, ex } = await commitUnknownRequirement(ctx)
      ctx.check.conform(ex, { status: 400 })
      await expectUntouched(ctx, ref, state)
    },
  )

  rule(
    {
      id: 'transactions/invalid/assert-create-existing',
      title:
        'assert-create on a table that exists, inside a multi-table commit, is refused (409 or 400) and no table changes',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      const { ref, state } = await oneTable(ctx, 'exists')
      const ex = await ctx.catalog.op.commitTransaction({
        body: {
          'table-changes': [
            { identifier: identifier(ref), requirements: [{ type: 'assert-create' }], updates: setProbe },
          ],
        },
      })
      // A failed requirement is 409; a server that allows no creates in a transaction may refuse it outright (400).
      ctx.check.conform(ex, { status: ex.status === 400 ? 400 : 409 })
      await expectUntouched(ctx, ref, state)
    },
  )

  rule(
    {
      id: 'transactions/invalid/empty-changes-no-5xx',
      title: 'an empty list of table changes is answered 204 or a 4xx; a 5xx is a robustness finding',
      requires: ['commitTransaction'],
    },
    async (ctx) => {
      const ex = await ctx.catalog.op.commitTransaction({ body: { 'table-changes': [] } })
      // The document fixes no answer to an empty transaction (nothing to apply, or nothing asked): both are fine. The
      // list has no minimum, so the request is valid, and a server error to it is a robustness finding.
      ctx.check.conform(ex, {
        status: ex.status === 204 ? 204 : anyClientError(ex.status),
        serverError: 'robustness',
      })
    },
  )
})
