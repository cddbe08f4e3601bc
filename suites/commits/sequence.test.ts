/**
 * Commit sequences: updates apply in request order; every
 * commit that changes the table answers a new metadata-location, which a load then returns; the metadata
 * invariants and the commit history hold after each commit.
 */
import { operation, rule } from '../_harness/dsl.ts'
import {
  commit,
  setupLoad,
  setupTable,
  stateOf,
  newSnapshot,
  nextSchemaId,
  currentSnapshot,
} from '../_harness/support/commit-steps.ts'
import type { TableMd, TableState } from '../_harness/support/commit-steps.ts'
import { fixture } from '../_harness/support/fixtures.ts'
import { expectCommitHistory, expectTableInvariants } from '../_harness/support/invariants.ts'

/**
 * Four commits of different kinds, each built from the metadata before it. The add-schema names its id and the
 * add-spec its spec-id, as Iceberg's Java client sends them: the rule here is the invariants, and a server that needs
 * those ids fails commits/updates/add-schema or tables/create/optional-ids-omitted, not this one.
 */
const STEPS: readonly ((md: TableMd) => unknown[])[] = [
  (md) => [
    {
      action: 'add-schema',
      schema: {
        ...fixture<Record<string, unknown>>('commits/schema-added-column.json'),
        'schema-id': nextSchemaId(md),
      },
    },
    { action: 'set-current-schema', 'schema-id': -1 },
  ],
  () => [
    { action: 'add-spec', spec: fixture('commits/spec-day.json') },
    { action: 'set-default-spec', 'spec-id': -1 },
  ],
  (md) => {
    const snap = newSnapshot(md, currentSnapshot(md))
    return [
      { action: 'add-snapshot', snapshot: snap },
      { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': snap['snapshot-id'] },
    ]
  },
  () => [{ action: 'set-properties', updates: { 'conformance.step': '4' } }],
]

operation('updateTable', () => {
  rule(
    {
      id: 'commits/updates/applied-in-order',
      title: 'the updates of one commit apply in request order',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'seq')
      const ref = { namespace, table: sandbox.names.table('order') }
      await setupTable(catalog, check, namespace, ref.table)
      const ex = await commit(
        catalog,
        ref,
        [],
        [
          { action: 'set-properties', updates: { 'conformance.k': 'first', 'conformance.gone': 'x' } },
          { action: 'set-properties', updates: { 'conformance.k': 'second' } },
          { action: 'remove-properties', removals: ['conformance.gone'] },
          { action: 'set-properties', updates: { 'conformance.back': 'after-removal' } },
          { action: 'remove-properties', removals: ['conformance.back'] },
          { action: 'set-properties', updates: { 'conformance.back': 'again' } },
        ],
      )
      for (const [where, md] of [
        ['the commit response', stateOf(check.conform(ex, { status: 200 })).metadata],
        ['the reloaded table', (await setupLoad(catalog, check, ref)).metadata],
      ] as const) {
        const p = md.properties ?? {}
        check.equal(
          [p['conformance.k'], p['conformance.gone'], p['conformance.back']],
          ['second', undefined, 'again'],
          `${where}: later updates win over earlier ones ([k, gone, back])`,
        )
      }
    },
  )

  rule(
    {
      id: 'commits/metadata-location/new-per-commit',
      title: 'each commit that changes the table answers a new metadata-location, which a load returns',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'seq')
      const ref = { namespace, table: sandbox.names.table('loc') }
      const created = await setupTable(catalog, check, namespace, ref.table)
      const seen = [created.metadataLocation]
      for (let i = 1; i <= 3; i++) {
        const updates = [{ action: 'set-properties', updates: { 'conformance.i': String(i) } }]
        // The second commit names its table in the body, as Iceberg's Java client does (`identifier`, optional on
        // this route, is the same table as the path's).
        const ex =
          i === 2
            ? await catalog.op.updateTable({
                ...ref,
                body: { identifier: { namespace, name: ref.table }, requirements: [], updates },
              })
            : await commit(catalog, ref, [], updates)
        const after = stateOf(check.conform(ex, { status: 200 }))
        check.that(
          after.metadataLocation !== '' && !seen.includes(after.metadataLocation),
          `commit ${i} answers a new metadata-location`,
          {
            received: after.metadataLocation,
            expected: `none of ${JSON.stringify(seen)}`,
          },
        )
        seen.push(after.metadataLocation)
        const loaded = await setupLoad(catalog, check, ref)
        check.equal(
          loaded.metadataLocation,
          after.metadataLocation,
          `a load after commit ${i} returns its metadata-location`,
        )
      }
    },
  )

  rule(
    {
      id: 'commits/invariants/after-each-commit',
      title: 'table metadata invariants and commit history hold after every commit',
      requires: ['createTable', 'updateTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'seq')
      const ref = { namespace, table: sandbox.names.table('inv') }
      let state: TableState = await setupTable(catalog, check, namespace, ref.table)
      expectTableInvariants(check, state.metadata, { where: 'the create response' })
      for (const [i, step] of STEPS.entries()) {
        const ex = await commit(catalog, ref, [], step(state.metadata))
        const after = stateOf(check.conform(ex, { status: 200 }))
        expectTableInvariants(check, after.metadata, {
          where: `commit ${i + 1}`,
          rule: 'commits/invariants/after-each-commit',
        })
        expectCommitHistory(check, state, after, `commit ${i + 1}`)
        state = after
      }
    },
  )
})
