/**
 * MUST-level invariants of one table metadata document. Pure and self-contained: the harness runs it on every metadata any
 * catalog returns, so it reads defensively and accepts every spec-valid shape, including v1 metadata with
 * only the legacy `schema` / `partition-spec` fields, no `refs` and no `sort-orders`.
 *
 * Each violation is `"<id>: <detail>"` with a stable id such as `table/current-schema-exists`.
 * History-dependent invariants (never goes down, +1 per commit, metadata-log suffix) need two versions and
 * are not judged here; neither are SHOULD-level rules (snapshot-log ending at the current snapshot,
 * metadata-log length, reserved properties, trailing slash on location).
 */
import { isObject } from './json.ts'
import { stringifyJson } from './json-int64.ts'
import { indexSchema, maxFieldId } from './schema-index.ts'
import type { PartitionSpec, Schema, SortOrder, TableMetadata } from './types.ts'

const SKEW_MS = 60_000
type Loose = Partial<TableMetadata> & { schema?: Schema; 'partition-spec'?: PartitionSpec['fields'] }

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : [])
const dupes = (ids: unknown[]): unknown[] => ids.filter((x, i) => ids.indexOf(x) !== i)
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)
const sourcesOf = (f: { 'source-id'?: number; 'source-ids'?: number[] }): number[] =>
  Array.isArray(f['source-ids'])
    ? f['source-ids']
    : typeof f['source-id'] === 'number'
      ? [f['source-id']]
      : []

function schemasOf(md: Loose): Schema[] {
  const schemas = list<Schema>(md.schemas).filter(isObject)
  if (schemas.length > 0 || !isObject(md.schema)) return schemas
  return [{ ...md.schema, 'schema-id': md.schema['schema-id'] ?? 0 }]
}

function specsOf(md: Loose): PartitionSpec[] {
  const specs = list<PartitionSpec>(md['partition-specs']).filter(isObject)
  if (specs.length > 0 || !Array.isArray(md['partition-spec'])) return specs
  return [{ 'spec-id': 0, fields: md['partition-spec'] }]
}

function checkSorted(out: string[], id: string, entries: { 'timestamp-ms'?: number }[]): void {
  for (let i = 1; i < entries.length; i++) {
    const prev = num(entries[i - 1]?.['timestamp-ms']) ?? 0
    const cur = num(entries[i]?.['timestamp-ms']) ?? 0
    if (cur < prev - SKEW_MS)
      out.push(`${id}: entry ${i} at ${cur} is more than 1 minute before entry ${i - 1} at ${prev}`)
  }
}

function checkSchemasAndSpecs(md: Loose, out: string[]): Schema | undefined {
  const schemas = schemasOf(md)
  const schemaIds = schemas.map((s) => s['schema-id'])
  if (dupes(schemaIds).length > 0)
    out.push(`table/schema-ids-unique: duplicate schema ids ${dupes(schemaIds).join(', ')}`)
  const currentId = md['current-schema-id'] ?? schemas[0]?.['schema-id']
  const current = schemas.find((s) => s['schema-id'] === currentId)
  if (!current)
    out.push(
      `table/current-schema-exists: current-schema-id ${currentId} is not among [${schemaIds.join(', ')}]`,
    )
  const lastColumnId = num(md['last-column-id'])
  for (const s of schemas) {
    const { duplicates } = indexSchema(s)
    if (duplicates.length > 0)
      out.push(`table/field-ids-unique: schema ${s['schema-id']} repeats ids ${duplicates.join(', ')}`)
    if (lastColumnId !== undefined && maxFieldId(s) > lastColumnId) {
      out.push(
        `table/last-column-id-covers-fields: schema ${s['schema-id']} has field id ${maxFieldId(s)} > ${lastColumnId}`,
      )
    }
  }

  const specs = specsOf(md)
  const specIds = specs.map((s) => s['spec-id'])
  if (dupes(specIds).length > 0)
    out.push(`table/spec-ids-unique: duplicate spec ids ${dupes(specIds).join(', ')}`)
  const defaultSpecId = md['default-spec-id'] ?? (specs.length > 0 ? 0 : undefined)
  const defaultSpec = specs.find((s) => s['spec-id'] === defaultSpecId)
  if (defaultSpecId !== undefined && !defaultSpec) {
    out.push(
      `table/default-spec-exists: default-spec-id ${defaultSpecId} is not among [${specIds.join(', ')}]`,
    )
  }
  const lastPartitionId = num(md['last-partition-id'])
  for (const spec of specs) {
    for (const f of list<{ 'field-id'?: number }>(spec.fields)) {
      if (
        lastPartitionId !== undefined &&
        typeof f['field-id'] === 'number' &&
        f['field-id'] > lastPartitionId
      ) {
        out.push(
          `table/last-partition-id-covers-fields: spec ${spec['spec-id']} has field id ${f['field-id']} > ${lastPartitionId}`,
        )
      }
    }
  }
  if (current && defaultSpec) {
    const { byId } = indexSchema(current)
    for (const f of list<PartitionSpec['fields'][number]>(defaultSpec.fields)) {
      if (f.transform === 'void') continue
      for (const src of sourcesOf(f)) {
        if (!byId.has(src))
          out.push(`table/default-spec-binds: field ${f.name} has source ${src} not in the current schema`)
      }
    }
  }
  return current
}

