/**
 * An Iceberg schema with fields of every type, nested, and unique field ids
 * 1, 2, 3 … assigned depth-first. `v3: true` adds the v3 types (use with format-version 3 tables).
 */
import type fc from 'fast-check'
import type { IcebergType, SchemaJson, StructField } from './_internals/iceberg-json.ts'
import { structFields } from './iceberg-type.ts'
import type { IcebergTypeOptions } from './iceberg-type.ts'

export function icebergSchema(opts: IcebergTypeOptions = {}): fc.Arbitrary<SchemaJson> {
  return structFields({ depth: 2, maxFields: 6, ...opts }).map((fields) => numberSchema(fields))
}

/** Assigns fresh unique ids to every field, list element and map key/value. */
export function numberSchema(fields: readonly StructField[]): SchemaJson {
  let next = 0
  const type = (t: IcebergType): IcebergType => {
    if (typeof t === 'string') return t
    if (t.type === 'struct') return { type: 'struct', fields: t.fields.map(field) }
    if (t.type === 'list') {
      const id = ++next
      return { ...t, 'element-id': id, element: type(t.element) }
    }
    const keyId = ++next
    const valueId = ++next
    return { ...t, 'key-id': keyId, key: type(t.key), 'value-id': valueId, value: type(t.value) }
  }
  const field = (f: StructField): StructField => {
    const id = ++next
    return { ...f, id, type: type(f.type) }
  }
  return { type: 'struct', 'schema-id': 0, fields: fields.map(field) }
}
