/**
 * JSON shapes of the Iceberg objects the arbitraries generate: plain objects, as
 * they go on the wire in a CreateTableRequest or a table update.
 */
// The type shapes are the metadata builder's: one definition of Iceberg's JSON types in the project.
import type { IcebergType, StructType } from '../../../../schemas/model/types.ts'
export type {
  IcebergType,
  ListType,
  MapType,
  StructField,
  StructType,
} from '../../../../schemas/model/types.ts'

export interface SchemaJson extends StructType {
  'schema-id'?: number
}

export interface PartitionFieldJson {
  'source-id': number
  'field-id'?: number
  name: string
  transform: string
}

export interface PartitionSpecJson {
  'spec-id'?: number
  fields: PartitionFieldJson[]
}

export interface SortFieldJson {
  'source-id': number
  transform: string
  direction: 'asc' | 'desc'
  'null-order': 'nulls-first' | 'nulls-last'
}

export interface SortOrderJson {
  'order-id': number
  fields: SortFieldJson[]
}

/** A primitive field that a partition or sort field may use as its source. */
export interface SourceField {
  readonly id: number
  /** Dotted path of names from the schema root. */
  readonly path: string
  readonly type: string
  /** Inside a list or map (allowed for sort orders, not for partition specs). */
  readonly inCollection: boolean
}

/** The primitive fields of a schema reachable through structs (and, marked, through lists and maps). */
export function sourceFields(schema: StructType): SourceField[] {
  const out: SourceField[] = []
  const walk = (t: IcebergType, id: number, path: string, inCollection: boolean): void => {
    if (typeof t === 'string') {
      out.push({ id, path, type: t, inCollection })
      return
    }
    if (t.type === 'struct')
      for (const f of t.fields) walk(f.type, f.id, `${path}${path ? '.' : ''}${f.name}`, inCollection)
  }
  for (const f of schema.fields) walk(f.type, f.id, f.name, false)
  return out
}

const TIME = ['date', 'timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns']
const TIMESTAMP = ['timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns']
const BUCKETABLE = [
  'int',
  'long',
  'date',
  'time',
  'string',
  'uuid',
  'binary',
  'decimal',
  'fixed',
  ...TIMESTAMP,
]
const TRUNCATABLE = ['int', 'long', 'string', 'binary', 'decimal']

/** Transform kinds the Iceberg table spec allows on a primitive source type ("Partition Transforms"). */
export function transformKinds(type: string): string[] {
  const base = type.replace(/[([].*$/, '')
  if (['unknown', 'variant', 'geometry', 'geography'].includes(base)) return []
  const out = ['identity', 'void']
  if (BUCKETABLE.includes(base)) out.push('bucket')
  if (TRUNCATABLE.includes(base)) out.push('truncate')
  if (TIME.includes(base)) out.push('year', 'month', 'day')
  if (TIMESTAMP.includes(base)) out.push('hour')
  return out
}
