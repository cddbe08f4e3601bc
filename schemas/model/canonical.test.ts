import { describe, expect, it } from 'vitest'
import { canonicalMetadata, canonicalType } from './canonical.ts'

describe('canonical forms', () => {
  it('spell types the shortest way', () => {
    expect(canonicalType('geography(OGC:CRS84, spherical)')).toBe('geography')
    expect(canonicalType('geography(OGC:CRS84)')).toBe('geography')
    expect(canonicalType('geometry(OGC:CRS84)')).toBe('geometry')
    expect(canonicalType('decimal(10, 2)')).toBe('decimal(10,2)')
    expect(canonicalType('geometry(EPSG:4326)')).toBe('geometry(epsg:4326)')
    expect(canonicalType('long')).toBe('long')
  })

  it('order id-keyed lists by id and keep the logs as they are', () => {
    const md = {
      schemas: [
        {
          'schema-id': 1,
          type: 'struct',
          fields: [{ id: 1, name: 'g', type: 'geography(OGC:CRS84, spherical)' }],
        },
        { 'schema-id': 0, type: 'struct', fields: [] },
      ],
      'snapshot-log': [{ 'snapshot-id': 2 }, { 'snapshot-id': 1 }],
    }
    const c = canonicalMetadata(md)
    expect(c.schemas.map((s) => s['schema-id'])).toEqual([0, 1])
    expect(c.schemas[1]!.fields[0]!.type).toBe('geography')
    expect(c['snapshot-log']).toEqual(md['snapshot-log'])
    expect(canonicalMetadata({ ...md, schemas: [...md.schemas].reverse() })).toEqual(c)
  })

  it('order ids as numbers, not as text', () => {
    const ids = [10, 9, 100, 2]
    const c = canonicalMetadata({ snapshots: ids.map((id) => ({ 'snapshot-id': id })) })
    expect(c.snapshots.map((s) => s['snapshot-id'])).toEqual([2, 9, 10, 100])
  })
})
