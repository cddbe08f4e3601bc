/**
 * An Iceberg type of any kind (table spec, https://iceberg.apache.org/spec/#schemas-and-data-types): every primitive, decimal and fixed with parameters, and
 * struct, list and map nested up to `depth`; the v3 types (timestamp_ns, timestamptz_ns, unknown,
 * variant, geometry, geography) only with `v3: true`, and of those the type families a server may lack
 * (variant, geometry, geography: each its own feature) only with `v3Families: true` as well, so that a
 * server without them fails the rule that draws them, not every round trip. Field ids are placeholders (0): `icebergSchema`
 * numbers them. `unknown` is only ever optional, and map keys are plain primitives, as the table spec says.
 */
import fc from 'fast-check'
import { V1_PRIMITIVES, V3_FAMILIES, V3_PRIMITIVES } from '../../../schemas/model/schema-index.ts'
import type { IcebergType, StructField } from './_internals/iceberg-json.ts'
import { fieldNameUnit } from './_internals/names.ts'

export interface IcebergTypeOptions {
  readonly v3?: boolean
  /** With `v3`: also draw variant, geometry and geography. Default false. */
  readonly v3Families?: boolean
  /**
   * With `v3`: draw only these of the v3 type strings (V3_PRIMITIVES, V3_FAMILIES, GEO_WITH_PARAMETERS), e.g. the
   * ones a server creates tables with.
   * Default: all that `v3` and `v3Families` allow.
   */
  readonly v3Only?: readonly string[]
  /** Nesting depth of struct, list and map (0: primitives only). Default 2. */
  readonly depth?: number
  readonly maxFields?: number
}

/**
 * The geo types with a CRS written out, in the table spec's JSON form (Appendix C: `"geometry(<C>)"`,
 * `"geography(<C>,<E>)"`, example `"geography(srid:4326,spherical)"`, no space after the comma).
 */
export const GEO_WITH_PARAMETERS: readonly string[] = [
  'geometry(srid:4326)',
  'geography(srid:4326,spherical)',
]

/**
 * Primitive type strings, with parameters; `families` adds variant and the geo types (with `v3`); `only` keeps just
 * the v3 type strings it lists.
 */
export function primitiveType(v3 = false, families = false, only?: readonly string[]): fc.Arbitrary<string> {
  const decimal = fc
    .integer({ min: 1, max: 38 })
    .chain((p) => fc.integer({ min: 0, max: p }).map((s) => `decimal(${p},${s})`))
  const fixed = fc.integer({ min: 1, max: 64 }).map((l) => `fixed[${l}]`)
  const keep = (t: string): boolean => only === undefined || only.includes(t)
  const withFamilies = v3 && families
  const plain = fc.constantFrom(
    ...V1_PRIMITIVES,
    ...(v3 ? V3_PRIMITIVES.filter(keep) : []),
    ...(withFamilies ? V3_FAMILIES.filter(keep) : []),
  )
  const geo = GEO_WITH_PARAMETERS.filter(keep)
  return withFamilies && geo.length > 0
    ? fc.oneof({ weight: 8, arbitrary: plain }, decimal, fixed, fc.constantFrom(...geo))
    : fc.oneof({ weight: 8, arbitrary: plain }, decimal, fixed)
}

/** Field names of one struct: unique, never empty, no dots. */
export function fieldNames(min: number, max: number): fc.Arbitrary<string[]> {
  return fc.uniqueArray(
    fc.array(fieldNameUnit, { minLength: 1, maxLength: 8 }).map((u) => u.join('')),
    { minLength: min, maxLength: max },
  )
}

const mayBeRequired = (t: IcebergType, required: boolean): boolean => (t === 'unknown' ? false : required)

/** A struct's fields with placeholder ids. */
export function structFields(opts: IcebergTypeOptions, min = 1): fc.Arbitrary<StructField[]> {
  const max = opts.maxFields ?? 5
  return fieldNames(min, max).chain((names) =>
    fc
      .tuple(
        ...names.map(() =>
          fc.tuple(icebergType(opts), fc.boolean(), fc.option(fc.string({ maxLength: 12 }))),
        ),
      )
      .map((parts) =>
        parts.map(([type, required, doc], i) => ({
          id: 0,
          name: names[i]!,
          type,
          required: mayBeRequired(type, required),
          ...(doc !== null ? { doc } : {}),
        })),
      ),
  )
}

export function icebergType(opts: IcebergTypeOptions = {}): fc.Arbitrary<IcebergType> {
  const depth = opts.depth ?? 2
  const primitive = primitiveType(opts.v3, opts.v3Families, opts.v3Only)
  if (depth <= 0) return primitive
  const inner: IcebergTypeOptions = { ...opts, depth: depth - 1, maxFields: Math.min(opts.maxFields ?? 5, 3) }
  const struct = structFields(inner).map((fields) => ({ type: 'struct' as const, fields }))
  const list = fc.tuple(icebergType(inner), fc.boolean()).map(([element, req]) => ({
    type: 'list' as const,
    'element-id': 0,
    element,
    'element-required': mayBeRequired(element, req),
  }))
  const map = fc.tuple(primitiveType(false), icebergType(inner), fc.boolean()).map(([key, value, req]) => ({
    type: 'map' as const,
    'key-id': 0,
    key,
    'value-id': 0,
    value,
    'value-required': mayBeRequired(value, req),
  }))
  return fc.oneof({ weight: 6, arbitrary: primitive }, struct, list, map)
}
