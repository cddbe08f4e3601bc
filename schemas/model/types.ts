/**
 * Wire shapes of Iceberg table and view metadata, kebab-case keys exactly as the REST spec and the table spec write
 * them. Neutral ground: the judge (suites/_harness) and the reference server both read these types.
 */
import type { Int64 } from './json-int64.ts'

/** A snapshot id: a `long`, random over 63 bits in real writers, so a bigint beyond 2^53 (json-int64.ts). */
export type SnapshotId = Int64

export type PrimitiveType = string
export type IcebergType = PrimitiveType | StructType | ListType | MapType

export interface StructField {
  id: number
  name: string
  type: IcebergType
  required: boolean
  doc?: string
  'initial-default'?: unknown
  'write-default'?: unknown
}

export interface StructType {
  type: 'struct'
  fields: StructField[]
}

export interface ListType {
  type: 'list'
  'element-id': number
  element: IcebergType
  'element-required': boolean
}

export interface MapType {
  type: 'map'
  'key-id': number
  key: IcebergType
  'value-id': number
  value: IcebergType
  'value-required': boolean
}

/** A schema; `schema-id` is always set in stored metadata, optional in requests. */
export interface Schema extends StructType {
  'schema-id'?: number
  'identifier-field-ids'?: number[]
}

export interface PartitionField {
  'source-id': number
  'field-id'?: number
  name: string
  transform: string
}

export interface PartitionSpec {
  'spec-id'?: number
  fields: PartitionField[]
}

export interface SortField {
  'source-id': number
  transform: string
  direction: 'asc' | 'desc'
  'null-order': 'nulls-first' | 'nulls-last'
}

export interface SortOrder {
  'order-id': number
  fields: SortField[]
}

export interface Snapshot {
  'snapshot-id': SnapshotId
  'parent-snapshot-id'?: SnapshotId
  'sequence-number'?: number
  'timestamp-ms': number
  'manifest-list': string
  summary: { operation: string; [key: string]: string }
  'schema-id'?: number
  'first-row-id'?: number
  'added-rows'?: number
  'key-id'?: string
}

export interface SnapshotRef {
  type: 'branch' | 'tag'
  'snapshot-id': SnapshotId
  'min-snapshots-to-keep'?: number
  'max-snapshot-age-ms'?: number
  'max-ref-age-ms'?: number
}

export interface SnapshotLogEntry {
  'timestamp-ms': number
  'snapshot-id': SnapshotId
}

export interface MetadataLogEntry {
  'timestamp-ms': number
  'metadata-file': string
}

export interface BlobMetadata {
  type: string
  'snapshot-id': SnapshotId
  'sequence-number': number
  fields: number[]
  properties?: Record<string, string>
}

export interface StatisticsFile {
  'snapshot-id': SnapshotId
  'statistics-path': string
  'file-size-in-bytes': number
  'file-footer-size-in-bytes': number
  'key-metadata'?: string
  'blob-metadata': BlobMetadata[]
}

export interface PartitionStatisticsFile {
  'snapshot-id': SnapshotId
  'statistics-path': string
  'file-size-in-bytes': number
}

export interface EncryptedKey {
  'key-id': string
  'encrypted-key-metadata': string
  'encrypted-by-id'?: string
  properties?: Record<string, string>
}

/**
 * Table metadata as the builder writes it. Fields the builder always writes are required here; metadata
 * from other servers may lack some (the invariant checkers read defensively).
 */
export interface TableMetadata {
  'format-version': number
  'table-uuid': string
  location: string
  /** Absent in v1 (Java writes it only for v2+). */
  'last-sequence-number'?: number
  'last-updated-ms': number
  'last-column-id': number
  'current-schema-id': number
  schemas: Schema[]
  'default-spec-id': number
  'partition-specs': PartitionSpec[]
  'last-partition-id': number
  'default-sort-order-id': number
  'sort-orders': SortOrder[]
  properties: Record<string, string>
  /** -1 (v1/v2) or null (v3) when the table has no current snapshot, as Java writes it. */
  'current-snapshot-id': SnapshotId | null
  refs: Record<string, SnapshotRef>
  snapshots: Snapshot[]
  statistics: StatisticsFile[]
  'partition-statistics': PartitionStatisticsFile[]
  'snapshot-log': SnapshotLogEntry[]
  'metadata-log': MetadataLogEntry[]
  /** v3 only. */
  'next-row-id'?: number
  /** Written only when non-empty. */
  'encryption-keys'?: EncryptedKey[]
}

/** The CreateTableRequest body; `stage-create` is the caller's business. */
/** A data file as the `append` update carries it. */
export interface DataFile {
  content: 'data'
  'file-path': string
  'file-format': 'avro' | 'orc' | 'parquet' | 'puffin'
  'spec-id': number
  partition: unknown[]
  'file-size-in-bytes': number
  'record-count': number
  'key-metadata'?: string
  'split-offsets'?: number[]
  'sort-order-id'?: number
  'first-row-id'?: number
  [stat: string]: unknown
}

export interface SqlViewRepresentation {
  type: string
  sql: string
  dialect: string
}

export interface ViewVersion {
  'version-id': number
  'timestamp-ms': number
  'schema-id': number
  summary: Record<string, string>
  representations: SqlViewRepresentation[]
  'default-catalog'?: string
  'default-namespace': string[]
}

export interface ViewHistoryEntry {
  'version-id': number
  'timestamp-ms': number
}

export interface ViewMetadata {
  'view-uuid': string
  'format-version': number
  location: string
  'current-version-id': number
  versions: ViewVersion[]
  'version-log': ViewHistoryEntry[]
  schemas: Schema[]
  properties: Record<string, string>
}

/** The CreateViewRequest body. */
/** What a table commit returns. */
