/**
 * Property: a table created with any schema (every type, nested struct/list/map; v3 types when the
 * profile and server support format v3), any partition spec (every transform) and any sort order loads
 * back with the same schema, spec and order up to field ids, which the server may reassign (a catalog assigns
 * fresh ids when it builds the table's metadata: https://iceberg.apache.org/spec/#schemas), and with the
 * requested properties.
 */
import fc from 'fast-check'
import { operation, rule } from '../_harness/dsl.ts'
import { icebergSchema } from '../_harness/arbitraries/iceberg-schema.ts'
import { partitionSpec } from '../_harness/arbitraries/partition-spec.ts'
import { sortOrder } from '../_harness/arbitraries/sort-order.ts'
import { propertyMap } from '../_harness/arbitraries/property-map.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { freshNamespace } from '../_harness/support/scratch.ts'
import { RELEASES } from '../../schemas/operations.ts'
import type { Release } from '../../schemas/operations.ts'
import { shapeOf, specShape, orderShape } from './table-shape.ts'
import type { LoadedTable } from './table-shape.ts'

const RESERVED = [
  'format-version',
  'uuid',
  'snapshot-count',
  'current-snapshot-id',
  'current-snapshot-summary',
]

type RuleContext = Parameters<Parameters<typeof rule>[1]>[0]

/**
 * The round trip over generated tables. `families`: draw only format-v3 tables whose schemas may hold
 * variant, geometry and geography (a server without those types fails that rule alone); otherwise v2 and
 * v3 tables without those type families.
 */
async function roundTrip(ctx: RuleContext, families: boolean): Promise<void> {
  const { run, meta, catalog, sandbox, check } = ctx
  const release = (run.profile === 'document' ? '1.11' : run.profile) as Release
  const v3Profile = RELEASES.indexOf(release) >= RELEASES.indexOf('1.10')
  const { ns, drop } = await freshNamespace(sandbox, catalog, 'tables')
  let v3 = false
  if (v3Profile) {
    const probe = await catalog.op.createTable({
      namespace: ns,
      body: {
        name: 'v3probe',
        schema: { type: 'struct', fields: [] },
        properties: { 'format-version': '3' },
      },
    })
    v3 = probe.status === 200
  }
  if (families && !v3) {
    await drop()
    ctx.unsupported('the server does not create format-version 3 tables (or the profile predates them)')
  }
  const table = fc.boolean().chain((useV3) => {
    const version = families || (v3 && useV3) ? 3 : 2
    return icebergSchema({ v3: version === 3, v3Families: families }).chain((schema) =>
      fc.record({
        version: fc.constant(version),
        schema: fc.constant(schema),
        spec: partitionSpec(schema),
        order: sortOrder(schema),
        props: propertyMap({ exclude: RESERVED, keyPrefix: 'p.' }),
      }),
    )
  })
  let n = 0
  try {
    await checkProperty(
      { run, meta },
      () =>
        fc.asyncProperty(table, async (t) => {
          const name = `t${++n}`
          const created = await catalog.op.createTable({
            namespace: ns,
            body: {
              name,
              schema: t.schema,
              'partition-spec': t.spec,
              'write-order': t.order,
              properties: { ...t.props, 'format-version': String(t.version) },
            },
          })
          check.conform(created, { status: 200 })
          const loaded = check.conform<LoadedTable>(
            await catalog.op.loadTable({ namespace: ns, table: name }),
            {
              status: 200,
            },
          )
          const md = loaded.metadata
          const current = md.schemas?.find((s) => s['schema-id'] === md['current-schema-id'])
          check.equal(current && shapeOf(current), shapeOf(t.schema), 'the schema is kept (up to field ids)')
          const spec = md['partition-specs']?.find((s) => s['spec-id'] === md['default-spec-id'])
          check.equal(
            spec && current && specShape(spec, current),
            specShape(t.spec, t.schema),
            'the partition spec is kept (up to ids)',
          )
          const order = md['sort-orders']?.find((o) => o['order-id'] === md['default-sort-order-id'])
          check.equal(
            order && current && orderShape(order, current),
            orderShape(t.order, t.schema),
            'the sort order is kept (up to ids)',
          )
          for (const [k, v] of Object.entries(t.props))
            check.that(md.properties?.[k] === v, `table property ${JSON.stringify(k)} is kept`, {
              received: md.properties?.[k],
              expected: v,
            })
        }),
      { maxRuns: 15 },
    )
  } finally {
    await drop()
  }
}

operation('createTable', () => {
  rule(
    {
      id: 'properties/tables/create-load-roundtrip',
      title:
        'a created table loads back with its schema, partition spec, sort order (up to ids) and properties',
      requires: ['createNamespace', 'createTable', 'loadTable', 'dropTable', 'dropNamespace'],
    },
    (ctx) => roundTrip(ctx, false),
  )

  rule(
    {
      id: 'properties/tables/create-load-roundtrip-v3-families',
      title:
        'a format-v3 table with variant, geometry or geography columns loads back with its schema, spec, order and properties',
      requires: ['createNamespace', 'createTable', 'loadTable', 'dropTable', 'dropNamespace'],
    },
    (ctx) => roundTrip(ctx, true),
  )
})
