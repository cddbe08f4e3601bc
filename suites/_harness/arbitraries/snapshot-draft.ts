/**
 * The random part of a snapshot for `add-snapshot`: an id, the operation, the rows it adds and a few summary entries. What depends on the
 * table at the moment of the commit (parent, sequence number, timestamp, manifest list, schema id, v3
 * first-row-id) is filled in by the caller against the metadata it commits on
 * (suites/_harness/support/commit-plan.ts).
 */
import fc from 'fast-check'
import type { SnapshotId } from '../../../schemas/model/types.ts'

export interface SnapshotDraft {
  /** Positive: below 2^53 (a number), or a random 63-bit long as real writers make (a bigint; see longIds). */
  readonly id: SnapshotId
  readonly operation: 'append' | 'overwrite' | 'delete' | 'replace'
  /** Rows the snapshot adds (v3 `added-rows`). */
  readonly addedRows: number
  /** Extra summary entries (string values, as the spec requires). */
  readonly summary: Readonly<Record<string, string>>
}

/** Snapshot ids below 2^53: exact in a JSON number for any reader. */
export const safeSnapshotId: fc.Arbitrary<SnapshotId> = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })

/**
 * Snapshot ids as Java, PyIceberg and iceberg-go make them: random positive longs, beyond 2^53 (where a double
 * cannot hold them), up to 2^63 - 1. Bigints, written as the exact integers by the client (json-int64.ts).
 */
export const longSnapshotId: fc.Arbitrary<SnapshotId> = fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n - 1n })

/** A snapshot draft whose id comes from `ids`. */
export const snapshotDraftWith = (ids: fc.Arbitrary<SnapshotId>): fc.Arbitrary<SnapshotDraft> =>
  fc.record({
    id: ids,
    operation: fc.constantFrom(
      'append' as const,
      'overwrite' as const,
      'delete' as const,
      'replace' as const,
    ),
    addedRows: fc.integer({ min: 0, max: 1_000_000 }),
    summary: fc
      .record(
        {
          'added-data-files': fc.nat({ max: 50 }).map(String),
          'added-records': fc.nat({ max: 100_000 }).map(String),
          'engine-name': fc.constantFrom('conformance', 'spark', 'trino'),
        },
        { requiredKeys: [] },
      )
      .map((s) => ({ ...s }) as Record<string, string>),
  })

/** A snapshot draft with an id below 2^53. */
export const snapshotDraft: fc.Arbitrary<SnapshotDraft> = snapshotDraftWith(safeSnapshotId)

/** A snapshot draft with a random 63-bit id, as real clients send. */
export const longIdSnapshotDraft: fc.Arbitrary<SnapshotDraft> = snapshotDraftWith(longSnapshotId)
