/**
 * Iceberg manifests and manifest lists written as real Avro files, from REST `DataFile` objects (the form a
 * scan plan answers and the original document's `append` carries). Shared by the harness, which seeds tables
 * with data before an `add-snapshot` when it can reach a table's location, and by the reference server, whose
 * `append` writes what it records. Field names and ids follow the table spec's "Manifests" and "Manifest
 * Lists" sections (https://iceberg.apache.org/spec/#manifests); optional fields the writers here never fill are
 * left out of the writer schema, which readers resolve by field id.
 */
import { stringifyJson, type Int64 } from './json-int64.ts'
import { writeAvroFile } from './avro.ts'
import type { IcebergType, PartitionSpec, Schema, TableMetadata } from './types.ts'

/** A REST content file: a data file or a delete file, as scan planning answers them. */
export interface ContentFile {
  readonly content: 'data' | 'position-deletes' | 'equality-deletes'
  readonly 'file-path': string
  readonly 'file-format': string
  readonly 'spec-id': number
  /** Values in the order of the spec's fields, in their JSON single-value form (a date as `YYYY-MM-DD`). */
  readonly partition: readonly unknown[]
  readonly 'file-size-in-bytes': number
  readonly 'record-count': number
  readonly 'equality-ids'?: readonly number[]
}

/** The table facts a manifest needs (a subset of the metadata, so partial metadata of other servers fits). */
export type ManifestTable = Pick<
  TableMetadata,
  'format-version' | 'schemas' | 'current-schema-id' | 'partition-specs'
>

const CONTENT_IDS = { data: 0, 'position-deletes': 1, 'equality-deletes': 2 } as const
const DAY_MS = 86_400_000
const optional = (type: unknown): unknown => ['null', type]

/** The Avro type of a primitive Iceberg value, or an Error naming a type these writers do not cover. */
function avroOf(type: IcebergType): unknown {
  if (typeof type !== 'string') throw new Error(`partition values of nested types are not written`)
  if (type === 'boolean' || type === 'int' || type === 'long' || type === 'float' || type === 'double')
    return type
  if (type === 'string') return 'string'
  if (type === 'date') return { type: 'int', logicalType: 'date' }
  throw new Error(`partition values of type ${type} are not written`)
}

/** The result type of a partition transform applied to a source type (table spec, "Partition Transforms"). */
function transformResult(transform: string, source: IcebergType): IcebergType {
  if (transform === 'identity' || transform === 'void' || transform.startsWith('truncate[')) return source
  if (transform.startsWith('bucket[') || ['year', 'month', 'hour'].includes(transform)) return 'int'
  if (transform === 'day') return 'date'
  throw new Error(`partition transform ${transform} is not written`)
}

function specOf(md: ManifestTable, specId: number): PartitionSpec {
  const spec = md['partition-specs'].find((s) => s['spec-id'] === specId)
  if (!spec) throw new Error(`unknown partition spec ${specId}`)
  return spec
}

function schemaOf(md: ManifestTable): Schema {
  const schema = md.schemas.find((s) => s['schema-id'] === md['current-schema-id']) ?? md.schemas[0]
  if (!schema) throw new Error('the table has no schema')
  return schema
}

interface PartitionColumn {
  readonly name: string
  readonly fieldId: number
  readonly type: IcebergType
}

function partitionColumns(md: ManifestTable, specId: number): PartitionColumn[] {
  const schema = schemaOf(md)
  return specOf(md, specId).fields.map((f, i) => {
    const source = schema.fields.find((c) => c.id === f['source-id'])
    if (!source) throw new Error(`partition field ${f.name} has no source column ${f['source-id']}`)
    return {
      name: f.name,
      fieldId: f['field-id'] ?? 1000 + i,
      type: transformResult(f.transform, source.type),
    }
  })
}

/** A JSON single-value partition value as its Avro value. */
function partitionValue(v: unknown, col: PartitionColumn): unknown {
  if (v === null || v === undefined) return null
  if (col.type === 'date') {
    const ms = typeof v === 'string' ? Date.parse(`${v}T00:00:00Z`) : NaN
    if (Number.isNaN(ms)) throw new Error(`partition field ${col.name}: ${String(v)} is not a date`)
    return ms / DAY_MS
  }
  if (col.type === 'long') return BigInt(v as number)
  return v
}

/** The writer schema of a manifest entry whose partition record has `columns`. */
function manifestEntrySchema(columns: readonly PartitionColumn[]): unknown {
  return {
    type: 'record',
    name: 'manifest_entry',
    fields: [
      { name: 'status', 'field-id': 0, type: 'int' },
      { name: 'snapshot_id', 'field-id': 1, type: optional('long'), default: null },
      { name: 'sequence_number', 'field-id': 3, type: optional('long'), default: null },
      { name: 'file_sequence_number', 'field-id': 4, type: optional('long'), default: null },
      {
        name: 'data_file',
        'field-id': 2,
        type: {
          type: 'record',
          name: 'r2',
          fields: [
            { name: 'content', 'field-id': 134, type: 'int' },
            { name: 'file_path', 'field-id': 100, type: 'string' },
            { name: 'file_format', 'field-id': 101, type: 'string' },
            {
              name: 'partition',
              'field-id': 102,
              type: {
                type: 'record',
                name: 'r102',
                fields: columns.map((c) => ({
                  name: c.name,
                  'field-id': c.fieldId,
                  type: optional(avroOf(c.type)),
                  default: null,
                })),
              },
            },
            { name: 'record_count', 'field-id': 103, type: 'long' },
            { name: 'file_size_in_bytes', 'field-id': 104, type: 'long' },
            {
              name: 'equality_ids',
              'field-id': 135,
              type: optional({ type: 'array', items: 'int', 'element-id': 136 }),
              default: null,
            },
          ],
        },
      },
    ],
  }
}