function checkSortOrders(md: Loose, current: Schema | undefined, out: string[]): void {
  if (!Array.isArray(md['sort-orders'])) return
  const orders = list<SortOrder>(md['sort-orders']).filter(isObject)
  const ids = orders.map((o) => o['order-id'])
  if (dupes(ids).length > 0)
    out.push(`table/sort-order-ids-unique: duplicate order ids ${dupes(ids).join(', ')}`)
  for (const o of orders) {
    if ((o['order-id'] === 0) !== (list(o.fields).length === 0)) {
      out.push(`table/unsorted-order-is-zero: order ${o['order-id']} has ${list(o.fields).length} fields`)
    }
  }
  const defaultId = md['default-sort-order-id']
  if (defaultId === undefined) return
  const order = orders.find((o) => o['order-id'] === defaultId)
  if (!order) {
    out.push(
      `table/default-sort-order-exists: default-sort-order-id ${defaultId} is not among [${ids.join(', ')}]`,
    )
    return
  }
  if (!current) return
  const { byId } = indexSchema(current)
  for (const f of list<SortOrder['fields'][number]>(order.fields)) {
    for (const src of sourcesOf(f)) {
      if (!byId.has(src))
        out.push(`table/default-sort-order-binds: sort field source ${src} is not in the current schema`)
    }
  }
}

function checkSnapshots(md: Loose, out: string[]): void {
  const v = md['format-version'] ?? 0
  const snapshots = list<TableMetadata['snapshots'][number]>(md.snapshots).filter(isObject)
  const ids = snapshots.map((s) => s['snapshot-id'])
  if (dupes(ids).length > 0)
    out.push(`table/snapshot-ids-unique: duplicate snapshot ids ${dupes(ids).join(', ')}`)
  const known = new Set(ids)
  const lastSeq = num(md['last-sequence-number'])
  if (v === 1 && lastSeq !== undefined && lastSeq !== 0)
    out.push(`table/v1-sequence-number-zero: last-sequence-number is ${lastSeq}`)
  if (v >= 2 && lastSeq !== undefined) {
    for (const s of snapshots) {
      if ((num(s['sequence-number']) ?? 0) > lastSeq) {
        out.push(
          `table/last-sequence-number-covers-snapshots: snapshot ${s['snapshot-id']} has sequence number ${s['sequence-number']} > ${lastSeq}`,
        )
      }
    }
  }
  const refs = isObject(md.refs) ? (md.refs as TableMetadata['refs']) : undefined
  for (const [name, ref] of Object.entries(refs ?? {})) {
    if (!known.has(ref['snapshot-id']))
      out.push(`table/refs-exist: ref ${name} points to unknown snapshot ${ref['snapshot-id']}`)
    const retention = ['min-snapshots-to-keep', 'max-snapshot-age-ms', 'max-ref-age-ms'] as const
    for (const key of retention) {
      const n = ref[key]
      if (n !== undefined && n !== null && !(n > 0))
        out.push(`table/ref-retention: ${name}.${key} is ${n}, must be > 0`)
    }
    if (ref.type === 'tag' && (ref['min-snapshots-to-keep'] != null || ref['max-snapshot-age-ms'] != null)) {
      out.push(`table/ref-retention: tag ${name} carries branch-only retention`)
    }
  }
  const raw = md['current-snapshot-id']
  const current = raw === null || raw === undefined || raw === -1 ? null : raw
  if (current !== null && !known.has(current))
    out.push(`table/current-snapshot-exists: ${current} is not a snapshot`)
  const main = refs?.main
  if (refs && current !== null && (main?.['snapshot-id'] !== current || main?.type !== 'branch')) {
    out.push(
      `table/main-matches-current: current-snapshot-id ${current} but refs.main is ${stringifyJson(main ?? null)}`,
    )
  }
  if (current === null && main) out.push('table/main-matches-current: no current snapshot but refs has main')
  if (v >= 3) {
    const next = num(md['next-row-id'])
    if (next === undefined || next < 0)
      out.push(`table/next-row-id: v3 needs next-row-id >= 0, got ${String(md['next-row-id'])}`)
    for (const s of snapshots) {
      const first = num(s['first-row-id'])
      if (first === undefined || next === undefined) continue
      if (first + (num(s['added-rows']) ?? 0) > next) {
        out.push(
          `table/next-row-id-covers-snapshots: snapshot ${s['snapshot-id']} assigns row ids up to ${first + (num(s['added-rows']) ?? 0)} > next-row-id ${next}`,
        )
      }
    }
  }
}

