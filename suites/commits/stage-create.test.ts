/**
 * Create transactions: a staged
 * create stores nothing; a commit with assert-create and the initial updates creates the table; the original
 * document's `append` update is applied where the server supports it; assert-create on an existing table is 409.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { commit, createTableBody, setupLoad, setupTable, stateOf } from '../_harness/support/commit-steps.ts'
import type { TableMd, TableRef } from '../_harness/support/commit-steps.ts'
import { fixture } from '../_harness/support/fixtures.ts'
import { expectTableInvariants } from '../_harness/support/invariants.ts'
import { uuid4 } from '../_harness/support/uuid.ts'

/** The updates a Java client sends to complete a staged create, from the staged metadata. */
function createChanges(staged: TableMd, uuid: string): unknown[] {
  const schema = (staged.schemas ?? []).find((s) => s['schema-id'] === staged['current-schema-id'])
  const spec = (staged['partition-specs'] ?? []).find((s) => s['spec-id'] === staged['default-spec-id'])
  const order = (staged['sort-orders'] ?? []).find((o) => o['order-id'] === staged['default-sort-order-id'])
  return [
    { action: 'assign-uuid', uuid },
    { action: 'upgrade-format-version', 'format-version': staged['format-version'] ?? 2 },
    { action: 'add-schema', schema },
    { action: 'set-current-schema', 'schema-id': -1 },
    { action: 'add-spec', spec: spec ?? { 'spec-id': 0, fields: [] } },
    { action: 'set-default-spec', 'spec-id': -1 },
    { action: 'add-sort-order', 'sort-order': order ?? { 'order-id': 0, fields: [] } },
    { action: 'set-default-sort-order', 'sort-order-id': -1 },
    { action: 'set-location', location: staged.location },
    { action: 'set-properties', updates: { ...(staged.properties ?? {}), 'conformance.staged': 'yes' } },
  ]
}

/** Stages a create (setup step) and returns the staged metadata. */
async function stage(
  { catalog, sandbox, check, unsupported }: Fixtures,
  label: string,
): Promise<{ ref: TableRef; staged: TableMd }> {
  const namespace = await sandbox.namespace(catalog, 'stage')
  const ref = { namespace, table: sandbox.names.table(label) }
  const ex = await catalog.op.createTable({
    namespace,
    body: createTableBody(ref.table, { 'stage-create': true }),
  })
  // A server that refuses staged creation outright does not offer what these tests build on; the refusal itself is
  // judged by commits/stage-create/not-listed-not-loadable. A 5xx stays the server's failure (setup-failure.ts).
  if (ex.status >= 400 && ex.status < 500)
    unsupported(
      `the server refuses staged creation (${ex.status}); commits/stage-create/not-listed-not-loadable judges that`,
    )
  const body = check.setup<{ metadata?: TableMd }>(ex, 'stage-create the table')
  return { ref, staged: body.metadata ?? {} }
}

operation('updateTable', () => {
  rule(
    {
      id: 'commits/stage-create/not-listed-not-loadable',
      title: 'a staged create returns metadata but stores nothing: not loadable, not listed',
      requires: ['createTable', 'loadTable', 'listTables'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'stage')
      const table = sandbox.names.table('staged')
      const ex = await catalog.op.createTable({
        namespace,
        body: createTableBody(table, { 'stage-create': true }),
      })
      const body = check.conform<{ metadata?: TableMd }>(ex, { status: 200 })
      check.that(
        typeof body.metadata?.['table-uuid'] === 'string',
        'the staged create returns initialized metadata',
        {
          received: body.metadata,
        },
      )
      const load = await catalog.op.loadTable({ namespace, table })
      check.conform(load, { status: 404, errorType: /NoSuchTable/ })
      const list = check.setup<{ identifiers?: { name: string }[] }>(
        await catalog.op.listTables({ namespace }),
        'list tables',
      )
      check.that(!(list.identifiers ?? []).some((i) => i.name === table), 'a staged table is not listed', {
        received: list.identifiers,
      })
    },
  )

  rule(
    {
      id: 'commits/stage-create/assert-create-completes',
      title: 'a commit with assert-create and the initial updates creates the staged table',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const { catalog, check } = ctx
      const { ref, staged } = await stage(ctx, 'complete')
      const uuid = uuid4()
      const ex = await commit(catalog, ref, [{ type: 'assert-create' }], createChanges(staged, uuid))
      const after = stateOf(check.conform(ex, { status: 200 }))
      check.that(after.metadataLocation !== '', 'the completed create answers a metadata-location', {
        received: after.metadataLocation,
      })
      const loaded = await setupLoad(catalog, check, ref)
      for (const [where, md] of [
        ['the commit response', after.metadata],
        ['the loaded table', loaded.metadata],
      ] as const) {
        check.equal(md['table-uuid'], uuid, `${where}: the table has the uuid of assign-uuid`)
        check.equal(
          md.properties?.['conformance.staged'],
          'yes',
          `${where}: the set-properties of the create applied`,
        )
        const current = (md.schemas ?? []).find((s) => s['schema-id'] === md['current-schema-id'])
        check.equal(
          current?.fields.map((f) => f.name),
          ['id', 'data', 'day'],
          `${where}: the added schema is current`,
        )
      }
      expectTableInvariants(check, after.metadata, { where: 'the completed create' })
    },
  )

  rule(
    {
      id: 'commits/stage-create/append',
      title:
        "the original document's append update in a create transaction adds a snapshot (where supported)",
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const { catalog, check, unsupported } = ctx
      if (ctx.run.profile !== 'document')
        ctx.outOfProfile("append is the original document's update, judged only under --profile document")
      const { ref, staged } = await stage(ctx, 'append')
      const files = JSON.parse(
        JSON.stringify(fixture('commits/data-files.json')).replaceAll(
          '{location}',
          staged.location ?? 'file:/tmp/conformance',
        ),
      ) as unknown[]
      const ex = await commit(
        catalog,
        ref,
        [{ type: 'assert-create' }],
        [...createChanges(staged, uuid4()), { action: 'append', 'data-files': files }],
      )
      if (ex.status === 400)
        unsupported(
          'append is not an Iceberg update; the server rejects it with 400 as the Iceberg spec requires',
        )
      const after = stateOf(check.conform(ex, { status: 200 }))
      const loaded = await setupLoad(catalog, check, ref)
      for (const [where, md] of [
        ['the commit response', after.metadata],
        ['the loaded table', loaded.metadata],
      ] as const) {
        const current = md['current-snapshot-id']
        check.that(
          typeof current === 'number' &&
            current >= 0 &&
            (md.snapshots ?? []).some((s) => s['snapshot-id'] === current),
          `${where}: the append added a current snapshot`,
          { received: { 'current-snapshot-id': current, snapshots: md.snapshots } },
        )
      }
    },
  )

  rule(
    {
      id: 'commits/stage-create/assert-create-existing-409',
      title: 'assert-create on a table that exists is 409 and changes nothing',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'stage')
      const ref = { namespace, table: sandbox.names.table('exists') }
      const created = await setupTable(catalog, check, namespace, ref.table)
      const ex = await commit(
        catalog,
        ref,
        [{ type: 'assert-create' }],
        createChanges(created.metadata, uuid4()),
      )
      check.conform(ex, { status: 409 })
      const loaded = await setupLoad(catalog, check, ref)
      check.equal(
        loaded.metadataLocation,
        created.metadataLocation,
        'the existing table keeps its metadata-location',
      )
      check.equal(
        loaded.metadata['table-uuid'],
        created.metadata['table-uuid'],
        'the existing table keeps its uuid',
      )
    },
  )
})
