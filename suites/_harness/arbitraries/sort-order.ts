/**
 * A sort order for a given schema: fields over primitive sources with any
 * transform allowed on them except void, both directions and both null orders. Order id 1 (0 is reserved
 * for the unsorted order); an empty field list gives the unsorted order 0.
 */
import fc from 'fast-check'
import { sourceFields, transformKinds } from './_internals/iceberg-json.ts'
import type { SchemaJson, SortOrderJson } from './_internals/iceberg-json.ts'
import { transformOf } from './partition-spec.ts'

export function sortOrder(schema: SchemaJson, maxFields = 3): fc.Arbitrary<SortOrderJson> {
  const sources = sourceFields(schema).filter((s) => transformKinds(s.type).length > 0)
  if (sources.length === 0) return fc.constant({ 'order-id': 0, fields: [] })
  const field = fc.constantFrom(...sources).chain((s) =>
    fc.record({
      'source-id': fc.constant(s.id),
      transform: fc.constantFrom(...transformKinds(s.type).filter((k) => k !== 'void')).chain(transformOf),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
      'null-order': fc.constantFrom('nulls-first' as const, 'nulls-last' as const),
    }),
  )
  return fc
    .array(field, { maxLength: maxFields })
    .map((fields) => ({ 'order-id': fields.length === 0 ? 0 : 1, fields }))
}
