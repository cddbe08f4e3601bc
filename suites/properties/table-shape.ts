/**
 * Id-free shapes of schemas, partition specs and sort orders, for comparing what was sent at create with
 * what a server returns after reassigning field ids.
 */
import { canonicalType } from '../../schemas/model/canonical.ts'
import type {
  IcebergType,
  PartitionSpecJson,
  SchemaJson,
  SortOrderJson,
  StructType,
} from '../_harness/arbitraries/_internals/iceberg-json.ts'

export interface LoadedTable {
  metadata: {
    schemas?: SchemaJson[]
    'current-schema-id'?: number
    'partition-specs'?: PartitionSpecJson[]
    'default-spec-id'?: number
    'sort-orders'?: SortOrderJson[]
    'default-sort-order-id'?: number
    properties?: Record<string, string>
  }
}

/** A type without ids, its strings in canonical form (no spaces; default parameters of geometry/geography left out). */
export function shapeOf(t: IcebergType | StructType): unknown {
  if (typeof t === 'string') return canonicalType(t)
  if (t.type === 'struct')
    return {
      struct: t.fields.map((f) => ({
        name: f.name,
        type: shapeOf(f.type),
        required: f.required,
        doc: f.doc ?? null,
      })),
    }
  if (t.type === 'list') return { list: shapeOf(t.element), required: t['element-required'] }
  return { map: [shapeOf(t.key), shapeOf(t.value)], required: t['value-required'] }
}

/** Field id → dotted name path, for struct-nested fields. */
function paths(schema: StructType): Map<number, string> {
  const out = new Map<number, string>()
  const walk = (fields: StructType['fields'], prefix: string) => {
    for (const f of fields) {
      const p = `${prefix}${f.name}`
      out.set(f.id, p)
      if (typeof f.type !== 'string' && f.type.type === 'struct') walk(f.type.fields, `${p}.`)
    }
  }
  walk(schema.fields, '')
  return out
}

export function specShape(spec: PartitionSpecJson, schema: StructType): unknown {
  const byId = paths(schema)
  return spec.fields.map((f) => ({
    source: byId.get(f['source-id']) ?? null,
    transform: f.transform,
    name: f.name,
  }))
}

export function orderShape(order: SortOrderJson, schema: StructType): unknown {
  const byId = paths(schema)
  return order.fields.map((f) => ({
    source: byId.get(f['source-id']) ?? null,
    transform: f.transform,
    direction: f.direction,
    nulls: f['null-order'],
  }))
}
