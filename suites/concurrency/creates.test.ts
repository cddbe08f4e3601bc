/**
 * Concurrent creates of one name:
 * exactly one succeeds, the others get 409.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { TINY_SCHEMA, freshNamespace } from '../_harness/support/scratch.ts'
import { needsRace, race } from './race.ts'

operation('createTable', () => {
  rule(
    {
      id: 'concurrency/creates/one-table-wins',
      title: 'K concurrent creates of one table name: one 200, the rest 409',
      requires: ['createNamespace', 'createTable', 'dropTable', 'dropNamespace'],
    },
    async ({ catalog, sandbox, check, run, notConfigured }) => {
      needsRace({ run, notConfigured })
      const { ns } = await freshNamespace(sandbox, catalog, 'ctab')
      const results = await race(catalog, run.concurrency, (_, racer) =>
        racer.op.createTable({ namespace: ns, body: { name: 'same', schema: TINY_SCHEMA } }),
      )
      for (const ex of results) check.conform(ex, { status: [200, 409] })
      check.equal(
        results.map((r) => r.status).sort(),
        [200, ...Array.from({ length: run.concurrency - 1 }, () => 409)],
        'exactly one concurrent create succeeds and the others get 409',
      )
    },
  )
})

operation('createNamespace', () => {
  rule(
    {
      id: 'concurrency/creates/one-namespace-wins',
      title: 'K concurrent creates of one namespace: one 200, the rest 409',
      requires: ['createNamespace', 'dropNamespace'],
    },
    async ({ catalog, sandbox, check, run, notConfigured }) => {
      needsRace({ run, notConfigured })
      const ns = sandbox.names.namespace('cns')
      const results = await race(catalog, run.concurrency, (_, racer) =>
        racer.op.createNamespace({ body: { namespace: ns } }),
      )
      for (const ex of results) check.conform(ex, { status: [200, 409] })
      check.equal(
        results.map((r) => r.status).sort(),
        [200, ...Array.from({ length: run.concurrency - 1 }, () => 409)],
        'exactly one concurrent create succeeds and the others get 409',
      )
    },
  )
})
