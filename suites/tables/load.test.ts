/**
 * loadTable: what was created loads back, the
 * `snapshots` mode (all: every snapshot; refs: only referenced ones, with the same snapshot-log as all), refs, and 404s.
 */
import type { CatalogClient } from '../_harness/client.ts'
import type { Checker } from '../_harness/checker.ts'
import { operation, rule } from '../_harness/dsl.ts'
import { createTable, currentSchema, type LoadTableResult } from '../_harness/support/catalog-objects.ts'
import { snapshotBody } from '../_harness/support/snapshot-body.ts'

const FIRST = 7_000_001
const SECOND = 7_000_002

/** A snapshot for an add-snapshot update, stamped `seq` ms apart so the two keep their order. */
function snapshot(res: LoadTableResult, id: number, seq: number, parent?: number): Record<string, unknown> {
  return snapshotBody(res.metadata, {
    id,
    parent,
    sequenceNumber: seq,
    timestampMs: Date.now() - 10_000 + seq,
    addedRows: 0,
  })
}

/** A table with two snapshots where `main` points at the second: the first is referenced by no ref. */
async function tableWithHistory(catalog: CatalogClient, check: Checker, ns: string[]): Promise<void> {
  const created = await createTable(catalog, check, ns, 't')
  const uuid = created.metadata['table-uuid']
  for (const [id, seq, parent] of [
    [FIRST, 1, undefined],
    [SECOND, 2, FIRST],
  ] as const) {
    const ex = await catalog.op.updateTable({
      namespace: ns,
      table: 't',
      body: {
        requirements: [{ type: 'assert-table-uuid', uuid }],
        updates: [
          { action: 'add-snapshot', snapshot: snapshot(created, id, seq, parent) },
          { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': id },
        ],
      },
    })
    check.setup(ex, `commit snapshot ${id}`)
  }
}

const ids = (xs: { 'snapshot-id': number }[] | undefined) => (xs ?? []).map((s) => s['snapshot-id']).sort()

operation('loadTable', () => {
  rule(
    {
      id: 'tables/load/matches-create',
      title: 'load answers 200 with the table as created: uuid, metadata-location, schema',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'load')
      const created = await createTable(catalog, check, ns, 't', 'create-complete.json')
      const res = check.conform<LoadTableResult>(await catalog.op.loadTable({ namespace: ns, table: 't' }), {
        status: 200,
      })
      check.equal(res.metadata['table-uuid'], created.metadata['table-uuid'], 'the same table-uuid')
      check.equal(res['metadata-location'], created['metadata-location'], 'the same metadata-location')
      check.equal(currentSchema(res.metadata), currentSchema(created.metadata), 'the same current schema')
    },
  )

  rule(
    {
      id: 'tables/load/snapshots-all',
      title: 'snapshots=all (and the default) returns every snapshot, and refs point where they were set',
      requires: ['createNamespace', 'createTable', 'updateTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'all')
      await tableWithHistory(catalog, check, ns)
      for (const query of [{ snapshots: 'all' }, undefined]) {
        const ex = await catalog.op.loadTable({ namespace: ns, table: 't', ...(query ? { query } : {}) })
        const md = check.conform<LoadTableResult>(ex, { status: 200 }).metadata
        check.equal(
          ids(md.snapshots),
          [FIRST, SECOND],
          `${query ? 'snapshots=all' : 'the default'} lists both snapshots`,
        )
        check.that(md.refs?.main?.['snapshot-id'] === SECOND, 'refs.main points at the last snapshot set', {
          received: md.refs,
        })
      }
    },
  )

  rule(
    {
      id: 'tables/load/snapshots-refs',
      title: 'snapshots=refs returns the snapshots that a branch or tag references (and, SHOULD, only those)',
      requires: ['createNamespace', 'createTable', 'updateTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'refs')
      await tableWithHistory(catalog, check, ns)
      const ex = await catalog.op.loadTable({ namespace: ns, table: 't', query: { snapshots: 'refs' } })
      const md = check.conform<LoadTableResult>(ex, { status: 200 }).metadata
      check.that(ids(md.snapshots).includes(SECOND), 'the snapshot main references is returned', {
        received: ids(md.snapshots),
      })
      // "Setting the value to refs would load all snapshots referenced by branches or tags": a superset (every
      // snapshot) keeps clients correct and only misses the optimisation, so "only those" is a SHOULD.
      check.equal(ids(md.snapshots), [SECOND], 'only the snapshot referenced by main is returned', {
        level: 'SHOULD',
      })
    },
  )

  rule(
    {
      id: 'tables/load/snapshots-refs-keeps-log',
      title: 'snapshots=refs returns the snapshot-log of snapshots=all',
      requires: ['createNamespace', 'createTable', 'updateTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'log')
      await tableWithHistory(catalog, check, ns)
      // The yardstick is the server's own full answer of the same version (nothing commits in between), not the
      // log we expect: a server that keeps no snapshot-log at all is commits/invariants/snapshot-log's to judge.
      const all = check.setup<LoadTableResult>(
        await catalog.op.loadTable({ namespace: ns, table: 't', query: { snapshots: 'all' } }),
        'load snapshots=all',
      )
      const ex = await catalog.op.loadTable({ namespace: ns, table: 't', query: { snapshots: 'refs' } })
      const refs = check.conform<LoadTableResult>(ex, { status: 200 })
      check.equal(
        refs.metadata['snapshot-log'] ?? [],
        all.metadata['snapshot-log'] ?? [],
        'the snapshot-log of snapshots=refs is that of snapshots=all',
      )
    },
  )

  rule(
    {
      id: 'tables/load/snapshots-invalid-400',
      title: 'an unknown snapshots mode is 400',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'badmode')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.loadTable({ namespace: ns, table: 't', query: { snapshots: 'some' } })
      check.conform(ex, { status: 400 })
    },
  )

  rule(
    {
      id: 'tables/load/missing-404',
      title: 'loading a table that does not exist is 404',
      requires: ['createNamespace', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'missing')
      check.conform(await catalog.op.loadTable({ namespace: ns, table: 'nope' }), {
        status: 404,
        errorType: /NoSuchTable/,
      })
    },
  )

  rule(
    {
      id: 'tables/load/missing-namespace-404',
      title: 'loading a table in a namespace that does not exist is 404',
      requires: ['loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ex = await catalog.op.loadTable({ namespace: sandbox.names.namespace('missing'), table: 't' })
      check.conform(ex, { status: 404, errorType: /NoSuch(Table|Namespace)/ })
    },
  )
})
