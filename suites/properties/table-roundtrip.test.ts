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
import { V3_FAMILIES, V3_PRIMITIVES } from '../../schemas/model/schema-index.ts'
import { GEO_WITH_PARAMETERS } from '../_harness/arbitraries/iceberg-type.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { cannotOffer, cleanRefusal } from '../_harness/support/refusal.ts'
import { partitionSpec } from '../_harness/arbitraries/partition-spec.ts'
import { sortOrder } from '../_harness/arbitraries/sort-order.ts'
import { propertyMap } from '../_harness/arbitraries/property-map.ts'
import { checkProperty } from '../_harness/support/property.ts'
import { lanedProperty, laneRuns } from '../_harness/support/lanes.ts'
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

/** Every v3 type string the round trips may draw, each probed on its own (a server may lack any of them). */
const V3_TYPES = [...V3_PRIMITIVES, ...V3_FAMILIES, ...GEO_WITH_PARAMETERS]

interface V3Support {
  /** The server creates format-version 3 tables. */
  readonly tables: boolean
  /** Why not, when it refused them cleanly (the server's answer). */
  readonly refusal?: string
  /** The answer to the v3 create when it was neither a success nor a clean refusal. */
  readonly probe?: Exchange
  /** The v3 type strings it did not refuse cleanly (a 5xx or a bare 4xx stays in, to be judged). */
  readonly types: readonly string[]
  /** The types it refused cleanly, each with the server's answer. */
  readonly refused: readonly string[]
}

/**
 * What of format v3 the server takes, table by table: an empty v3 table, then one single-column table per v3 type.
 * A server need not support v3 ("Implementations should ideally support all Iceberg table spec versions."), nor each
 * of its types: a clean refusal (refusal.ts) leaves the type out of what is drawn.
 */
async function v3Support(ctx: RuleContext, ns: readonly string[]): Promise<V3Support> {
  const create = (name: string, fields: unknown[]) =>
    ctx.catalog.op.createTable({
      namespace: ns,
      body: { name, schema: { type: 'struct', fields }, properties: { 'format-version': '3' } },
    })
  const probe = await create('v3probe', [])
  if (probe.status !== 200) {
    const refusal =
      cleanRefusal(probe) ?? cannotOffer(ctx.check, probe, 'a create of a format-version 3 table')
    return { tables: false, ...(refusal ? { refusal } : { probe }), types: [], refused: [] }
  }
  const types: string[] = []
  const refused: string[] = []
  for (const [i, type] of V3_TYPES.entries()) {
    const ex = await create(`v3type${i}`, [{ id: 1, name: 'c', type, required: false }])
    const refusal =
      ex.status === 200
        ? undefined
        : (cleanRefusal(ex) ?? cannotOffer(ctx.check, ex, `a create with a ${type} column`))
    if (refusal) refused.push(`${type} (${refusal})`)
    else types.push(type)
  }
  return { tables: true, types, refused }
}

/**
 * The round trip over generated tables. `families`: draw only format-v3 tables whose schemas may hold
 * variant, geometry and geography (a server without those types fails that rule alone); otherwise v2 and
 * v3 tables without those type families. Only the v3 types the server does not cleanly refuse are drawn; where it
 * refuses v3 tables or every one of the families, the families rule is unsupported with the server's answer.
 */
async function roundTrip(ctx: RuleContext, families: boolean): Promise<void> {
  const { run, meta, catalog, sandbox, check } = ctx
  const release = (run.profile === 'document' ? '1.11' : run.profile) as Release
  const v3Profile = RELEASES.indexOf(release) >= RELEASES.indexOf('1.10')
  if (families && !v3Profile) ctx.unsupported('the profile predates format-version 3 tables')
  const { ns, drop } = await freshNamespace(sandbox, catalog, 'tables')
  const support: V3Support = v3Profile ? await v3Support(ctx, ns) : { tables: false, types: [], refused: [] }
  const v3 = support.tables
  if (families) {
    const drawn = support.types.filter((t) => V3_FAMILIES.some((f) => t.startsWith(f)))
    const why = !v3
      ? support.refusal &&
        `the server does not offer format-version 3 tables (createTable answered ${support.refusal})`
      : drawn.length === 0 && `the server refuses the v3 types ${support.refused.join(', ')}`
    if (why || support.probe) await drop()
    if (why) ctx.unsupported(why)
    // Neither created nor refused cleanly (a 5xx, a 4xx without the error envelope): judged as a setup step.
    if (support.probe) check.setup(support.probe, 'create a format-version 3 table')
  }
  const table = fc.boolean().chain((useV3) => {
    const version = families || (v3 && useV3) ? 3 : 2
    return icebergSchema({ v3: version === 3, v3Families: families, v3Only: support.types }).chain((schema) =>
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
        lanedProperty(table, async (t) => {
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
      // Fifteen tables, LANES at once.
      { maxRuns: laneRuns(15) },
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
