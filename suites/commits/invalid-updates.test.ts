/**
 * updateTable with an update of a known kind that cannot be applied (invalid-updates.ts): the commit is refused
 * with a 4xx and nothing is applied — metadata-location unchanged on reload. Accepting it would leave metadata that
 * breaks the table spec, and clients would fail to read the table. A 5xx is not a refusal: for commits it means
 * CommitStateUnknown ("the commit may or may not have been applied"), which sends clients into recovery for a
 * request that was simply wrong.
 */
import { operation, rule } from '../_harness/dsl.ts'
import {
  createTableBodyV,
  setupLoad,
  setupSnapshot,
  setupTable,
  commit,
} from '../_harness/support/commit-steps.ts'
import { INVALID_UPDATE_CASES } from './invalid-updates.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

operation('updateTable', () => {
  for (const c of INVALID_UPDATE_CASES) {
    rule(
      {
        id: `commits/invalid-updates/${c.id}`,
        title: `a commit with ${c.what} is refused with a 4xx and applies nothing`,
        requires: ['createTable', 'loadTable', 'updateTable'],
      },
      async ({ catalog, sandbox, check }) => {
        const namespace = await sandbox.namespace(catalog, 'inv')
        const ref = { namespace, table: sandbox.names.table(c.id) }
        let state = await setupTable(
          catalog,
          check,
          namespace,
          ref.table,
          createTableBodyV(ref.table, c.formatVersion ?? 2),
        )
        let sid = 0
        if (c.snapshot) ({ state, snapshotId: sid } = await setupSnapshot(catalog, check, ref, state))
        const ex = await commit(catalog, ref, [], c.updates(state.metadata, sid))
        // Any 4xx refuses (the spec's examples use 400); the envelope and schema checks run on whatever came back.
        check.conform(ex, { status: anyClientError(ex.status) })
        const after = await setupLoad(catalog, check, ref)
        check.equal(
          after.metadataLocation,
          state.metadataLocation,
          'a refused commit leaves metadata-location unchanged',
        )
      },
    )
  }
})
