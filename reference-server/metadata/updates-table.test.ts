import { describe, expect, it } from 'vitest'
import { applyTableCommit, checkTableInvariants, createTableMetadata, type TableMetadata } from './index.ts'
import { createRequest, expectError, fixture, testContext } from './test-helpers.ts'

const table = (version = 2): TableMetadata =>
  createTableMetadata(
    createRequest({ properties: { 'format-version': String(version) } }),
    'mem://wh/t',
    testContext(),
  )
const apply = (base: TableMetadata, ...updates: unknown[]) =>
  applyTableCommit(base, [], updates, testContext())

describe('assign-uuid', () => {
  it('the same uuid is a no-op; a different uuid on an existing table is 400', () => {
    const base = table()
    expect(apply(base, { action: 'assign-uuid', uuid: base['table-uuid'] }).changed).toBe(false)
    expectError(
      () => apply(base, { action: 'assign-uuid', uuid: '11111111-1111-4111-8111-111111111111' }),
      400,
      undefined,
      /reassign/,
    )
    expectError(() => apply(base, { action: 'assign-uuid', uuid: null }), 400)
  })
})

describe('upgrade-format-version', () => {
  it('upgrades (skipping versions is allowed), same version is a no-op, downgrade and > 3 are 400', () => {
    const v1 = table(1)
    const v3 = apply(v1, { action: 'upgrade-format-version', 'format-version': 3 }).metadata
    expect(v3['format-version']).toBe(3)
    expect(v3['next-row-id']).toBe(0)
    expect(v3['last-sequence-number']).toBe(0)
    expect(v3['current-snapshot-id']).toBeNull()
    expect(checkTableInvariants(v3)).toEqual([])
    expect(apply(v3, { action: 'upgrade-format-version', 'format-version': 3 }).changed).toBe(false)
    expectError(
      () => apply(v3, { action: 'upgrade-format-version', 'format-version': 2 }),
      400,
      undefined,
      /downgrade/,
    )
    expectError(
      () => apply(v1, { action: 'upgrade-format-version', 'format-version': 4 }),
      400,
      undefined,
      /unsupported/,
    )
  })

  it('v2 → v3 keeps existing snapshots without first-row-id', () => {
    const md = apply(fixture<TableMetadata>('table-v2.json'), {
      action: 'upgrade-format-version',
      'format-version': 3,
    }).metadata
    expect(md['next-row-id']).toBe(0)
    expect(md.snapshots.every((s) => s['first-row-id'] === undefined)).toBe(true)
    expect(checkTableInvariants(md)).toEqual([])
  })
})

describe('set-properties / remove-properties', () => {
  it('upserts; an empty map is a no-op; an unchanged value still records a change (Java)', () => {
    const md = apply(table(), { action: 'set-properties', updates: { a: '1', b: '2' } }).metadata
    expect(md.properties).toEqual({ a: '1', b: '2' })
    expect(apply(md, { action: 'set-properties', updates: {} }).changed).toBe(false)
    expect(apply(md, { action: 'set-properties', updates: { a: '1' } }).changed).toBe(true)
    expect(apply(md, { action: 'set-properties', updated: { c: '3' } }).metadata.properties.c).toBe('3')
  })

  it('reserved properties are rejected with 400 and never stored', () => {
    expectError(
      () => apply(table(), { action: 'set-properties', updates: { 'format-version': '3' } }),
      400,
      undefined,
      /reserved/,
    )
    expectError(() => apply(table(), { action: 'set-properties', updates: { a: 1 } }), 400)
  })

  it('removes keys; missing keys are ignored; an empty list is a no-op', () => {
    const base = apply(table(), { action: 'set-properties', updates: { a: '1', b: '2' } }).metadata
    expect(apply(base, { action: 'remove-properties', removals: ['a', 'zz'] }).metadata.properties).toEqual({
      b: '2',
    })
    expect(apply(base, { action: 'remove-properties', removed: ['b'] }).metadata.properties).toEqual({
      a: '1',
    })
    expect(apply(base, { action: 'remove-properties', removals: [] }).changed).toBe(false)
  })
})

