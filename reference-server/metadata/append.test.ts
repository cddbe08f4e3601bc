import { describe, expect, it } from 'vitest'
import {
  applyTableCommit,
  checkTableInvariants,
  createTableMetadata,
  dataFilesOf,
  dataFilesRecorded,
  type TableMetadata,
} from './index.ts'
import { createRequest, dataFile, expectError, T0, testContext } from './test-helpers.ts'

const table = (version: number, partitioned = false): TableMetadata =>
  createTableMetadata(
    createRequest({
      properties: { 'format-version': String(version) },
      ...(partitioned
        ? { 'partition-spec': { fields: [{ 'source-id': 2, name: 'data', transform: 'identity' }] } }
        : {}),
    }),
    'mem://wh/t',
    testContext(),
  )
const append = (base: TableMetadata, files: unknown[], now = T0 + 1000) =>
  applyTableCommit(base, [], [{ action: 'append', 'data-files': files }], testContext(now)).metadata

describe('append (the original document; not an Iceberg update)', () => {
  it('adds a snapshot on top of main with the next sequence number and moves main to it (v2)', () => {
    const one = append(table(2), [dataFile('f1')])
    const two = append(one, [dataFile('f2', 5), dataFile('f3', 7)], T0 + 2000)
    const [s1, s2] = two.snapshots
    expect(s1).toMatchObject({
      'sequence-number': 1,
      'timestamp-ms': T0 + 1000,
      summary: { operation: 'append' },
    })
    expect(s1).not.toHaveProperty('parent-snapshot-id')
    expect(s2).toMatchObject({
      'sequence-number': 2,
      'parent-snapshot-id': s1?.['snapshot-id'],
      'schema-id': 0,
    })
    expect(s2?.summary).toMatchObject({
      'added-data-files': '2',
      'added-records': '12',
      'total-data-files': '3',
      'total-records': '22',
    })
    expect(s2?.['manifest-list']).toMatch(/^mem:\/\/wh\/t\/metadata\/snap-\d+-1-.+\.avro$/)
    expect(two['current-snapshot-id']).toBe(s2?.['snapshot-id'])
    expect(two.refs.main).toEqual({ type: 'branch', 'snapshot-id': s2?.['snapshot-id'] })
    expect(two['last-sequence-number']).toBe(2)
    expect(two['snapshot-log'].map((e) => e['snapshot-id'])).toEqual([
      s1?.['snapshot-id'],
      s2?.['snapshot-id'],
    ])
    expect(checkTableInvariants(two)).toEqual([])
  })

  it('keeps the files retrievable: dataFilesOf walks the ancestors, oldest first', () => {
    const one = append(table(2), [dataFile('f1')])
    const two = append(one, [dataFile('f2')])
    expect(dataFilesOf(two).map((f) => f['file-path'])).toEqual(['f1', 'f2'])
    expect(dataFilesOf(two, one.snapshots[0]?.['snapshot-id']).map((f) => f['file-path'])).toEqual(['f1'])
    expect(dataFilesOf(two, 12345)).toEqual([])
    expect(dataFilesOf(table(2))).toEqual([])
    // The files survive a JSON round trip of the metadata (they live in the snapshot summary).
    expect(dataFilesOf(JSON.parse(JSON.stringify(two)) as TableMetadata)).toHaveLength(2)
  })

  it('dataFilesRecorded: true only while every snapshot of the chain was written by append', () => {
    const one = append(table(2), [dataFile('f1')])
    expect(dataFilesRecorded(table(2))).toBe(true)
    expect(dataFilesRecorded(one)).toBe(true)
    const clientSnapshot = {
      'snapshot-id': 99,
      'parent-snapshot-id': one.snapshots[0]?.['snapshot-id'],
      'sequence-number': 2,
      'timestamp-ms': T0 + 5000,
      'manifest-list': 'mem://wh/t/metadata/snap-99.avro',
      summary: { operation: 'append' },
      'schema-id': 0,
    }
    const updates = [
      { action: 'add-snapshot', snapshot: clientSnapshot },
      { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': 99 },
    ]
    const withClient = applyTableCommit(one, [], updates, testContext(T0 + 5000)).metadata
    expect(dataFilesRecorded(withClient)).toBe(false)
    expect(dataFilesRecorded(withClient, one.snapshots[0]?.['snapshot-id'])).toBe(true)
    // An append on top of the client's snapshot does not make the chain complete.
    expect(dataFilesRecorded(append(withClient, [dataFile('f2')], T0 + 6000))).toBe(false)
  })

  it('v1: no sequence numbers; v3: first-row-id = next-row-id, added-rows, and per-file first-row-ids', () => {
    const v1 = append(table(1), [dataFile('f1')])
    expect(v1.snapshots[0]).not.toHaveProperty('sequence-number')
    expect(checkTableInvariants(v1)).toEqual([])
    const v3 = append(append(table(3), [dataFile('a', 10), dataFile('b', 5)]), [dataFile('c', 3)])
    expect(v3.snapshots.map((s) => [s['first-row-id'], s['added-rows']])).toEqual([
      [0, 15],
      [15, 3],
    ])
    expect(v3['next-row-id']).toBe(18)
    expect(dataFilesOf(v3).map((f) => f['first-row-id'])).toEqual([0, 10, 15])
    expect(checkTableInvariants(v3)).toEqual([])
  })

  it('checks each data file: content, format, spec id, partition arity, sizes', () => {
    const part = table(2, true)
    expect(append(part, [dataFile('p', 1, ['x'])]).snapshots).toHaveLength(1)
    const bad = (f: unknown) => expectError(() => append(part, [f]), 400)
    bad({ ...dataFile('p', 1, ['x']), content: 'position-deletes' })
    bad({ ...dataFile('p', 1, ['x']), 'file-format': 'csv' })
    bad({ ...dataFile('p', 1, ['x']), 'spec-id': 4 })
    bad(dataFile('p', 1, []))
    bad({ ...dataFile('p', 1, ['x']), 'record-count': -1 })
    bad({ ...dataFile('p', 1, ['x']), 'file-path': undefined })
    expectError(() => applyTableCommit(part, [], [{ action: 'append' }], testContext()), 400)
  })

  it('derives distinct JSON-safe snapshot ids, even from a degenerate uuid source', () => {
    const constant = { nowMs: T0, newUuid: () => '12345678-1234-4234-8234-123456789abc' }
    let md = table(2)
    for (let i = 0; i < 3; i++)
      md = applyTableCommit(md, [], [{ action: 'append', 'data-files': [] }], constant).metadata
    const ids = md.snapshots.map((s) => s['snapshot-id'])
    expect(new Set(ids).size).toBe(3)
    expect(ids.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true)
  })

  it('guards main with assert-ref-snapshot-id like any commit', () => {
    const one = append(table(2), [dataFile('f1')])
    const stale = { type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': null }
    expectError(
      () => applyTableCommit(one, [stale], [{ action: 'append', 'data-files': [] }], testContext()),
      409,
    )
  })
})
