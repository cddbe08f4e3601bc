import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { sourceFields } from './_internals/iceberg-json.ts'
import type { IcebergType, PartitionSpecJson } from './_internals/iceberg-json.ts'
import { icebergSchema } from './iceberg-schema.ts'
import { namespaceName } from './namespace-name.ts'
import { dedupKind, partitionSpec } from './partition-spec.ts'
import { sortOrder } from './sort-order.ts'

function ids(t: IcebergType): number[] {
  if (typeof t === 'string') return []
  if (t.type === 'struct') return t.fields.flatMap((f) => [f.id, ...ids(f.type)])
  if (t.type === 'list') return [t['element-id'], ...ids(t.element)]
  return [t['key-id'], t['value-id'], ...ids(t.key), ...ids(t.value)]
}

describe('arbitraries', () => {
  test('schemas have unique positive ids, and unknown is never required', () => {
    fc.assert(
      fc.property(icebergSchema({ v3: true }), (s) => {
        const all = ids({ type: 'struct', fields: s.fields })
        expect(new Set(all).size).toBe(all.length)
        expect(all.every((i) => i > 0)).toBe(true)
        expect(JSON.stringify(s)).not.toMatch(/"type":"unknown","required":true/)
      }),
      { seed: 1, numRuns: 200 },
    )
  })

  test('v3 types appear only when asked for', () => {
    fc.assert(
      fc.property(icebergSchema(), (s) => {
        expect(JSON.stringify(s)).not.toMatch(/timestamp_ns|variant|geometry|geography|"unknown"/)
      }),
      { seed: 2, numRuns: 200 },
    )
  })

  test('partition specs and sort orders reference primitive fields of their schema, uniquely named', () => {
    const withSpec = icebergSchema({ v3: true }).chain((s) =>
      fc.tuple(fc.constant(s), partitionSpec(s), sortOrder(s)),
    )
    fc.assert(
      fc.property(withSpec, ([schema, spec, order]) => {
        const sources = new Map(sourceFields(schema).map((f) => [f.id, f]))
        for (const f of spec.fields) expect(sources.get(f['source-id'])?.inCollection).toBe(false)
        for (const f of order.fields) expect(sources.has(f['source-id'])).toBe(true)
        expect(new Set(spec.fields.map((f) => f.name)).size).toBe(spec.fields.length)
        expect(order['order-id']).toBe(order.fields.length === 0 ? 0 : 1)
      }),
      { seed: 3, numRuns: 200 },
    )
  })

  test('no partition spec holds two fields of one source that Iceberg calls redundant (two time transforms)', () => {
    const redundant = (spec: PartitionSpecJson): boolean => {
      const keys = spec.fields.map((f) => `${f['source-id']}|${dedupKind(f.transform)}`)
      return new Set(keys).size !== keys.length
    }
    // Negative control: the spec rustberg 0.3.0 refused (year, day and month of one timestamp) is caught.
    const refused = {
      'spec-id': 0,
      fields: ['year', 'day', 'month'].map((transform, i) => ({
        'source-id': 1,
        'field-id': 1000 + i,
        name: `p#${i}_${transform}`,
        transform,
      })),
    }
    expect(redundant(refused)).toBe(true)
    expect(redundant({ ...refused, fields: refused.fields.slice(0, 1) })).toBe(false)
    fc.assert(
      fc.property(
        icebergSchema({ v3: true }).chain((s) => partitionSpec(s)),
        (spec) => {
          expect(redundant(spec)).toBe(false)
        },
      ),
      { seed: 4, numRuns: 300 },
    )
  })

  test('namespace names start with the run prefix and have no empty level', () => {
    fc.assert(
      fc.property(namespaceName('ccrun_x', { maxDepth: 3 }), (ns) => {
        expect(ns[0]!.startsWith('ccrun_x_')).toBe(true)
        expect(ns.every((p) => p.trim().length > 0)).toBe(true)
      }),
      { seed: 4, numRuns: 200 },
    )
  })
})
