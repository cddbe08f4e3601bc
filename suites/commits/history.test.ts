/**
 * The history a commit records in table metadata, as the table spec words it (should, not must): each change of the
 * current snapshot adds a snapshot-log entry, and `last-updated-ms` is updated just before each metadata file is
 * written, so it moves forward from one commit to the next. (That each commit adds the previous metadata file to
 * metadata-log is commits/invariants/metadata-log, asserted after every commit of the commit suites.)
 */
import { operation, rule } from '../_harness/dsl.ts'
import { commit, newSnapshot, setupTable, stateOf } from '../_harness/support/commit-steps.ts'
import type { TableMd, TableRef, TableState } from '../_harness/support/commit-steps.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { lastUpdatedViolations } from '../_harness/support/invariants.ts'

/** The snapshot ids of a snapshot-log, in log order (an absent log is empty: the field is optional). */
function logIds(md: TableMd): unknown[] {
  const log = Array.isArray(md['snapshot-log']) ? md['snapshot-log'] : []
  return log.map((e) => (e as { 'snapshot-id'?: unknown } | null)?.['snapshot-id'])
}

const setMain = (id: unknown) => ({
  action: 'set-snapshot-ref',
  'ref-name': 'main',
  type: 'branch',
  'snapshot-id': id,
})

async function freshTable(ctx: Fixtures, label: string): Promise<{ ref: TableRef; state: TableState }> {
  const namespace = await ctx.sandbox.namespace(ctx.catalog, 'hist')
  const ref = { namespace, table: ctx.sandbox.names.table(label) }
  return { ref, state: await setupTable(ctx.catalog, ctx.check, namespace, ref.table) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * How long the clock must run before a later `last-updated-ms` is due: a server whose clock ticks in whole seconds
 * still updates the field "just before writing", so "it advanced" is only judged once more than a second has passed.
 */
const CLOCK_TICK_MS = 1_100

operation('updateTable', () => {
  rule(
    {
      id: 'commits/invariants/snapshot-log',
      title: 'each change of the current snapshot adds a snapshot-log entry naming the new current snapshot',
      requires: ['createTable', 'updateTable'],
    },
    async (ctx) => {
      const { ref, state: created } = await freshTable(ctx, 'slog')
      let before = created
      /** Commits `updates`, which make `current` the current snapshot, and judges the log it answers. */
      const step = async (what: string, updates: unknown[], current: number): Promise<void> => {
        const ex = await commit(ctx.catalog, ref, [], updates)
        const after = stateOf(ctx.check.setup(ex, `commit: ${what}`))
        ctx.check.equal(
          logIds(after.metadata),
          [...logIds(before.metadata), current],
          `after ${what}, the snapshot-log holds the earlier entries and one more, naming ${current}`,
        )
        before = after
      }
      // Three changes of the current snapshot: a first snapshot, a second one, and a rollback to the first (no
      // snapshot added in that commit, which a server may handle apart).
      const first = newSnapshot(before.metadata)
      const s1 = first['snapshot-id'] as number
      await step(
        'main set to a first snapshot',
        [{ action: 'add-snapshot', snapshot: first }, setMain(s1)],
        s1,
      )
      const second = newSnapshot(before.metadata, s1)
      const s2 = second['snapshot-id'] as number
      await step(
        'main set to a second snapshot',
        [{ action: 'add-snapshot', snapshot: second }, setMain(s2)],
        s2,
      )
      await step('main rolled back to the first snapshot', [setMain(s1)], s1)
    },
  )

  rule(
    {
      id: 'commits/invariants/last-updated-ms',
      title:
        'last-updated-ms moves forward with each commit: never back, and past the creation once time has passed',
      requires: ['createTable', 'updateTable'],
    },
    async (ctx) => {
      const { ref, state: created } = await freshTable(ctx, 'lum')
      const createdAt = Date.now()
      const times: number[] = []
      /** The version's last-updated-ms; also judges it against the logs of the same document. */
      const stamp = (s: TableState, where: string): number => {
        const inside = lastUpdatedViolations(s.metadata)
        ctx.check.that(inside.length === 0, `${where}: last-updated-ms is not before the newest log entry`, {
          received: inside,
          expected: [],
        })
        const t = s.metadata['last-updated-ms']
        return typeof t === 'number' ? t : Number(t)
      }
      times.push(stamp(created, 'the create response'))
      const commitOnce = async (i: number): Promise<void> => {
        // Properties only: with a snapshot in the commit, some servers take the snapshot's own timestamp (which
        // the harness set) for last-updated-ms, and the test would judge the harness's clock.
        const ex = await commit(
          ctx.catalog,
          ref,
          [],
          [{ action: 'set-properties', updates: { 'conformance.n': String(i) } }],
        )
        const now = stamp(stateOf(ctx.check.setup(ex, `commit ${i}`)), `commit ${i}`)
        const prev = times.at(-1) ?? Number.NaN
        ctx.check.that(now >= prev, `commit ${i}: last-updated-ms never goes back`, {
          received: now,
          expected: `>= ${prev} (the previous version's)`,
        })
        times.push(now)
      }
      for (let i = 1; i <= 3; i++) {
        await sleep(5)
        await commitOnce(i)
      }
      if ((times.at(-1) ?? 0) <= (times[0] ?? 0)) {
        // Nothing moved yet: let more than a clock tick pass since the create, then commit once more.
        await sleep(Math.max(0, createdAt + CLOCK_TICK_MS - Date.now()))
        await commitOnce(4)
      }
      ctx.check.that(
        (times.at(-1) ?? 0) > (times[0] ?? 0),
        'last-updated-ms of the last commit is later than that of the creation',
        { received: times, expected: `a last value above ${times[0]}` },
      )
    },
  )
})
