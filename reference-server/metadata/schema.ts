/**
 * Schemas: parsing a request schema, the field index used for binding, fresh id assignment at create
 *, "same schema" for reuse and the schema validations.
 */
import { badRequest, validationFailed } from '../errors.ts'
import { arr, bool, int, isObject, jsonEqual, obj, str, type Json } from './read.ts'
import type { IcebergType, Schema, StructField, StructType } from './types.ts'
import {
  indexSchema,
  isPrimitive,
  isV3Type,
  V1_PRIMITIVES,
  V3_FAMILIES,
  V3_PRIMITIVES,
} from '../../schemas/model/schema-index.ts'
export { indexSchema, isPrimitive, isV3Type, maxFieldId } from '../../schemas/model/schema-index.ts'
export type { IndexedField } from '../../schemas/model/schema-index.ts'

/** Every type name without parameters, of every format version. */
const PRIMITIVES = new Set([...V1_PRIMITIVES, ...V3_PRIMITIVES, ...V3_FAMILIES])
const PARAMETRIC = /^(decimal\(\s*\d+\s*,\s*\d+\s*\)|fixed\[\d+\]|geometry\(.+\)|geography\(.+\))$/

function parseType(v: unknown, where: string): IcebergType {
  if (typeof v === 'string') {
    if (!PRIMITIVES.has(v) && !PARAMETRIC.test(v))
      throw badRequest(`Cannot parse type string: ${v} (${where})`)
    return v
  }
  const o = obj(v, `type at ${where}`)
  const kind = o.type
  if (kind === 'struct') return parseStruct(o, where)
  if (kind === 'list') {
    return {
      type: 'list',
      'element-id': int(o, 'element-id', `list at ${where}`),
      element: parseType(o.element, `${where}.element`),
      'element-required': bool(o, 'element-required', `list at ${where}`),
    }
  }
  if (kind === 'map') {
    return {
      type: 'map',
      'key-id': int(o, 'key-id', `map at ${where}`),
      key: parseType(o.key, `${where}.key`),
      'value-id': int(o, 'value-id', `map at ${where}`),
      value: parseType(o.value, `${where}.value`),
      'value-required': bool(o, 'value-required', `map at ${where}`),
    }
  }
  throw badRequest(`Cannot parse type at ${where}: unknown kind ${JSON.stringify(kind)}`)
}

function parseStruct(o: Json, where: string): StructType {
  const fields = arr(o, 'fields', `struct at ${where}`).map((f, i): StructField => {
    const fo = obj(f, `field ${i} at ${where}`)
    const name = str(fo, 'name', `field ${i} at ${where}`)
    const field: StructField = {
      id: int(fo, 'id', `field ${name}`),
      name,
      type: parseType(fo.type, where ? `${where}.${name}` : name),
      required: bool(fo, 'required', `field ${name}`),
    }
    if (typeof fo.doc === 'string') field.doc = fo.doc
    if (fo['initial-default'] !== undefined) field['initial-default'] = fo['initial-default']
    if (fo['write-default'] !== undefined) field['write-default'] = fo['write-default']
    return field
  })
  return { type: 'struct', fields }
}

/** Parses a request schema; the requested `schema-id` is kept only as a hint (the builder assigns ids). */
export function parseSchema(v: unknown, what = 'schema'): Schema {
  const o = obj(v, what)
  if (o.type !== undefined && o.type !== 'struct') throw badRequest(`Invalid ${what}: type must be 'struct'`)
  const schema: Schema = parseStruct(o, '')
  if (typeof o['schema-id'] === 'number') schema['schema-id'] = o['schema-id']
  if (o['identifier-field-ids'] !== undefined && o['identifier-field-ids'] !== null) {
    const ids = arr(o, 'identifier-field-ids', what)
    if (!ids.every((x) => Number.isSafeInteger(x))) throw badRequest(`Invalid ${what}: identifier-field-ids`)
    schema['identifier-field-ids'] = ids as number[]
  }
  return schema
}

/**
 * Reassigns every id from 1, breadth-first per struct (all direct fields, then each field's nested type;
 * list element; map key then value), as Java and Rust do at create. Returns the old→new id map.
 */
