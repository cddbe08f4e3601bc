import { describe, expect, it } from 'vitest'
import { applyTableCommit, checkTableInvariants, createTableMetadata, type TableMetadata } from './index.ts'
import { manifestDataFiles } from '../planning/manifests.ts'
import { createRequest, dataFile, expectError, T0, testContext } from './test-helpers.ts'

/** The files commits wrote (manifests and manifest lists), as the server's file store keeps them. */
const store = new Map<string, Buffer>()
const readBytes = (location: string): Buffer | undefined => store.get(location)
let uuids = 0
const documentContext = (now: number) => ({
  ...testContext(now, { documentProfile: true, readBytes }),
  newUuid: () => `00000000-0000-4000-8000-${(++uuids).toString(16).padStart(12, '0')}`,
})

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
const append = (base: TableMetadata, files: unknown[], now = T0 + 1000): TableMetadata => {
  const r = applyTableCommit(base, [], [{ action: 'append', 'data-files': files }], documentContext(now))
  for (const [location, bytes] of r.files) store.set(location, bytes)
  return r.metadata
}
/** The data files live in a snapshot (default: the current one), read back from what the commits wrote. */
const planned = (md: TableMetadata, id = md['current-snapshot-id']): string[] => {
  const snapshot = md.snapshots.find((s) => s['snapshot-id'] === id)
  if (!snapshot) return []
  const json = md as unknown as Record<string, unknown>
  return manifestDataFiles(readBytes, json, snapshot as unknown as Record<string, unknown>).map((f) =>
    String(f['file-path']),
  )
}

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

  it('writes a manifest and a manifest list that carries the parent over: a plan reads the files back', () => {
    const one = append(table(2), [dataFile('f1')])
    const two = append(one, [dataFile('f2')])
    expect(planned(two)).toEqual(['f1', 'f2'])
    expect(planned(two, one.snapshots[0]?.['snapshot-id'])).toEqual(['f1'])
    expect(planned(table(2))).toEqual([])
  })

  it('is unknown outside the document profile, and refuses a parent whose manifest list it cannot read', () => {
    const update = [{ action: 'append', 'data-files': [dataFile('f1')] }]
    expectError(() => applyTableCommit(table(2), [], update, testContext(T0 + 1000)), 400)
    const one = append(table(2), [dataFile('f1')])
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
    expectError(() => append(withClient, [dataFile('f2')], T0 + 6000), 400)
  })

  it('v1: no sequence numbers; v3: first-row-id = next-row-id and added-rows', () => {
    const v1 = append(table(1), [dataFile('f1')])
    expect(v1.snapshots[0]).not.toHaveProperty('sequence-number')
    expect(checkTableInvariants(v1)).toEqual([])
    const v3 = append(append(table(3), [dataFile('a', 10), dataFile('b', 5)]), [dataFile('c', 3)])
    expect(v3.snapshots.map((s) => [s['first-row-id'], s['added-rows']])).toEqual([
      [0, 15],
      [15, 3],
    ])
    expect(v3['next-row-id']).toBe(18)
    expect(planned(v3)).toEqual(['a', 'b', 'c'])
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
    expectError(() => applyTableCommit(part, [], [{ action: 'append' }], documentContext(T0)), 400)
  })

  it('derives distinct JSON-safe snapshot ids, even from a degenerate uuid source', () => {
    const constant = { ...documentContext(T0), newUuid: () => '12345678-1234-4234-8234-123456789abc' }
    let md = table(2)
    for (let i = 0; i < 3; i++) {
      const r = applyTableCommit(md, [], [{ action: 'append', 'data-files': [] }], constant)
      for (const [location, bytes] of r.files) store.set(location, bytes)
      md = r.metadata
    }
    const ids = md.snapshots.map((s) => s['snapshot-id'])
    expect(new Set(ids).size).toBe(3)
    expect(ids.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true)
  })

  it('guards main with assert-ref-snapshot-id like any commit', () => {
    const one = append(table(2), [dataFile('f1')])
    const stale = { type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': null }
    expectError(
      () => applyTableCommit(one, [stale], [{ action: 'append', 'data-files': [] }], documentContext(T0)),
      409,
    )
  })
})