describe('set-location', () => {
  it('sets the location without trailing slashes; the same location is a no-op; empty is 400', () => {
    expect(apply(table(), { action: 'set-location', location: 's3://x/y///' }).metadata.location).toBe(
      's3://x/y',
    )
    expect(apply(table(), { action: 'set-location', location: 'mem://wh/t/' }).changed).toBe(false)
    expectError(() => apply(table(), { action: 'set-location', location: '' }), 400)
  })
})

describe('statistics and partition statistics', () => {
  const stats = (path: string, id = 1) => ({
    'snapshot-id': id,
    'statistics-path': path,
    'file-size-in-bytes': 10,
    'file-footer-size-in-bytes': 2,
    'blob-metadata': [
      { type: 'apache-datasketches-theta-v1', 'snapshot-id': id, 'sequence-number': 1, fields: [1] },
    ],
  })

  it('set-statistics keeps one entry per snapshot; remove-statistics removes it; a missing one is a no-op', () => {
    const one = apply(table(), { action: 'set-statistics', statistics: stats('a') }).metadata
    const replaced = apply(one, { action: 'set-statistics', statistics: stats('b') }).metadata
    expect(replaced.statistics).toEqual([stats('b')])
    expect(apply(replaced, { action: 'remove-statistics', 'snapshot-id': 1 }).metadata.statistics).toEqual([])
    expect(apply(replaced, { action: 'remove-statistics', 'snapshot-id': 2 }).changed).toBe(false)
    const { 'snapshot-id': _id, ...noId } = stats('c', 7)
    expect(
      apply(table(), { action: 'set-statistics', 'snapshot-id': 7, statistics: noId }).metadata
        .statistics[0]?.['snapshot-id'],
    ).toBe(7)
    expectError(() => apply(table(), { action: 'set-statistics', statistics: { 'snapshot-id': 1 } }), 400)
  })

  it('set-partition-statistics / remove-partition-statistics follow the same rules', () => {
    const p = (path: string) => ({ 'snapshot-id': 1, 'statistics-path': path, 'file-size-in-bytes': 5 })
    const one = apply(table(), {
      action: 'set-partition-statistics',
      'partition-statistics': p('a'),
    }).metadata
    const two = apply(one, { action: 'set-partition-statistics', 'partition-statistics': p('b') }).metadata
    expect(two['partition-statistics']).toEqual([p('b')])
    expect(
      apply(two, { action: 'remove-partition-statistics', 'snapshot-id': 1 }).metadata[
        'partition-statistics'
      ],
    ).toEqual([])
    expect(apply(two, { action: 'remove-partition-statistics', 'snapshot-id': 9 }).changed).toBe(false)
  })
})

describe('add-encryption-key / remove-encryption-key', () => {
  it('the first copy of a key id wins; removing a missing key is a no-op; the list is dropped when empty', () => {
    const key = { 'key-id': 'k1', 'encrypted-key-metadata': 'AAEC', properties: { a: 'b' } }
    const md = apply(table(3), { action: 'add-encryption-key', 'encryption-key': key }).metadata
    expect(md['encryption-keys']).toEqual([key])
    expect(
      apply(md, {
        action: 'add-encryption-key',
        'encryption-key': { ...key, 'encrypted-key-metadata': 'ZZ' },
      }).changed,
    ).toBe(false)
    const removed = apply(md, { action: 'remove-encryption-key', 'key-id': 'k1' }).metadata
    expect(removed).not.toHaveProperty('encryption-keys')
    expect(apply(md, { action: 'remove-encryption-key', 'key-id': 'nope' }).changed).toBe(false)
    expectError(() => apply(md, { action: 'add-encryption-key', 'encryption-key': { 'key-id': 'k2' } }), 400)
  })
})
