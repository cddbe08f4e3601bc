import { describe, expect, it } from 'vitest'
import { applyTableCommit, checkTableInvariants, createTableMetadata, type TableMetadata } from './index.ts'
import { createRequest, expectError, T0, testContext } from './test-helpers.ts'

const table = (version = 2): TableMetadata =>
  createTableMetadata(
    createRequest({ properties: { 'format-version': String(version) } }),
    'mem://wh/t',
    testContext(),
  )
const at = (nowMs: number) => testContext(nowMs)
const apply = (base: TableMetadata, ...updates: unknown[]) =>
  applyTableCommit(base, [], updates, at(T0 + 10_000))
const snap = (id: number, extra: Record<string, unknown> = {}) => ({
  action: 'add-snapshot',
  snapshot: {
    'snapshot-id': id,
    'timestamp-ms': T0 + id,
    'manifest-list': `mem://wh/t/metadata/snap-${id}.avro`,
    summary: { operation: 'append' },
    ...extra,
  },
})
const main = (id: number, extra: Record<string, unknown> = {}) => ({
  action: 'set-snapshot-ref',
  'ref-name': 'main',
  type: 'branch',
  'snapshot-id': id,
  ...extra,
})
/** A v2 table with snapshots 1 (seq 1) and 2 (seq 2, child of 1), main at 2, in two commits. */
function twoSnapshots(): TableMetadata {
  const one = apply(table(), snap(1, { 'sequence-number': 1 }), main(1)).metadata
  return applyTableCommit(
    one,
    [],
    [snap(2, { 'sequence-number': 2, 'parent-snapshot-id': 1 }), main(2)],
    at(T0 + 20_000),
  ).metadata
}

describe('add-snapshot', () => {
  it('adds without moving any ref or the snapshot log', () => {
    const md = apply(table(), snap(1, { 'sequence-number': 1 })).metadata
    expect(md.snapshots).toHaveLength(1)
    expect(md.refs).toEqual({})
    expect(md['snapshot-log']).toEqual([])
    expect(md['current-snapshot-id']).toBe(-1)
    expect(md['last-sequence-number']).toBe(1)
  })

  it('rejects a duplicate snapshot id with 400 and a malformed snapshot with 400', () => {
    expectError(
      () => apply(twoSnapshots(), snap(2, { 'sequence-number': 3, 'parent-snapshot-id': 1 })),
      400,
      undefined,
      /already exists/,
    )
    expectError(() => apply(table(), { action: 'add-snapshot', snapshot: { 'snapshot-id': 1 } }), 400)
    expectError(() => apply(table(), snap(1, { summary: { operation: 'frob' } })), 400)
  })

  it('v2: a stale sequence number with a parent is 409 (Java >= 1.11, retryable); a root snapshot is exempt', () => {
    const base = twoSnapshots()
    expectError(
      () => apply(base, snap(3, { 'sequence-number': 2, 'parent-snapshot-id': 2 })),
      409,
      'CommitFailedException',
      /sequence number/,
    )
    // A root snapshot may carry a lower number, but then the build rejects snapshots above last-sequence-number.
    expectError(
      () => apply(base, snap(3, { 'sequence-number': 1 })),
      400,
      undefined,
      /greater than last sequence number/,
    )
    expect(apply(base, snap(3, { 'sequence-number': 5 })).metadata['last-sequence-number']).toBe(5)
  })

  it('v1: sequence numbers must be 0', () => {
    expect(apply(table(1), snap(1), main(1)).metadata).not.toHaveProperty('last-sequence-number')
    expectError(() => apply(table(1), snap(1, { 'sequence-number': 4 })), 400, undefined, /must be 0 in v1/)
  })

  it('v3: first-row-id is required and not behind next-row-id; next-row-id grows by added-rows', () => {
    const v3 = table(3)
    expectError(() => apply(v3, snap(1, { 'sequence-number': 1 })), 400, undefined, /first-row-id is null/)
    expectError(
      () => apply(v3, snap(1, { 'sequence-number': 1, 'first-row-id': 0 })),
      400,
      undefined,
      /added-rows/,
    )
    const md = apply(
      v3,
      snap(1, { 'sequence-number': 1, 'first-row-id': 5, 'added-rows': 10 }),
      main(1),
    ).metadata
    // The old next-row-id plus added-rows, not first-row-id + added-rows.
    expect(md['next-row-id']).toBe(10)
    expectError(
      () =>
        apply(
          md,
          snap(2, { 'sequence-number': 2, 'parent-snapshot-id': 1, 'first-row-id': 9, 'added-rows': 1 }),
        ),
      409,
      undefined,
      /behind table next-row-id/,
    )
    // ...which leaves rows [10, 15) above next-row-id: the invariant checker reports what Java would store.
    expect(checkTableInvariants(md)).toEqual([expect.stringMatching(/^table\/next-row-id-covers-snapshots:/)])
    const exact = apply(
      v3,
      snap(1, { 'sequence-number': 1, 'first-row-id': 0, 'added-rows': 10 }),
      main(1),
    ).metadata
    expect(exact['next-row-id']).toBe(10)
    expect(checkTableInvariants(exact)).toEqual([])
  })

  it('needs a schema, spec and order first (only reachable on a staged create)', () => {
    expectError(
      () => applyTableCommit(null, [{ type: 'assert-create' }], [snap(1)], testContext()),
      400,
      undefined,
      /before a schema/,
    )
  })
})

