/**
 * Concurrent multi-table transactions: K transactions
 * race on tables A and B, in both orders, each asserting main is empty on both and appending to both; some
 * also carry a third change whose requirement fails. All-or-nothing must hold: the final A and B come from
 * the same successful transaction, and a transaction answered 409 left nothing behind.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { createTinyTable, freshNamespace } from '../_harness/support/scratch.ts'
import { isSuccess } from '../_harness/support/statuses.ts'
import { appendUpdates, mainOf, needsRace, race } from './race.ts'
import type { TableFacts } from './race.ts'

const TABLES = ['a', 'b', 'c'] as const

operation('commitTransaction', () => {
  rule(
    {
      id: 'concurrency/transactions/all-or-nothing',
      title: 'concurrent multi-table transactions apply all their changes or none',
      requires: [
        'createNamespace',
        'createTable',
        'loadTable',
        'commitTransaction',
        'dropTable',
        'dropNamespace',
      ],
    },
    async ({ catalog, sandbox, check, run, notConfigured }) => {
      needsRace({ run, notConfigured })
      const { ns } = await freshNamespace(sandbox, catalog, 'tx')
      // A race is won or lost by scheduling: one round can miss a server's window of non-atomicity (the Java
      // fixture's shows in most rounds, not all: since it answers faster, four rounds missed it in 2 of 14 full runs).
      // Several rounds on fresh tables, stopping at the first broken one, make a miss rarer, not impossible (eight
      // rounds still missed it once on the fixture, whose expectation is therefore [fail, pass]); a server that is
      // atomic passes every round.
      const rounds = run.thorough ? 24 : 8
      for (let round = 0; round < rounds; round++) {
        const name = (t: string) => `${t}${round}`
        // The three tables are independent: created, loaded and reloaded at once (at a network distance each request
        // one after another is a round trip of the run's longest chains).
        const loadTables = () =>
          Promise.all(TABLES.map((t) => catalog.op.loadTable({ namespace: ns, table: name(t) })))
        await Promise.all(TABLES.map((t) => createTinyTable(catalog, ns, name(t))))
        const loaded = await loadTables()
        const md: Record<string, TableFacts['metadata']> = {}
        TABLES.forEach((t, i) => (md[t] = check.setup<TableFacts>(loaded[i]!, 'load').metadata))
        const idOf = (i: number, t: string) => 8_000_000 + round * 1000 + i * 10 + t.charCodeAt(0) - 96
        const change = (i: number, t: string) => ({
          identifier: { namespace: ns, name: name(t) },
          requirements: [{ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': mainOf(md[t]!) }],
          updates: appendUpdates(md[t]!, idOf(i, t)),
        })
        // Even transactions (sent first) also touch c last, with a requirement that can never hold: they must
        // fail as a whole, leaving a and b untouched although their own requirements on a and b hold.
        const doomed = (i: number) => i % 2 === 0
        const results = await race(catalog, run.concurrency, (i, racer) => {
          const pair = i % 4 < 2 ? ['a', 'b'] : ['b', 'a']
          const changes = pair.map((t) => change(i, t))
          if (doomed(i))
            changes.push({
              identifier: { namespace: ns, name: name('c') },
              requirements: [{ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': 424242 }],
              updates: appendUpdates(md.c!, idOf(i, 'c')),
            })
          return racer.op.commitTransaction({ body: { 'table-changes': changes } })
        })
        // A success or a 409: the exact 204 of a transaction that applies is transactions/commit/applies-all's to judge.
        for (const ex of results) check.conform(ex, { status: isSuccess(ex.status) ? ex.status : [204, 409] })
        results.forEach((ex, i) =>
          check.that(
            !(doomed(i) && isSuccess(ex.status)),
            `round ${round}: transaction ${i} with a failing requirement is not 204`,
          ),
        )
        const reloaded = await loadTables()
        const finals: Record<string, number | null> = {}
        TABLES.forEach(
          (t, i) => (finals[t] = mainOf(check.conform<TableFacts>(reloaded[i]!, { status: 200 }).metadata)),
        )
        const winners = results.flatMap((ex, i) => (isSuccess(ex.status) ? [i] : []))
        check.that(
          winners.length <= 1,
          `round ${round}: at most one transaction asserting the same bases succeeds`,
          {
            received: results.map((r) => r.status),
          },
        )
        const w = winners[0]
        check.equal(
          finals,
          { a: w === undefined ? null : idOf(w, 'a'), b: w === undefined ? null : idOf(w, 'b'), c: null },
          `round ${round}: tables a and b both hold the changes of the one successful transaction, and nothing else`,
        )
      }
    },
  )
})
