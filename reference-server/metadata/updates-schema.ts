/**
 * Table updates on schemas, partition specs and sort orders: add-schema,
 * set-current-schema, remove-schemas, add-spec, set-default-spec, remove-partition-specs, add-sort-order,
 * set-default-sort-order. "-1" means the id last added in this commit, with Java's reuse rule.
 * Updates apply in request order, but a spec or order does not need set-current-schema before it: it binds to
 * the schema last added in the commit (see TableDraft.bindingSchemaId), and the invariants are checked once,
 * after every update (buildDraft).
 */
import { validationFailed } from '../errors.ts'
import { bindSortOrder, bindSpec, parseSortOrder, parseSpec } from './bind.ts'
import { int, intList, jsonEqual, type Json } from './read.ts'
import { maxFieldId, parseSchema, sameSchema, validateSchema } from './schema.ts'
import type { TableDraft } from './table-draft.ts'
import type { PartitionSpec, Schema } from './types.ts'

const nextId = (ids: number[], first: number): number => (ids.length === 0 ? first : Math.max(...ids) + 1)

/**
 * The schema a spec or order added now binds to: the latest one added in this commit, else the current one;
 * null while the commit has named none yet (the caller then binds at build, to the final current schema).
 */
function bindingSchema(d: TableDraft): Schema | null {
  const id = d.bindingSchemaId ?? d.md['current-schema-id']
  return d.md.schemas.find((x) => x['schema-id'] === id) ?? null
}

export function addSchema(d: TableDraft, u: Json): void {
  const schema = parseSchema(u.schema)
  const md = d.md
  const reused = md.schemas.find((s) => sameSchema(s, schema))
  if (reused) {
    const id = reused['schema-id'] ?? 0
    d.lastAddedSchemaId = d.addedSchemaIds.has(id) ? id : null
    d.bindingSchemaId = id
    return
  }
  validateSchema(schema, md['format-version'])
  const id = nextId(
    md.schemas.map((s) => s['schema-id'] ?? 0),
    0,
  )
  const stored: Schema = { type: 'struct', 'schema-id': id, fields: schema.fields }
  if (schema['identifier-field-ids']) stored['identifier-field-ids'] = schema['identifier-field-ids']
  md.schemas.push(stored)
  md['last-column-id'] = Math.max(md['last-column-id'], maxFieldId(schema))
  d.lastAddedSchemaId = id
  d.bindingSchemaId = id
  d.addedSchemaIds.add(id)
  d.changes.push('add-schema')
}

export function setCurrentSchema(d: TableDraft, u: Json): void {
  let id = int(u, 'schema-id', 'set-current-schema')
  if (id === -1) {
    if (d.lastAddedSchemaId === null)
      throw validationFailed('Cannot set last added schema: no schema has been added')
    id = d.lastAddedSchemaId
  }
  if (id === d.md['current-schema-id']) return
  if (!d.md.schemas.some((s) => s['schema-id'] === id)) {
    throw validationFailed(`Cannot set current schema to unknown schema: ${id}`)
  }
  d.md['current-schema-id'] = id
  d.changes.push('set-current-schema')
}

export function removeSchemas(d: TableDraft, u: Json): void {
  const ids = intList(u, 'schema-ids', 'remove-schemas')
  if (ids.includes(d.md['current-schema-id'])) throw validationFailed('Cannot remove the current schema')
  if (ids.length === 0) return
  d.md.schemas = d.md.schemas.filter((s) => !ids.includes(s['schema-id'] ?? -1))
  d.changes.push('remove-schemas')
}

/**
 * Field ids of a spec sent without ids. v1: 1000, 1001, … (required in v1). v2+: the spec rule
 * "partition field IDs must be reused if an existing partition spec contains an equivalent field", then
 * new ids from last-partition-id + 1 (as iceberg-rust; Java numbers from 1000 within the spec, which can
 * collide with other fields of older specs).
 */
function assignFieldIds(d: TableDraft, spec: PartitionSpec): void {
  if (spec.fields.every((f) => f['field-id'] !== undefined)) return
  if (d.md['format-version'] === 1) {
    spec.fields.forEach((f, i) => (f['field-id'] = 1000 + i))
    return
  }
  let next = d.md['last-partition-id'] + 1
  const used = new Set<number>()
  for (const f of spec.fields) {
    const equivalent = d.md['partition-specs']
      .flatMap((s) => s.fields)
      .find(
        (o) =>
          o['source-id'] === f['source-id'] && o.transform === f.transform && !used.has(o['field-id'] ?? -1),
      )
    const id = equivalent?.['field-id'] ?? next++
    used.add(id)
    f['field-id'] = id
  }
}

const compatibleSpec = (a: PartitionSpec, b: PartitionSpec): boolean =>
  a.fields.length === b.fields.length &&
  a.fields.every((f, i) => {
    const g = b.fields[i]
    return (
      g !== undefined && f['source-id'] === g['source-id'] && f.transform === g.transform && f.name === g.name
    )
  })