describe('set-snapshot-ref', () => {
  it('moving main sets current-snapshot-id and logs the snapshot timestamp when added in this commit', () => {
    const md = apply(table(), snap(1, { 'sequence-number': 1 }), main(1)).metadata
    expect(md['current-snapshot-id']).toBe(1)
    expect(md.refs.main).toEqual({ type: 'branch', 'snapshot-id': 1 })
    expect(md['snapshot-log']).toEqual([{ 'timestamp-ms': T0 + 1, 'snapshot-id': 1 }])
  })

  it('a rollback to an existing snapshot logs the commit time', () => {
    const md = applyTableCommit(twoSnapshots(), [], [main(1)], at(T0 + 30_000)).metadata
    expect(md['snapshot-log'].at(-1)).toEqual({ 'timestamp-ms': T0 + 30_000, 'snapshot-id': 1 })
    expect(md['current-snapshot-id']).toBe(1)
  })

  it('an equal ref is a no-op; a retention-only change of main appends one entry', () => {
    const base = twoSnapshots()
    expect(apply(base, main(2)).changed).toBe(false)
    const md = apply(base, main(2, { 'min-snapshots-to-keep': 3 })).metadata
    expect(md['snapshot-log']).toHaveLength(3)
    expect(md.refs.main?.['min-snapshots-to-keep']).toBe(3)
  })

  it('other branches and tags touch neither the log nor the current snapshot', () => {
    const md = apply(twoSnapshots(), {
      action: 'set-snapshot-ref',
      'ref-name': 'v1',
      type: 'tag',
      'snapshot-id': 1,
      'max-ref-age-ms': 5,
    }).metadata
    expect(md.refs.v1).toEqual({ type: 'tag', 'snapshot-id': 1, 'max-ref-age-ms': 5 })
    expect(md['snapshot-log']).toHaveLength(2)
    expect(md['current-snapshot-id']).toBe(2)
  })

  it('intermediate snapshots of one commit collapse to one snapshot-log entry', () => {
    const md = apply(
      table(),
      snap(1, { 'sequence-number': 1 }),
      main(1),
      snap(2, { 'sequence-number': 2, 'parent-snapshot-id': 1 }),
      main(2),
    ).metadata
    expect(md['snapshot-log']).toEqual([{ 'timestamp-ms': T0 + 2, 'snapshot-id': 2 }])
  })

  it('rejects unknown snapshots, main as a tag, bad types and bad retention with 400', () => {
    const base = twoSnapshots()
    expectError(() => apply(base, main(9)), 400, undefined, /unknown snapshot/)
    expectError(() => apply(base, main(1, { type: 'tag' })), 400, undefined, /must be a branch/)
    expectError(() => apply(base, main(1, { type: 'leaf' })), 400)
    expectError(() => apply(base, main(1, { 'max-ref-age-ms': 0 })), 400)
    const tag = {
      action: 'set-snapshot-ref',
      'ref-name': 't',
      type: 'tag',
      'snapshot-id': 1,
      'min-snapshots-to-keep': 1,
    }
    expectError(() => apply(base, tag), 400, undefined, /Tags do not support/)
  })

  it('a snapshot stamped more than a minute after the commit time fails the build (clock skew)', () => {
    expectError(
      () => apply(table(), snap(1, { 'sequence-number': 1, 'timestamp-ms': T0 + 200_000 }), main(1)),
      400,
      undefined,
      /before last snapshot log entry/,
    )
  })
})

describe('remove-snapshot-ref / remove-snapshots', () => {
  it('removing main clears the current snapshot, keeps the log and the snapshot; a missing ref is a no-op', () => {
    const md = apply(twoSnapshots(), { action: 'remove-snapshot-ref', 'ref-name': 'main' }).metadata
    expect(md['current-snapshot-id']).toBe(-1)
    expect(md.refs).toEqual({})
    expect(md.snapshots).toHaveLength(2)
    expect(md['snapshot-log']).toHaveLength(2)
    expect(apply(twoSnapshots(), { action: 'remove-snapshot-ref', 'ref-name': 'nope' }).changed).toBe(false)
    expect(checkTableInvariants(md)).toEqual([])
  })

  it('removes snapshots with their refs and statistics and cuts the log up to the last removed entry', () => {
    const base = apply(
      twoSnapshots(),
      { action: 'set-snapshot-ref', 'ref-name': 'old', type: 'branch', 'snapshot-id': 1 },
      {
        action: 'set-partition-statistics',
        'partition-statistics': { 'snapshot-id': 1, 'statistics-path': 'p', 'file-size-in-bytes': 1 },
      },
    ).metadata
    const md = apply(base, { action: 'remove-snapshots', 'snapshot-ids': [1, 77] }).metadata
    expect(md.snapshots.map((s) => s['snapshot-id'])).toEqual([2])
    expect(md.refs).not.toHaveProperty('old')
    expect(md['partition-statistics']).toEqual([])
    expect(md['snapshot-log']).toEqual([{ 'timestamp-ms': T0 + 2, 'snapshot-id': 2 }])
    expect(apply(base, { action: 'remove-snapshots', 'snapshot-ids': [77] }).changed).toBe(false)
  })

  it('removing the current snapshot clears main and the current snapshot (Java)', () => {
    const md = apply(twoSnapshots(), { action: 'remove-snapshots', 'snapshot-ids': [2] }).metadata
    expect(md['current-snapshot-id']).toBe(-1)
    expect(md.refs).toEqual({})
    expect(checkTableInvariants(md)).toEqual([])
  })
})
