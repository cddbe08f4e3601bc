/**
 * Concurrent commits on one table: K commits racing on the same
 * base with assert-ref-snapshot-id — exactly one wins, the others get 409, the final metadata is the
 * winner's; K non-conflicting commits — each may get 200 or 409 (server-side retry is optional), but no
 * successful commit is lost, and the successful commits form one history (linearizable per table).
 */
import { operation, rule } from '../_harness/dsl.ts'
import { appendUpdates, mainOf, needsRace, race, raceTable } from './race.ts'
import type { TableFacts } from './race.ts'

const REQUIRES = [
  'createNamespace',
  'createTable',
  'loadTable',
  'updateTable',
  'dropTable',
  'dropNamespace',
] as const

operation('updateTable', () => {
  rule(
    {
      id: 'concurrency/commits/one-winner',
      title:
        'K commits racing on the same base with assert-ref-snapshot-id: one 200, the rest 409, winner kept',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      needsRace(ctx)
      const { catalog, check, run } = ctx
      const { ns, md } = await raceTable(ctx, 'race')
      const base = mainOf(md)
      const ids = Array.from({ length: run.concurrency }, (_, i) => 7_000_000 + i)
      const results = await race(catalog, run.concurrency, (i, racer) =>
        racer.op.updateTable({
          namespace: ns,
          table: 't',
          body: {
            requirements: [{ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': base }],
            updates: appendUpdates(md, ids[i]!),
          },
        }),
      )
      const statuses = results.map((r) => r.status)
      for (const ex of results) check.conform(ex, { status: [200, 409] })
      const winners = results.flatMap((ex, i) => (ex.status === 200 ? [i] : []))
      check.that(winners.length === 1, 'exactly one racing commit succeeds', {
        received: statuses,
        expected: `one 200 and ${run.concurrency - 1} × 409`,
      })
      const final = check.conform<TableFacts>(await catalog.op.loadTable({ namespace: ns, table: 't' }), {
        status: 200,
      })
      check.equal(mainOf(final.metadata), ids[winners[0]!], "the final main snapshot is the winner's")
    },
  )

  rule(
    {
      id: 'concurrency/commits/none-lost',
      title: 'concurrent non-conflicting commits: every commit answered 200 is in the final metadata',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      needsRace(ctx)
      const { catalog, check, run } = ctx
      const { ns, md } = await raceTable(ctx, 'nolost')
      const uuid = (md as { 'table-uuid'?: string })['table-uuid']
      const results = await race(catalog, run.concurrency, (i, racer) =>
        racer.op.updateTable({
          namespace: ns,
          table: 't',
          body: {
            requirements: uuid ? [{ type: 'assert-table-uuid', uuid }] : [],
            updates: [{ action: 'set-properties', updates: { [`race.${i}`]: String(i) } }],
          },
        }),
      )
      for (const ex of results) check.conform(ex, { status: [200, 409] })
      const final = check.conform<TableFacts>(await catalog.op.loadTable({ namespace: ns, table: 't' }), {
        status: 200,
      })
      const props = final.metadata.properties ?? {}
      const lost = results.flatMap((ex, i) =>
        ex.status === 200 && props[`race.${i}`] !== String(i) ? [i] : [],
      )
      check.that(lost.length === 0, 'no commit answered 200 is lost', {
        received: `lost commits: ${lost.join(', ')}`,
        expected: 'every 200 commit visible in the final properties',
      })
    },
  )

  rule(
    {
      id: 'concurrency/commits/linearizable',
      title: 'the successful concurrent commits of one table form a single history',
      requires: [...REQUIRES],
    },
    async (ctx) => {
      needsRace(ctx)
      const { catalog, check, run } = ctx
      const { ns } = await raceTable(ctx, 'linear')
      const results = await race(catalog, run.concurrency, (i, racer) =>
        racer.op.updateTable({
          namespace: ns,
          table: 't',
          body: { requirements: [], updates: [{ action: 'set-properties', updates: { [`lin.${i}`]: 'x' } }] },
        }),
      )
      for (const ex of results) check.conform(ex, { status: [200, 409] })
      // Each success saw a state: the set of race keys in its response. In a linear history these sets are nested,
      // and each contains its own key. Two responses may show the same state: a response may reflect a newer state
      // than its own commit left (a racer's change already on top), which no sentence forbids, so equal sets, and one
      // metadata location for both, are fine; what no single history allows is two states neither of which holds
      // the other.
      const seen = results.flatMap((ex, i) => {
        if (ex.status !== 200) return []
        const props = (ex.json as TableFacts).metadata.properties ?? {}
        return [{ i, keys: Object.keys(props).filter((k) => k.startsWith('lin.')) }]
      })
      for (const s of seen)
        check.that(s.keys.includes(`lin.${s.i}`), `commit ${s.i}'s response holds its own change`, {
          received: s.keys,
        })
      const sorted = [...seen].sort((a, b) => a.keys.length - b.keys.length)
      for (let j = 1; j < sorted.length; j++) {
        const prev = sorted[j - 1]!.keys
        const cur = sorted[j]!.keys
        check.that(
          prev.every((k) => cur.includes(k)),
          'the states returned by successful commits are nested (one history)',
          { received: { before: prev, after: cur } },
        )
      }
    },
  )
})
