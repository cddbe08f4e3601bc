/**
 * The snapshot of an `add-snapshot` update, built one way for every suite: the next sequence number, a
 * timestamp a second ago (servers compare snapshot times with their own clock; Java <= 1.10 and iceberg-rust
 * refuse snapshots far older than the table), the current schema, v3 row lineage, and a manifest list that is
 * really written when the table's location is reachable (table-files.ts).
 */
import { randomBytes } from 'node:crypto'
import type { SnapshotId } from '../../../schemas/model/types.ts'
import { manifestListFor, type ContentFile, type SnapshotTable } from './table-files.ts'

/** The table facts a snapshot depends on (partial: metadata of other servers may lack some). */
export interface SnapshotBase extends SnapshotTable {
  readonly 'last-sequence-number'?: number | undefined
  readonly 'current-schema-id'?: number | undefined
  readonly 'next-row-id'?: number | undefined
}

export interface SnapshotSpec {
  readonly id: SnapshotId
  readonly parent?: SnapshotId | undefined
  /** Default: the table's last sequence number + 1. */
  readonly sequenceNumber?: number
  /** Default: a second ago. */
  readonly timestampMs?: number
  readonly operation?: string
  readonly summary?: Readonly<Record<string, string>>
  /** v3 `added-rows` (default: the files' record counts, or 1 without files). */
  readonly addedRows?: number
  /** Files the snapshot adds (data or delete files): written into real manifests when the location is reachable. */
  readonly files?: readonly ContentFile[]
}

let issued = 0

/** A snapshot id no other snapshot of this run has: time-based, below 2^53 so any JSON client reads it exactly. */
export function freshSnapshotId(): number {
  return Date.now() * 1000 + (++issued % 1000)
}

/**
 * A snapshot id as real writers make them (Java, PyIceberg, iceberg-go): random over 63 bits, so beyond 2^53 with
 * near certainty; here always beyond, so that a JSON reader that rounds it through a double is seen to.
 */
export function longSnapshotId(): bigint {
  const random = randomBytes(8).readBigUInt64BE() & (2n ** 63n - 1n)
  return random < 2n ** 53n ? random + 2n ** 62n : random
}

export function snapshotBody(
  md: SnapshotBase,
  s: SnapshotSpec,
): Record<string, unknown> & { 'snapshot-id': SnapshotId } {
  const v = md['format-version'] ?? 2
  const sequenceNumber = s.sequenceNumber ?? (md['last-sequence-number'] ?? 0) + 1
  const files = s.files ?? []
  const data = files.filter((f) => f.content === 'data')
  const rows = data.length > 0 ? data.reduce((n, f) => n + f['record-count'], 0) : 1
  return {
    'snapshot-id': s.id,
    ...(s.parent !== undefined ? { 'parent-snapshot-id': s.parent } : {}),
    ...(v >= 2 ? { 'sequence-number': sequenceNumber } : {}),
    'timestamp-ms': s.timestampMs ?? Date.now() - 1000,
    'manifest-list': manifestListFor(
      md,
      {
        id: s.id,
        ...(s.parent !== undefined ? { parent: s.parent } : {}),
        sequenceNumber: v >= 2 ? sequenceNumber : 0,
      },
      files,
    ),
    summary: { ...s.summary, operation: s.operation ?? 'append' },
    'schema-id': md['current-schema-id'] ?? 0,
    ...(v >= 3 ? { 'first-row-id': md['next-row-id'] ?? 0, 'added-rows': s.addedRows ?? rows } : {}),
  }
}
