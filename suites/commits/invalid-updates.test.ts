/**
 * updateTable with an update of a known kind that cannot be applied (invalid-updates.ts): the commit is refused
 * with a 4xx and nothing is applied — metadata-location unchanged on reload. Accepting it would leave metadata that
 * breaks the table spec, and clients would fail to read the table. A 5xx is not a refusal: for commits it means
 * CommitStateUnknown ("the commit may or may not have been applied"), which sends clients into recovery for a
 * request that was simply wrong.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { Blocked } from '../_harness/results/errors.ts'
import {
  createTableBodyV,
  setupLoad,
  setupSnapshot,
  setupTable,
  commit,
} from '../_harness/support/commit-steps.ts'
import { INVALID_UPDATE_CASES } from './invalid-updates.ts'
import { validCaseRule, validCaseStatus } from './valid-case-probe.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

/**
 * A server error to an invalid variant is the action's own defect when the valid case of that action
 * (valid-case-probe.ts, commits/updates/<action>'s) gets the same server error on a fresh table: the server fails the
 * action itself (a parser that does not know it), and the variant's rule is blocked by that rule. Sent only after a
 * 5xx, so a server that refuses the variant sends nothing more.
 */
async function blockIfActionItselfFails(
  ctx: Fixtures,
  namespace: string[],
  action: string,
  status: number,
): Promise<void> {
  if (status < 500) return
  const carrier = validCaseRule(action)
  if ((await validCaseStatus(ctx, namespace, action)) === status)
    throw new Blocked(
      `blocked by ${carrier}: the valid ${action} got the same ${status} as this invalid one, as judged there`,
      carrier,
    )
}

operation('updateTable', () => {
  for (const c of INVALID_UPDATE_CASES) {
    rule(
      {
        id: `commits/invalid-updates/${c.id}`,
        title: `a commit with ${c.what} is refused with a 4xx and applies nothing`,
        requires: ['createTable', 'loadTable', 'updateTable'],
      },
      async (ctx) => {
        const { catalog, sandbox, check } = ctx
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
        const updates = c.updates(state.metadata, sid)
        const ex = await commit(catalog, ref, [], updates)
        await blockIfActionItselfFails(
          ctx,
          namespace,
          String((updates[0] as { action: unknown }).action),
          ex.status,
        )
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