/** Status of a manifest entry: a file added by the manifest's snapshot. */
const ADDED = 1

/**
 * A manifest of `files` (all of one spec, all data or all deletes) added by snapshot `snapshotId`: its bytes,
 * ready to be written at a location. Sequence numbers are left to inheritance from the manifest list.
 */
export function manifestBytes(md: ManifestTable, files: readonly ContentFile[], snapshotId: Int64): Buffer {
  const specId = files[0]?.['spec-id'] ?? md['partition-specs'][0]?.['spec-id'] ?? 0
  if (files.some((f) => f['spec-id'] !== specId)) throw new Error('a manifest holds files of one spec')
  const deletes = files.some((f) => f.content !== 'data')
  if (deletes && files.some((f) => f.content === 'data')) throw new Error('a manifest holds data or deletes')
  const columns = partitionColumns(md, specId)
  const records = files.map((f) => {
    if (f.partition.length !== columns.length)
      throw new Error(
        `${f['file-path']}: ${f.partition.length} partition values for ${columns.length} fields`,
      )
    return {
      status: ADDED,
      // Exact either way: the long type of avro.ts takes a number or a bigint, in a union too.
      snapshot_id: snapshotId,
      sequence_number: null,
      file_sequence_number: null,
      data_file: {
        content: CONTENT_IDS[f.content],
        file_path: f['file-path'],
        file_format: f['file-format'].toUpperCase(),
        partition: Object.fromEntries(columns.map((c, i) => [c.name, partitionValue(f.partition[i], c)])),
        record_count: BigInt(f['record-count']),
        file_size_in_bytes: BigInt(f['file-size-in-bytes']),
        equality_ids: f['equality-ids'] ? [...f['equality-ids']] : null,
      },
    }
  })
  const schema = schemaOf(md)
  return writeAvroFile(manifestEntrySchema(columns), records, {
    meta: {
      schema: stringifyJson(schema),
      'schema-id': String(schema['schema-id'] ?? 0),
      'partition-spec': stringifyJson(specOf(md, specId).fields),
      'partition-spec-id': String(specId),
      'format-version': String(md['format-version']),
      content: deletes ? 'deletes' : 'data',
    },
  })
}

/** One entry of a manifest list, as read back from one (longs may be BigInt). */
export type ManifestListEntry = Record<string, unknown>

const MANIFEST_LIST_SCHEMA = {
  type: 'record',
  name: 'manifest_file',
  fields: [
    { name: 'manifest_path', 'field-id': 500, type: 'string' },
    { name: 'manifest_length', 'field-id': 501, type: 'long' },
    { name: 'partition_spec_id', 'field-id': 502, type: 'int' },
    { name: 'content', 'field-id': 517, type: 'int' },
    { name: 'sequence_number', 'field-id': 515, type: 'long' },
    { name: 'min_sequence_number', 'field-id': 516, type: 'long' },
    { name: 'added_snapshot_id', 'field-id': 503, type: 'long' },
    { name: 'added_files_count', 'field-id': 504, type: 'int' },
    { name: 'existing_files_count', 'field-id': 505, type: 'int' },
    { name: 'deleted_files_count', 'field-id': 506, type: 'int' },
    { name: 'added_rows_count', 'field-id': 512, type: 'long' },
    { name: 'existing_rows_count', 'field-id': 513, type: 'long' },
    { name: 'deleted_rows_count', 'field-id': 514, type: 'long' },
  ],
}

/** The manifest list entry of a manifest written by {@link manifestBytes}. */
export function manifestListEntry(
  manifest: { path: string; length: number; files: readonly ContentFile[] },
  snapshot: { id: Int64; sequenceNumber: number },
): ManifestListEntry {
  const first = manifest.files[0]
  return {
    manifest_path: manifest.path,
    manifest_length: BigInt(manifest.length),
    partition_spec_id: first?.['spec-id'] ?? 0,
    content: first && first.content !== 'data' ? 1 : 0,
    sequence_number: BigInt(snapshot.sequenceNumber),
    min_sequence_number: BigInt(snapshot.sequenceNumber),
    added_snapshot_id: BigInt(snapshot.id),
    added_files_count: manifest.files.length,
    existing_files_count: 0,
    deleted_files_count: 0,
    added_rows_count: BigInt(manifest.files.reduce((n, f) => n + f['record-count'], 0)),
    existing_rows_count: 0n,
    deleted_rows_count: 0n,
  }
}

/**
 * A manifest list of `entries` for a snapshot: the entries it carries over from its parent's list (as read
 * back; fields this writer's schema lacks are dropped, absent ones become zero) and those of its own manifests.
 */
export function manifestListBytes(
  entries: readonly ManifestListEntry[],
  snapshot: { id: Int64; parentId?: Int64; sequenceNumber: number; formatVersion: number },
): Buffer {
  const records = entries.map((e) =>
    Object.fromEntries(
      MANIFEST_LIST_SCHEMA.fields.map((f) => {
        const v = e[f.name]
        if (f.type === 'string') return [f.name, String(v)]
        return [f.name, f.type === 'long' ? BigInt((v as number | bigint | undefined) ?? 0) : Number(v ?? 0)]
      }),
    ),
  )
  return writeAvroFile(MANIFEST_LIST_SCHEMA, records, {
    meta: {
      'snapshot-id': String(snapshot.id),
      'parent-snapshot-id': snapshot.parentId === undefined ? 'null' : String(snapshot.parentId),
      'sequence-number': String(snapshot.sequenceNumber),
      'format-version': String(snapshot.formatVersion),
    },
  })
}
