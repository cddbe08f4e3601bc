/**
 * createTable: the result, fresh field ids,
 * partition spec and write order bound to the new ids, properties, the location (requested or generated),
 * and the 404 / 409 cases, including a view of the same name.
 */
import { operation, rule } from '../_harness/dsl.ts'
import {
  createTable,
  createView,
  currentSchema,
  includesAll,
  tableRequest,
  type LoadTableResult,
} from '../_harness/support/catalog-objects.ts'
import { endIfRefused } from '../_harness/support/refusal.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

operation('createTable', () => {
  rule(
    {
      id: 'tables/create/returns-metadata',
      title:
        'create answers 200 with metadata-location, a table-uuid, a location and the requested properties',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'create')
      const ex = await catalog.op.createTable({
        namespace: ns,
        body: tableRequest('t', 'create-complete.json'),
      })
      const res = check.conform<LoadTableResult>(ex, { status: 200 })
      check.that(
        typeof res['metadata-location'] === 'string' && res['metadata-location'] !== '',
        'a table that is not staged has a metadata-location',
        { received: res['metadata-location'] },
      )
      check.that(
        typeof res.metadata.location === 'string' && res.metadata.location !== '',
        'the table has a location',
        {
          received: res.metadata.location,
        },
      )
      check.that(
        includesAll(res.metadata.properties, { owner: 'conformance', 'conformance.key1': 'value1' }),
        'the stored properties include those requested (a server may add its own)',
        { received: res.metadata.properties },
      )
    },
  )

  rule(
    {
      id: 'tables/create/field-ids-reassigned',
      title: 'the server assigns fresh field ids (1, 2, …) to the requested schema',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'ids')
      const res = await createTable(catalog, check, ns, 't')
      const fields = currentSchema(res.metadata)?.fields.map((f) => [f.id, f.name])
      check.equal(
        fields,
        [
          [1, 'id'],
          [2, 'data'],
        ],
        'requested ids 3 and 4 read back as 1 and 2',
      )
      check.that(res.metadata['last-column-id'] === 2, 'last-column-id is the highest assigned id', {
        received: res.metadata['last-column-id'],
        expected: 2,
      })
    },
  )

  rule(
    {
      id: 'tables/create/partition-spec-and-order',
      title: 'the requested partition spec and write order are stored, bound to the new field ids',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'spec')
      const md = (await createTable(catalog, check, ns, 't', 'create-complete.json')).metadata
      const idOf = currentSchema(md)?.fields.find((f) => f.name === 'id')?.id
      const spec = md['partition-specs']?.find((s) => s['spec-id'] === md['default-spec-id'])
      check.equal(
        spec?.fields.map((f) => [f['source-id'], f.transform, f.name]),
        [[idOf, 'bucket[16]', 'id_bucket']],
        'the default partition spec is bucket[16](id) named id_bucket, on the id column',
      )
      const order = md['sort-orders']?.find((o) => o['order-id'] === md['default-sort-order-id'])
      check.equal(
        order?.fields.map((f) => [f['source-id'], f.transform, f.direction]),
        [
          [idOf, 'bucket[16]', 'asc'],
          [idOf, 'identity', 'asc'],
        ],
        'the default sort order is bucket[16](id) asc, id asc',
      )
      check.that(
        md['default-spec-id'] === 0 && md['default-sort-order-id'] === 1,
        'the first spec has id 0 and the first non-empty sort order id 1',
        { received: [md['default-spec-id'], md['default-sort-order-id']], expected: [0, 1], level: 'SHOULD' },
      )
    },
  )

  rule(
    {
      id: 'tables/create/optional-ids-omitted',
      title:
        'a create whose schema and partition spec leave out their optional ids (schema-id, spec-id, field-id) is created, the server assigning them',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'ids')
      const ex = await catalog.op.createTable({
        namespace: ns,
        body: tableRequest('t', 'create-optional-ids-omitted.json'),
      })
      const md = check.conform<LoadTableResult>(ex, { status: 200 }).metadata
      const spec = md['partition-specs']?.find((s) => s['spec-id'] === md['default-spec-id'])
      check.that(
        typeof md['current-schema-id'] === 'number' &&
          typeof md['default-spec-id'] === 'number' &&
          typeof spec?.fields[0]?.['field-id'] === 'number',
        'the server assigned the schema id, the spec id and the partition field id',
        {
          received: { schema: md['current-schema-id'], spec: md['default-spec-id'], field: spec?.fields[0] },
        },
      )
    },
  )

  rule(
    {
      id: 'tables/create/identifier-fields-valid',
      title:
        'a create whose identifier-field-ids names a field the schema does not have, or an optional field, is refused with a 4xx and creates nothing',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'identifier')
      const fields = [
        { id: 1, name: 'id', type: 'long', required: true },
        { id: 2, name: 'data', type: 'string', required: false },
      ]
      // 99 names no field; 2 names an optional one ("optional fields cannot be used as identifier fields").
      for (const [label, ids] of [
        ['missing', [99]],
        ['optional', [2]],
      ] as const) {
        const table = sandbox.names.table(label)
        const ex = await catalog.op.createTable({
          namespace: ns,
          body: { name: table, schema: { type: 'struct', fields, 'identifier-field-ids': ids } },
        })
        check.conform(ex, { status: anyClientError(ex.status) })
        check.conform(await catalog.op.loadTable({ namespace: ns, table }), { status: 404 })
      }
    },
  )

  rule(
    {
      id: 'tables/create/requested-location',
      title: 'a requested location is honoured (a server may instead generate its own: unsupported)',
      requires: ['createNamespace', 'createTable'],
    },
    async (ctx) => {
      const { catalog, sandbox, check, unsupported } = ctx
      const ns = await sandbox.namespace(catalog, 'loc')
      const base =
        (await createTable(catalog, check, ns, 'probe')).metadata.location ||
        unsupported('the server generated no location to derive a requested one from')
      const wanted = `${base.replace(/\/+$/, '')}_requested`
      const ex = await catalog.op.createTable({
        namespace: ns,
        body: { ...tableRequest('t'), location: wanted },
      })
      // CreateTableRequest's `location` has no description: a server may choose its own location, and no sentence
      // stops it refusing a caller's (a clean 4xx: unsupported, with its answer). Anything else is judged as the
      // well-formed createTable it is, by createTable's own rule (200: "the table is created immediately"), not at
      // this rule's MAY: a 5xx, a 4xx without the error envelope.
      await endIfRefused(ctx, ex, 'a requested table location')
      const res = check.conform<LoadTableResult>(ex, {
        status: 200,
        rule: 'tables/create/returns-metadata',
        level: 'MUST',
      })
      if (res.metadata.location !== wanted)
        unsupported(
          `the server overrides requested locations (asked ${wanted}, got ${res.metadata.location})`,
        )
    },
  )

  rule(
    {
      id: 'tables/create/exists-409',
      title: 'creating a table that exists is 409, and the original is kept',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'dup')
      const first = await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.createTable({
        namespace: ns,
        body: tableRequest('t', 'create-complete.json'),
      })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
      const now = check.conform<LoadTableResult>(await catalog.op.loadTable({ namespace: ns, table: 't' }), {
        status: 200,
      })
      check.equal(now.metadata['table-uuid'], first.metadata['table-uuid'], 'the original table is unchanged')
    },
  )

  rule(
    {
      id: 'tables/create/missing-namespace-404',
      title: 'creating a table in a namespace that does not exist is 404',
      requires: ['createTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ex = await catalog.op.createTable({
        namespace: sandbox.names.namespace('missing'),
        body: tableRequest('t'),
      })
      check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    },
  )

  rule(
    {
      id: 'tables/create/view-name-409',
      title: 'creating a table with the name of a view in the same namespace is 409',
      requires: ['createNamespace', 'createView', 'createTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'clash')
      await createView(catalog, check, ns, 'same')
      const ex = await catalog.op.createTable({ namespace: ns, body: tableRequest('same') })
      check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
    },
  )
})
