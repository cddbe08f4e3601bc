/**
 * A map of string properties (namespace, table or view properties): unicode keys and values, empty values
 * allowed. Keys never collide with `exclude` (e.g. reserved table properties) and never start with
 * `avoidPrefix` when given.
 */
import fc from 'fast-check'
import { nameUnit } from './_internals/names.ts'

export interface PropertyMapOptions {
  readonly maxKeys?: number
  readonly exclude?: readonly string[]
  /** Prefix every key with this, so that keys never collide with properties the server adds. */
  readonly keyPrefix?: string
}

export function propertyMap(opts: PropertyMapOptions = {}): fc.Arbitrary<Record<string, string>> {
  const exclude = new Set(opts.exclude ?? [])
  const key = fc
    .array(nameUnit, { minLength: 1, maxLength: 10 })
    .map((u) => `${opts.keyPrefix ?? ''}${u.join('')}`)
    .filter((k) => !exclude.has(k) && k !== '__proto__')
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.array(nameUnit, { maxLength: 16 }).map((u) => u.join('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  )
  return fc.dictionary(key, value, { maxKeys: opts.maxKeys ?? 6, noNullPrototype: true })
}
