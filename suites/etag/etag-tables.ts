/** The tables the ETag suites judge: a fresh table, and one whose two `snapshots` representations differ. */
import type { Fixtures } from '../_harness/dsl.ts'
import {
  commit,
  currentSnapshot,
  newSnapshot,
  setupTable,
  stateOf,
} from '../_harness/support/commit-steps.ts'
import type { TableRef } from '../_harness/support/commit-steps.ts'

/** A fresh table in a fresh namespace named after `label`. */
export async function etagTable(ctx: Fixtures, label: string): Promise<TableRef> {
  const ref = {
    namespace: await ctx.sandbox.namespace(ctx.catalog, label),
    table: ctx.sandbox.names.table('e'),
  }
  await setupTable(ctx.catalog, ctx.check, ref.namespace, ref.table)
  return ref
}

/** Adds a snapshot no ref points at: snapshots=refs then leaves it out, so the two representations differ. */
export async function addUnreferencedSnapshot(ctx: Fixtures, ref: TableRef): Promise<void> {
  const loaded = stateOf(ctx.check.setup(await ctx.catalog.op.loadTable(ref), 'load'))
  const snap = newSnapshot(loaded.metadata, currentSnapshot(loaded.metadata))
  ctx.check.setup(
    await commit(ctx.catalog, ref, [], [{ action: 'add-snapshot', snapshot: snap }]),
    'add a snapshot no ref points at',
  )
}
