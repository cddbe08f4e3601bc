/**
 * Commits and renames under contention that a correct server must survive without a client error or a crash:
 * K commits that each add a snapshot and create their own branch do not conflict in what they change, but they race
 * on the table's sequence numbers. A server that does not rebase answers 409 (retryable: the client reloads and
 * retries); from Iceberg 1.11 a stale sequence number is a retryable 409, before it a 400. A racing rename and drop
 * of one table end in one of the two serial orders, never a 5xx.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { RELEASES, type Release } from '../../schemas/operations.ts'
import { appendUpdates, needsRace, race, raceTable } from './race.ts'
import type { TableFacts } from './race.ts'

/** Statuses a racing snapshot commit may get under the run's profile (400 only before 1.11). */
function racingSnapshotStatuses(profile: string): number[] {
  const release = (profile === 'document' ? '1.11' : profile) as Release
  return RELEASES.indexOf(release) >= RELEASES.indexOf('1.11') ? [200, 409] : [200, 400, 409]
}

operation('updateTable', () => {
  rule(
    {
      id: 'concurrency/commits/branches-retryable',
      title:
        'K commits racing to add a snapshot each on its own branch get 200 or a retryable 409, and every 200 is kept',
      requires: ['createNamespace', 'createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      needsRace(ctx)
      const { catalog, check, run } = ctx
      const { ns, md } = await raceTable(ctx, 'branches')
      const ids = Array.from({ length: run.concurrency }, (_, i) => 8_000_000 + i)
      const results = await race(catalog, run.concurrency, (i, racer) =>
        racer.op.updateTable({
          namespace: ns,
          table: 't',
          body: {
            requirements: [{ type: 'assert-ref-snapshot-id', ref: `b${i}`, 'snapshot-id': null }],
            updates: appendUpdates(md, ids[i]!, `b${i}`),
          },
        }),
      )
      const allowed = racingSnapshotStatuses(run.profile)
      for (const ex of results) check.conform(ex, { status: allowed })
      const final = check.conform<TableFacts>(await catalog.op.loadTable({ namespace: ns, table: 't' }), {
        status: 200,
      })
      const lost = results.flatMap((ex, i) =>
        ex.status === 200 && final.metadata.refs?.[`b${i}`]?.['snapshot-id'] !== ids[i] ? [`b${i}`] : [],
      )
      check.that(lost.length === 0, 'every branch whose commit answered 200 is in the final metadata', {
        received: `lost: ${lost.join(', ')}`,
      })
    },
  )
})

operation('renameTable', () => {
  rule(
    {
      id: 'concurrency/rename-drop/serial',
      title: 'a rename and a drop racing on one table end as one of the two serial orders, never a 5xx',
      requires: ['createNamespace', 'createTable', 'renameTable', 'dropTable', 'tableExists'],
    },
    async (ctx) => {
      needsRace(ctx)
      const { catalog, check } = ctx
      const { ns } = await raceTable(ctx, 'rendrop')
      const [renamed, dropped] = await race(catalog, 2, (i, racer) =>
        i === 0
          ? racer.op.renameTable({
              body: { source: { namespace: ns, name: 't' }, destination: { namespace: ns, name: 't2' } },
            })
          : racer.op.dropTable({ namespace: ns, table: 't' }),
      )
      if (renamed!.status === 406) ctx.unsupported('the server does not rename tables (406)')
      check.conform(renamed!, { status: [200, 204, 404] })
      check.conform(dropped!, { status: [200, 204, 404] })
      const ok = (ex: { status: number }) => ex.status >= 200 && ex.status < 300
      const t2 = await catalog.op.tableExists({ namespace: ns, table: 't2' })
      const t = await catalog.op.tableExists({ namespace: ns, table: 't' })
      const state = { rename: renamed!.status, drop: dropped!.status, t: t.status, t2: t2.status }
      // rename first: the drop finds nothing (404) and t2 exists; drop first: the rename finds nothing, neither exists.
      // "Exists" is any 2xx here: whether tableExists answers exactly 204 is tables/exists/204's rule, not this one's.
      const renameFirst = ok(renamed!) && dropped!.status === 404 && ok(t2) && t.status === 404
      const dropFirst = ok(dropped!) && renamed!.status === 404 && t2.status === 404 && t.status === 404
      check.that(renameFirst || dropFirst, 'the outcome is that of one serial order', {
        received: state,
        expected: 'rename 2xx, drop 404, t2 exists; or drop 2xx, rename 404, neither exists',
      })
    },
  )
})
