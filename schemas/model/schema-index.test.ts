import { describe, expect, it } from 'vitest'
import { isV3Type, V1_PRIMITIVES, V3_FAMILIES, V3_PRIMITIVES } from './schema-index.ts'

describe('isV3Type', () => {
  it('holds for the types format v3 adds, the geo types with parameters too', () => {
    for (const t of [
      ...V3_PRIMITIVES,
      ...V3_FAMILIES,
      'geometry(srid:4326)',
      'geography(srid:4326,spherical)',
    ])
      expect(isV3Type(t), t).toBe(true)
  })

  it('does not hold for the v1 and v2 types, nor for names that only begin like a v3 one', () => {
    for (const t of [...V1_PRIMITIVES, 'decimal(9,2)', 'fixed[16]', 'unknownx', 'timestamp_nsx', 'geometryx'])
      expect(isV3Type(t), t).toBe(false)
  })

  it('the lists of type names share none', () => {
    const all = [...V1_PRIMITIVES, ...V3_PRIMITIVES, ...V3_FAMILIES]
    expect(new Set(all).size).toBe(all.length)
  })
})
