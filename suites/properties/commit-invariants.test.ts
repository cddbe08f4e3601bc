/**
 * Property: random VALID commit sequences keep the table metadata invariants and do
 * what each update says: add-schema with set-current-schema -1
 * makes the schema just added current, add-spec / add-sort-order with -1 make them the default, explicit
 * ids switch to existing ones, snapshots move main or a branch, tags and branches are set and removed, main
 * is rolled back, properties behave like a map, set-location moves the table, and (when the server takes
 * format v3) upgrade-format-version raises the version. After every commit the response and a reload must
 * hold every invariant, agree with each other, and show what the one-step model expects. Snapshot ids are random
 * 63-bit longs, as real writers make them, so refs, current-snapshot-id and snapshots must carry them exactly.
 * Covers what the Iceberg compatibility kit never sends.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { commitSequence } from '../_harness/arbitraries/commit-sequence.ts'
import { planCommit } from '../_harness/support/commit-plan.ts'
import { commit, createTableBody, stateOf } from '../_harness/support/commit-steps.ts'
import type { TableState } from '../_harness/support/commit-steps.ts'
import { expectCommitHistory, expectTableInvariants } from '../_harness/support/invariants.ts'
import { equalExact } from '../_harness/support/exact-equal.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { cleanRefusal, UPDATE_REFUSALS } from '../_harness/support/refusal.ts'
import { freshNamespace } from '../_harness/support/scratch.ts'
import { laneRuns, lanedProperty } from '../_harness/support/lanes.ts'
import { blockIfLeftToRules } from '../_harness/support/carried-answers.ts'
import type { LeftToRule } from '../_harness/support/carried-answers.ts'
import { validCaseRule, validCaseStatus } from '../commits/valid-case-probe.ts'
import { RELEASES } from '../../schemas/operations.ts'
import type { Release } from '../../schemas/operations.ts'

const RULE = 'properties/commits/valid-sequences-keep-invariants'

operation('updateTable', () => {
  rule(
    {
      id: RULE,
      title: 'random valid commit sequences are applied as the updates say and keep the metadata invariants',
      requires: ['createNamespace', 'createTable', 'loadTable', 'updateTable', 'dropTable', 'dropNamespace'],
    },
    async (ctx) => {
      const { run, meta, catalog, sandbox, check } = ctx
      const { ns, drop } = await freshNamespace(sandbox, catalog, 'commitseq')
      const release = (run.profile === 'document' ? '1.11' : run.profile) as Release
      let v3 = false
      if (RELEASES.indexOf(release) >= RELEASES.indexOf('1.10')) {
        const probe = await catalog.op.createTable({
          namespace: ns,
          body: createTableBody('v3probe', { properties: { 'format-version': '3' } }),
        })
        v3 = probe.status === 200 && stateOf(probe.json).metadata['format-version'] === 3
      }
      let n = 0
      const rule = { rule: RULE }
      const left: LeftToRule[] = []
      // The status each action's valid case gets, probed once (valid-case-probe.ts) and only after a commit of it failed.
      const validAnswers = new Map<string, Promise<number | undefined>>()
      const actionCarrying = async (
        updates: readonly Record<string, unknown>[],
        status: number,
      ): Promise<string | undefined> => {
        for (const action of new Set(updates.map((u) => String(u.action)))) {
          let answer = validAnswers.get(action)
          if (!answer) validAnswers.set(action, (answer = validCaseStatus(ctx, ns, action)))
          if ((await answer) === status) return validCaseRule(action)
        }
        return undefined
      }
      try {
        await checkProperty(
          { run, meta },
          () =>
            // Snapshot ids as real writers make them, random over 63 bits: each must come back exactly. Each run
            // drives LANES sequences at once, each on a table of its own (lanes.ts): the commits of a table follow one
            // another, but the tables do not, so the property is not the run's longest chain at a network distance.
            lanedProperty(commitSequence({ maxCommits: 6, longIds: true }), async (intents) => {
              const ref = { namespace: ns, table: `t${++n}` }
              const created = await catalog.op.createTable({
                namespace: ns,
                body: createTableBody(ref.table),
              })
              let state: TableState = stateOf(check.setup(created, 'create the table'))
              const baseLocation = state.metadata.location ?? ''
              // The run's table stays until the namespace is dropped after the property, with every other run's at
              // once: a drop here, one after another, was a round trip of each run (the file's chain is the run's
              // longest at a network distance).
              for (const [i, intent] of intents.entries()) {
                const plan = planCommit(intent, state.metadata, { v3, baseLocation, now: Date.now() })
                if (plan.updates.length === 0) continue
                const where = `commit ${i + 1} (${plan.updates.map((u) => String(u.action)).join(', ')})`
                const ex = await commit(catalog, ref, [], plan.updates)
                // A clean 403 or 406 refuses an update kind (no sentence obliges a catalog to take every one):
                // the commit applied nothing, and the sequence goes on from the same table.
                if (cleanRefusal(ex, UPDATE_REFUSALS)) {
                  check.conform(ex, { status: ex.status })
                  const kept = stateOf(check.conform(await catalog.op.loadTable(ref), { status: 200 }))
                  check.equal(
                    kept.metadataLocation,
                    state.metadataLocation,
                    `${where} was refused: nothing changed`,
                  )
                  continue
                }
                // An answer the valid case of one of the commit's actions gets too is that action's defect, judged by
                // its commits/updates rule: the sequence ends there, left to it (lakana's 422 to any set-location).
                if (ex.status !== 200) {
                  const carrier = await actionCarrying(plan.updates, ex.status)
                  if (carrier) {
                    left.push({
                      rule: carrier,
                      why: `${where} answered ${ex.status}, as that rule's valid case did`,
                    })
                    return
                  }
                }
                const after = stateOf(check.conform(ex, { status: 200 }))
                expectTableInvariants(check, after.metadata, { ...rule, where: `the response to ${where}` })
                if (plan.changes) expectCommitHistory(check, state, after, where)
                const reload = stateOf(check.conform(await catalog.op.loadTable(ref), { status: 200 }))
                expectTableInvariants(check, reload.metadata, {
                  ...rule,
                  where: `the reload after ${where}`,
                })
                check.equal(
                  reload.metadataLocation,
                  after.metadataLocation,
                  `${where}: a reload returns the metadata-location of the commit response`,
                )
                for (const e of plan.expectations) {
                  const response = `${where}, response: ${e.what}`
                  equalExact(check, e.actual(after.metadata), e.expected, response, { ex })
                  equalExact(check, e.actual(reload.metadata), e.expected, `${where}, reload: ${e.what}`)
                }
                state = reload
              }
            }),
          { maxRuns: laneRuns(12) },
        )
        blockIfLeftToRules({ meta }, left)
      } finally {
        await drop()
      }
    },
  )
})