/** Every invariant id this checker can report. */
export const TABLE_INVARIANT_IDS = [
  'table/current-schema-exists',
  'table/current-snapshot-exists',
  'table/default-sort-order-binds',
  'table/default-sort-order-exists',
  'table/default-spec-binds',
  'table/default-spec-exists',
  'table/encryption-key-ids-unique',
  'table/field-ids-unique',
  'table/format-version',
  'table/last-column-id-covers-fields',
  'table/last-partition-id-covers-fields',
  'table/last-sequence-number-covers-snapshots',
  'table/last-updated-after-metadata-log',
  'table/last-updated-after-snapshot-log',
  'table/location-present',
  'table/main-matches-current',
  'table/metadata-log-sorted',
  'table/next-row-id',
  'table/next-row-id-covers-snapshots',
  'table/partition-statistics-unique-per-snapshot',
  'table/ref-retention',
  'table/refs-exist',
  'table/schema-ids-unique',
  'table/snapshot-ids-unique',
  'table/snapshot-log-sorted',
  'table/sort-order-ids-unique',
  'table/spec-ids-unique',
  'table/statistics-unique-per-snapshot',
  'table/unsorted-order-is-zero',
  'table/uuid-present',
  'table/v1-sequence-number-zero',
] as const

/**
 * Checks the single-document invariants; [] when all hold. The logs' order and last-updated-ms are said with "should" in
 * the table spec, so a judge may weigh those lower than the others.
 */
export function checkTableInvariants(md: TableMetadata): string[] {
  const m = (isObject(md) ? md : {}) as Loose
  const out: string[] = []
  const v = m['format-version']
  if (v !== 1 && v !== 2 && v !== 3) out.push(`table/format-version: ${String(v)} is not 1, 2 or 3`)
  if ((v ?? 0) >= 2 && (typeof m['table-uuid'] !== 'string' || m['table-uuid'] === ''))
    out.push('table/uuid-present: no table-uuid')
  if (typeof m.location !== 'string' || m.location === '') out.push('table/location-present: no location')
  const current = checkSchemasAndSpecs(m, out)
  checkSortOrders(m, current, out)
  checkSnapshots(m, out)

  const snapshotLog = list<{ 'timestamp-ms'?: number }>(m['snapshot-log'])
  const metadataLog = list<{ 'timestamp-ms'?: number }>(m['metadata-log'])
  checkSorted(out, 'table/snapshot-log-sorted', snapshotLog)
  checkSorted(out, 'table/metadata-log-sorted', metadataLog)
  const updated = num(m['last-updated-ms'])
  const lastSnap = num(snapshotLog.at(-1)?.['timestamp-ms'])
  const lastFile = num(metadataLog.at(-1)?.['timestamp-ms'])
  if (updated !== undefined && lastSnap !== undefined && updated < lastSnap - SKEW_MS) {
    out.push(`table/last-updated-after-snapshot-log: ${updated} is more than 1 minute before ${lastSnap}`)
  }
  if (updated !== undefined && lastFile !== undefined && updated < lastFile - SKEW_MS) {
    out.push(`table/last-updated-after-metadata-log: ${updated} is more than 1 minute before ${lastFile}`)
  }

  for (const key of ['statistics', 'partition-statistics'] as const) {
    const ids = list<{ 'snapshot-id'?: number }>(m[key]).map((s) => s?.['snapshot-id'])
    if (dupes(ids).length > 0)
      out.push(`table/${key}-unique-per-snapshot: snapshots ${dupes(ids).join(', ')} repeat`)
  }
  const keyIds = list<{ 'key-id'?: string }>(m['encryption-keys']).map((k) => k?.['key-id'])
  if (dupes(keyIds).length > 0)
    out.push(`table/encryption-key-ids-unique: ${dupes(keyIds).join(', ')} repeat`)
  return out
}
