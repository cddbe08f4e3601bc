/**
 * updateTable updates: every update kind changes the returned and the
 * reloaded metadata as it should; the commit answers the new metadata-location that a load then returns; the
 * metadata invariants hold after the commit; an unknown action is refused (every release) with 400 (from 1.7)
 * and applies nothing.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { anyClientError } from '../_harness/support/statuses.ts'
import { UNKNOWN_ACTION_COMMIT, UNKNOWN_PROBE } from '../_harness/support/unknown-kinds.ts'
import { commit, setupCaseTable, setupLoad, setupTable, stateOf } from '../_harness/support/commit-steps.ts'
import { endIfRefused, UPDATE_REFUSALS } from '../_harness/support/refusal.ts'
import { expectCommitHistoryBesidePlain, expectTableInvariants } from '../_harness/support/invariants.ts'
import { stable } from '../_harness/checker.ts'
import { canonicalMetadata } from '../../schemas/model/canonical.ts'
import { UPDATE_CASES } from './update-cases.ts'

export const RELOAD_RULE = 'commits/response/equals-reload'

/** The distinct actions of a list of updates, for a reason line ("add-schema, set-current-schema"). */
const kinds = (updates: readonly unknown[]): string =>
  [...new Set(updates.map((u) => String((u as { action?: unknown }).action)))].join(', ')

operation('updateTable', () => {
  for (const c of UPDATE_CASES) {
    rule(
      {
        id: `commits/updates/${c.action}`,
        title: c.title,
        requires: ['createTable', 'loadTable', 'updateTable'],
      },
      async (ctx) => {
        const { catalog, sandbox, check } = ctx
        const namespace = await sandbox.namespace(catalog, 'upd')
        const ref = { namespace, table: sandbox.names.table(c.action) }
        const setUp = await setupCaseTable(ctx, ref, c)
        let state = setUp.state
        const sid = setUp.snapshotId
        // No sentence obliges a catalog to take every update kind: a clean 403 or 406 to one (here, or to the
        // preparing commit, mostly the counterpart kind: set-statistics before remove-statistics) is a refusal of the
        // feature, and the rule about what the update does is not judged.
        // A refused commit applies nothing: the table keeps the metadata-location it had before it.
        const unchanged = (before: string) => async () => {
          const now = await setupLoad(catalog, check, ref)
          check.equal(now.metadataLocation, before, 'a refused commit leaves metadata-location unchanged')
        }
        if (c.prepare) {
          const preparing = c.prepare(state.metadata, sid, ctx.run.profile)
          const prepared = await commit(catalog, ref, [], preparing)
          const what = `the preparing update kinds ${kinds(preparing)}`
          await endIfRefused(ctx, prepared, what, UPDATE_REFUSALS, unchanged(state.metadataLocation))
          state = stateOf(check.setup(prepared, 'prepare'))
        }

        const updates = c.updates(state.metadata, sid, ctx.run.profile)
        const ex = await commit(catalog, ref, [], updates)
        const what = `the update kinds ${kinds(updates)}`
        await endIfRefused(ctx, ex, what, UPDATE_REFUSALS, unchanged(state.metadataLocation))
        const after = stateOf(check.conform(ex, { status: 200 }))
        const returned = c.effect(after.metadata, state.metadata, sid)
        check.that(returned === undefined, `the commit response shows the ${c.action} effect: ${returned}`)
        const loaded = await setupLoad(catalog, check, ref)
        const reloaded = c.effect(loaded.metadata, state.metadata, sid)
        check.that(reloaded === undefined, `the reloaded table shows the ${c.action} effect: ${reloaded}`)

        check.equal(
          loaded.metadataLocation,
          after.metadataLocation,
          'a load after the commit returns its metadata-location',
          {
            rule: RELOAD_RULE,
            level: 'MUST',
          },
        )
        check.that(
          // The same metadata, whatever order the server lists id-keyed entries in (the spec fixes none).
          stable(canonicalMetadata(loaded.metadata)) === stable(canonicalMetadata(after.metadata)),
          'a load after the commit returns the committed metadata',
          {
            rule: RELOAD_RULE,
            level: 'SHOULD',
          },
        )
        expectTableInvariants(check, after.metadata, { where: 'the commit response' })
        await expectCommitHistoryBesidePlain(check, state, after, 'the commit', async () => {
          const plainBefore = await setupLoad(catalog, check, ref)
          const plain = await commit(
            catalog,
            ref,
            [],
            [{ action: 'set-properties', updates: { 'conformance.plain': c.action } }],
          )
          return plain.status === 200 ? { before: plainBefore, after: stateOf(plain.json) } : undefined
        })
      },
    )
  }

  // Two parts with their own releases: a commit's updates are "changes to make to table metadata" in every
  // release's document, so a success that skipped one it does not know is wrong under every profile (any 4xx
  // refuses); the 400 came with 1.7 and is judged from there.
  rule(
    {
      id: 'commits/updates/unknown-action-refused',
      title: 'an unknown update action is refused with a 4xx and applies nothing',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const { ex, expectUnchanged } = await commitUnknownAction(ctx)
      ctx.check.conform(ex, { status: anyClientError(ex.status, 400) })
      await expectUnchanged()
    },
  )

  rule(
    {
      id: 'commits/updates/unknown-action-400',
      title: 'an unknown update action is 400 and applies nothing',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const { ex, expectUnchanged } = await commitUnknownAction(ctx)
      ctx.check.conform(ex, { status: 400 })
      await expectUnchanged()
    },
  )
})

/**
 * A fresh table and a commit to it that sets a probe property next to an action no release defines, with the
 * check that follows a refusal: the table kept its metadata-location and has no probe.
 */
async function commitUnknownAction({
  catalog,
  sandbox,
  check,
}: Fixtures): Promise<{ ex: Exchange; expectUnchanged: () => Promise<void> }> {
  const namespace = await sandbox.namespace(catalog, 'upd')
  const ref = { namespace, table: sandbox.names.table('unknown') }
  const state = await setupTable(catalog, check, namespace, ref.table)
  const ex = await commit(catalog, ref, UNKNOWN_ACTION_COMMIT.requirements, UNKNOWN_ACTION_COMMIT.updates)
  const expectUnchanged = async (): Promise<void> => {
    const loaded = await setupLoad(catalog, check, ref)
    check.equal(
      loaded.metadataLocation,
      state.metadataLocation,
      'the rejected commit left metadata-location unchanged',
    )
    check.that(
      loaded.metadata.properties?.[UNKNOWN_PROBE] === undefined,
      'the rejected commit applied nothing',
      {
        received: loaded.metadata.properties,
      },
    )
  }
  return { ex, expectUnchanged }
}
