/**
 * The random part of a snapshot for `add-snapshot`: an id, the operation, the rows it adds and a few summary entries. What depends on the
 * table at the moment of the commit (parent, sequence number, timestamp, manifest list, schema id, v3
 * first-row-id) is filled in by the caller against the metadata it commits on
 * (suites/_harness/support/commit-plan.ts).
 */
import fc from 'fast-check'

export interface SnapshotDraft {
  /** Positive and below 2^53, so that it survives a JSON number in any client. */
  readonly id: number
  readonly operation: 'append' | 'overwrite' | 'delete' | 'replace'
  /** Rows the snapshot adds (v3 `added-rows`). */
  readonly addedRows: number
  /** Extra summary entries (string values, as the spec requires). */
  readonly summary: Readonly<Record<string, string>>
}

export const snapshotDraft: fc.Arbitrary<SnapshotDraft> = fc.record({
  id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  operation: fc.constantFrom('append' as const, 'overwrite' as const, 'delete' as const, 'replace' as const),
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
