/**
 * Binding partition specs and sort orders to a schema: the source column exists, is primitive, sits only
 * inside structs (partitions), and accepts the transform. Every failure is a 400 ValidationException, as in Java.
 */
import { badRequest, validationFailed } from '../errors.ts'
import { arr, int, obj, optInt, str } from './read.ts'
import { indexSchema, isPrimitive, type IndexedField } from './schema.ts'
import type { PartitionField, PartitionSpec, Schema, SortField, SortOrder } from './types.ts'

const TIME = ['date', 'timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns']
const TIMESTAMP = ['timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns']
const BUCKETABLE = ['int', 'long', 'date', 'time', 'string', 'uuid', 'binary', ...TIMESTAMP]
const TRUNCATABLE = ['int', 'long', 'string', 'binary']

/** Whether `transform` is a known transform that applies to primitive type `type`. */
export function transformAccepts(transform: string, type: string): boolean {
  const base = type.replace(/\(.*$/, '').replace(/\[.*$/, '')
  if (transform === 'void') return true
  if (transform === 'identity') return !['variant', 'geometry', 'geography'].includes(base)
  const param = /^(bucket|truncate)\[(\d+)\]$/.exec(transform)
  if (param) {
    if (Number(param[2]) <= 0) return false
    if (param[1] === 'bucket') return BUCKETABLE.includes(base) || base === 'decimal' || base === 'fixed'
    return TRUNCATABLE.includes(base) || base === 'decimal'
  }
  if (transform === 'year' || transform === 'month' || transform === 'day') return TIME.includes(base)
  if (transform === 'hour') return TIMESTAMP.includes(base)
  return false
}

function source(byId: Map<number, IndexedField>, id: number, what: string): IndexedField {
  const f = byId.get(id)
  if (!f) throw validationFailed(`Cannot find source column for ${what}: ${id}`)
  return f
}

function checkSource(f: IndexedField, transform: string, what: string, partition: boolean): void {
  if (!isPrimitive(f.type)) throw validationFailed(`Cannot ${what} by non-primitive source field: ${f.name}`)
  if (partition && f.inCollection)
    throw validationFailed(`Invalid source field ${f.name}: must be nested only in structs`)
  if (!transformAccepts(transform, f.type)) {
    throw validationFailed(`Invalid source type ${f.type} for transform: ${transform} (${f.name})`)
  }
}

/** Parses a PartitionSpec body; field-ids must be on all fields or none (Java "missing field IDs"). */
export function parseSpec(v: unknown, what = 'partition spec'): PartitionSpec {
  const o = obj(v, what)
  const fields = arr(o, 'fields', what).map((f, i): PartitionField => {
    const fo = obj(f, `${what} field ${i}`)
    const field: PartitionField = {
      'source-id': int(fo, 'source-id', `${what} field ${i}`),
      name: str(fo, 'name', `${what} field ${i}`),
      transform: str(fo, 'transform', `${what} field ${i}`),
    }
    const id = optInt(fo, 'field-id', `${what} field ${i}`)
    if (id !== undefined) field['field-id'] = id
    return field
  })
  const withIds = fields.filter((f) => f['field-id'] !== undefined).length
  if (withIds !== 0 && withIds !== fields.length) throw badRequest('Cannot parse spec with missing field IDs')
  const spec: PartitionSpec = { fields }
  const id = optInt(o, 'spec-id', what)
  if (id !== undefined) spec['spec-id'] = id
  return spec
}

/** Parses a SortOrder body with Java's JSON rules on order id 0. */
export function parseSortOrder(v: unknown, what = 'sort order'): SortOrder {
  const o = obj(v, what)
  const fields = arr(o, 'fields', what).map((f, i): SortField => {
    const fo = obj(f, `${what} field ${i}`)
    const direction = str(fo, 'direction', `${what} field ${i}`)
    const nullOrder = str(fo, 'null-order', `${what} field ${i}`)
    if (direction !== 'asc' && direction !== 'desc') throw badRequest(`Invalid sort direction: ${direction}`)
    if (nullOrder !== 'nulls-first' && nullOrder !== 'nulls-last')
      throw badRequest(`Invalid null order: ${nullOrder}`)
    return {
      transform: str(fo, 'transform', `${what} field ${i}`),
      'source-id': int(fo, 'source-id', `${what} field ${i}`),
      direction,
      'null-order': nullOrder,
    }
  })
  const id = optInt(o, 'order-id', what) ?? (fields.length === 0 ? 0 : 1)
  if (fields.length === 0 && id !== 0) throw validationFailed('Unsorted order ID must be 0')
  if (fields.length > 0 && id === 0) throw validationFailed('Sort order ID 0 is reserved for unsorted order')
  return { 'order-id': id, fields }
}

/**
 * Binds a new partition spec to `schema` (add-spec and create): sources, transforms, and names (non-empty,
 * unique, and equal to a column name only when sourced from that column).
 */
export function bindSpec(spec: PartitionSpec, schema: Schema): void {
  const { byId } = indexSchema(schema)
  const columnNames = new Map([...byId.values()].map((f) => [f.name, f.id]))
  const names = new Set<string>()
  for (const field of spec.fields) {
    if (field.name === '') throw validationFailed('Cannot use empty partition name')
    if (names.has(field.name))
      throw validationFailed(`Cannot use partition name more than once: ${field.name}`)
    names.add(field.name)
    const column = columnNames.get(field.name)
    if (column !== undefined && column !== field['source-id']) {
      throw validationFailed(
        `Cannot create identity partition sourced from different field in schema: ${field.name}`,
      )
    }
    checkSource(source(byId, field['source-id'], 'partition field'), field.transform, 'partition', true)
  }
}

/** Binds a sort order to `schema`. */
export function bindSortOrder(order: SortOrder, schema: Schema): void {
  const { byId } = indexSchema(schema)
  for (const field of order.fields) {
    checkSource(source(byId, field['source-id'], 'sort field'), field.transform, 'sort', false)
  }
}

/** Build-time check that the default spec still binds to the final current schema (void fields exempt). */
export function checkSpecCompatible(spec: PartitionSpec, schema: Schema): void {
  const { byId } = indexSchema(schema)
  for (const field of spec.fields) {
    if (field.transform === 'void') continue
    checkSource(
      source(byId, field['source-id'], `partition field ${field.name}`),
      field.transform,
      'partition',
      true,
    )
  }
}

/** Build-time check that the default sort order still binds to the final current schema. */
export function checkOrderCompatible(order: SortOrder, schema: Schema): void {
  bindSortOrder(order, schema)
}