export function addSpec(d: TableDraft, u: Json): void {
  const spec = parseSpec(u.spec)
  const schema = bindingSchema(d)
  if (schema) bindSpec(spec, schema)
  const md = d.md
  const reused = md['partition-specs'].find((s) => compatibleSpec(s, spec))
  if (reused) {
    const id = reused['spec-id'] ?? 0
    d.lastAddedSpecId = d.addedSpecIds.has(id) ? id : null
    return
  }
  assignFieldIds(d, spec)
  if (md['format-version'] === 1 && spec.fields.some((f, i) => f['field-id'] !== 1000 + i)) {
    throw validationFailed('Spec does not use sequential IDs that are required in v1')
  }
  const fieldIds = spec.fields.map((f) => f['field-id'] ?? 0)
  if (new Set(fieldIds).size !== fieldIds.length)
    throw validationFailed('Invalid spec: duplicate partition field ids')
  const id = nextId(
    md['partition-specs'].map((s) => s['spec-id'] ?? 0),
    0,
  )
  const stored: PartitionSpec = {
    'spec-id': id,
    fields: spec.fields.map((f) => ({
      name: f.name,
      transform: f.transform,
      'source-id': f['source-id'],
      'field-id': f['field-id'] ?? 0,
    })),
  }
  md['partition-specs'].push(stored)
  if (!schema) d.unboundSpecs.push(stored)
  md['last-partition-id'] = Math.max(md['last-partition-id'], 999, ...fieldIds)
  d.lastAddedSpecId = id
  d.addedSpecIds.add(id)
  d.changes.push('add-spec')
}

/**
 * set-default-spec. An unknown id is 400 here (Java reaches an NPE → 500; Rust and the digest's
 * conformance expectation say 400).
 */
export function setDefaultSpec(d: TableDraft, u: Json): void {
  let id = int(u, 'spec-id', 'set-default-spec')
  if (id === -1) {
    if (d.lastAddedSpecId === null)
      throw validationFailed('Cannot set last added spec: no spec has been added')
    id = d.lastAddedSpecId
  }
  if (id === d.md['default-spec-id']) return
  if (!d.md['partition-specs'].some((s) => s['spec-id'] === id)) {
    throw validationFailed(`Cannot set default partition spec to unknown spec with id: ${id}`)
  }
  d.md['default-spec-id'] = id
  d.changes.push('set-default-spec')
}

export function removePartitionSpecs(d: TableDraft, u: Json): void {
  const ids = intList(u, 'spec-ids', 'remove-partition-specs')
  if (ids.includes(d.md['default-spec-id']))
    throw validationFailed('Cannot remove the default partition spec')
  if (ids.length === 0) return
  d.md['partition-specs'] = d.md['partition-specs'].filter((s) => !ids.includes(s['spec-id'] ?? -1))
  d.changes.push('remove-partition-specs')
}

export function addSortOrder(d: TableDraft, u: Json): void {
  const order = parseSortOrder(u['sort-order'])
  const md = d.md
  const schema = order.fields.length > 0 ? bindingSchema(d) : null
  if (schema) bindSortOrder(order, schema)
  const reused =
    order.fields.length === 0
      ? md['sort-orders'].find((o) => o['order-id'] === 0)
      : md['sort-orders'].find((o) => o['order-id'] !== 0 && jsonEqual(o.fields, order.fields))
  if (reused) {
    const id = reused['order-id']
    d.lastAddedOrderId = d.addedOrderIds.has(id) ? id : null
    return
  }
  const id =
    order.fields.length === 0
      ? 0
      : Math.max(
          1,
          nextId(
            md['sort-orders'].map((o) => o['order-id']),
            1,
          ),
        )
  md['sort-orders'].push({ 'order-id': id, fields: order.fields })
  if (!schema && order.fields.length > 0) d.unboundOrders.push(order)
  d.lastAddedOrderId = id
  d.addedOrderIds.add(id)
  d.changes.push('add-sort-order')
}

/** set-default-sort-order; an unknown id is 400 (Java: NPE → 500; see setDefaultSpec). */
export function setDefaultSortOrder(d: TableDraft, u: Json): void {
  let id = int(u, 'sort-order-id', 'set-default-sort-order')
  if (id === -1) {
    if (d.lastAddedOrderId === null)
      throw validationFailed('Cannot set last added sort order: no sort order has been added')
    id = d.lastAddedOrderId
  }
  if (id === d.md['default-sort-order-id']) return
  if (!d.md['sort-orders'].some((o) => o['order-id'] === id)) {
    throw validationFailed(`Cannot set default sort order to unknown order with id: ${id}`)
  }
  d.md['default-sort-order-id'] = id
  d.changes.push('set-default-sort-order')
}