export function assignFreshIds(schema: Schema): { schema: Schema; idMap: Map<number, number> } {
  let next = 0
  const idMap = new Map<number, number>()
  const fresh = (old: number): number => {
    next += 1
    if (!idMap.has(old)) idMap.set(old, next)
    return next
  }
  const reassign = (t: IcebergType): IcebergType => {
    if (isPrimitive(t)) return t
    if (t.type === 'struct') {
      const ids = t.fields.map((f) => fresh(f.id))
      return {
        type: 'struct',
        fields: t.fields.map((f, i) => ({ ...f, id: ids[i] ?? 0, type: reassign(f.type) })),
      }
    }
    if (t.type === 'list') {
      const id = fresh(t['element-id'])
      return { ...t, 'element-id': id, element: reassign(t.element) }
    }
    const keyId = fresh(t['key-id'])
    const valueId = fresh(t['value-id'])
    return { ...t, 'key-id': keyId, 'value-id': valueId, key: reassign(t.key), value: reassign(t.value) }
  }
  const struct = reassign({ type: 'struct', fields: schema.fields }) as StructType
  const out: Schema = { type: 'struct', 'schema-id': 0, fields: struct.fields }
  const identifiers = schema['identifier-field-ids']
  if (identifiers && identifiers.length > 0) {
    out['identifier-field-ids'] = identifiers.map((id) => {
      const mapped = idMap.get(id)
      if (mapped === undefined) throw validationFailed(`Cannot find identifier field id ${id} in the schema`)
      return mapped
    })
  }
  return { schema: out, idMap }
}

/** Java `sameSchema`: equal struct (ids, names, types, required, docs, defaults) and identifier ids. */
export function sameSchema(a: Schema, b: Schema): boolean {
  const ids = (s: Schema): number[] => [...(s['identifier-field-ids'] ?? [])].sort((x, y) => x - y)
  return jsonEqual(a.fields, b.fields) && jsonEqual(ids(a), ids(b))
}

/**
 * Validations of a schema about to be stored: unique ids, identifier fields (exist, primitive, required,
 * not float/double, not in a list/map or optional struct) and v3-only types or initial defaults.
 */
export function validateSchema(schema: Schema, formatVersion: number): void {
  const { byId, duplicates } = indexSchema(schema)
  if (duplicates.length > 0)
    throw validationFailed(`Invalid schema: duplicate field ids ${duplicates.join(', ')}`)
  for (const id of schema['identifier-field-ids'] ?? []) {
    const f = byId.get(id)
    if (!f) throw validationFailed(`Cannot add fieldId ${id} as an identifier field: field does not exist`)
    if (!isPrimitive(f.type))
      throw validationFailed(`Cannot add field ${f.name} as an identifier field: not a primitive type`)
    if (!f.required)
      throw validationFailed(`Cannot add field ${f.name} as an identifier field: not a required field`)
    if (f.type === 'float' || f.type === 'double') {
      throw validationFailed(
        `Cannot add field ${f.name} as an identifier field: must not be float or double field`,
      )
    }
    if (f.inCollection || f.underOptional) {
      throw validationFailed(
        `Cannot add field ${f.name} as an identifier field: must not be nested in a map, list or optional struct`,
      )
    }
  }
  if (formatVersion < 3) {
    for (const f of byId.values()) {
      if (isPrimitive(f.type) && isV3Type(f.type)) {
        throw validationFailed(
          `Invalid schema for v${formatVersion}: ${f.name} has type ${f.type}, which needs v3`,
        )
      }
    }
    const checkDefaults = (t: IcebergType): void => {
      if (isPrimitive(t)) return
      if (t.type === 'struct') {
        for (const f of t.fields) {
          if (f['initial-default'] !== undefined && f['initial-default'] !== null) {
            throw validationFailed(
              `Invalid schema for v${formatVersion}: ${f.name} has an initial-default, which needs v3`,
            )
          }
          checkDefaults(f.type)
        }
      } else if (t.type === 'list') checkDefaults(t.element)
      else {
        checkDefaults(t.key)
        checkDefaults(t.value)
      }
    }
    checkDefaults(schema)
  }
}

/** True when `v` looks like a schema object (used by the defensive invariant checkers). */
export function looksLikeSchema(v: unknown): v is Schema {
  return isObject(v) && Array.isArray(v.fields)
}
