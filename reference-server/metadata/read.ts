/**
 * Readers for untrusted JSON (requirements, updates and their payloads). Each throws `badRequest` (400)
 * naming the field when the value has the wrong shape, so malformed bodies never reach the builder logic.
 */
import { badRequest } from '../errors.ts'
import { inInt64Range, isInt64, type Int64 } from '../../schemas/model/json-int64.ts'

import { isObject, type Json } from '../../schemas/model/json.ts'
export { isObject, jsonEqual, type Json } from '../../schemas/model/json.ts'

export function obj(v: unknown, what: string): Json {
  if (!isObject(v)) throw badRequest(`Invalid ${what}: expected an object`)
  return v
}

export function str(o: Json, key: string, what: string): string {
  const v = o[key]
  if (typeof v !== 'string') throw badRequest(`Invalid ${what}: '${key}' must be a string`)
  return v
}

export function optStr(o: Json, key: string, what: string): string | undefined {
  return o[key] === undefined || o[key] === null ? undefined : str(o, key, what)
}

/**
 * An integer that fits a safe JavaScript number: schema ids, field ids, counts, sequence numbers and times. Such a
 * field beyond 2^53 arrives as a bigint (schemas/model/json-int64.ts) and is refused by name rather than rounded:
 * this server does arithmetic on these, and no writer gets near 2^53 with them. Snapshot ids are `id`.
 */
export function int(o: Json, key: string, what: string): number {
  const v = o[key]
  if (typeof v === 'bigint')
    throw badRequest(
      `Invalid ${what}: '${key}' is ${v}, beyond 2^53, which this server does not support here`,
    )
  if (typeof v !== 'number' || !Number.isInteger(v))
    throw badRequest(`Invalid ${what}: '${key}' must be an integer`)
  return v
}

export function optInt(o: Json, key: string, what: string): number | undefined {
  return o[key] === undefined || o[key] === null ? undefined : int(o, key, what)
}

/** One `long` id: exact, a bigint beyond 2^53 (random 63-bit snapshot ids), 400 outside a long's range. */
function idValue(v: unknown, what: string, key: string): Int64 {
  if (!isInt64(v)) throw badRequest(`Invalid ${what}: '${key}' must be an integer`)
  if (!inInt64Range(v)) throw badRequest(`Invalid ${what}: '${key}' is ${v}, beyond the range of a long`)
  return v
}

/** A snapshot id, exactly as the client sent it. */
export function id(o: Json, key: string, what: string): Int64 {
  return idValue(o[key], what, key)
}

export function optId(o: Json, key: string, what: string): Int64 | undefined {
  return o[key] === undefined || o[key] === null ? undefined : id(o, key, what)
}

/** A list of snapshot ids, each exact. */
export function idList(o: Json, key: string, what: string): Int64[] {
  return arr(o, key, what).map((x) => idValue(x, what, key))
}

export function bool(o: Json, key: string, what: string): boolean {
  const v = o[key]
  if (typeof v !== 'boolean') throw badRequest(`Invalid ${what}: '${key}' must be a boolean`)
  return v
}

export function arr(o: Json, key: string, what: string): unknown[] {
  const v = o[key]
  if (!Array.isArray(v)) throw badRequest(`Invalid ${what}: '${key}' must be an array`)
  return v
}

export function intList(o: Json, key: string, what: string): number[] {
  return arr(o, key, what).map((x) => {
    if (typeof x !== 'number' || !Number.isInteger(x))
      throw badRequest(`Invalid ${what}: '${key}' must hold integers`)
    return x
  })
}

export function strList(o: Json, key: string, what: string): string[] {
  return arr(o, key, what).map((x) => {
    if (typeof x !== 'string') throw badRequest(`Invalid ${what}: '${key}' must hold strings`)
    return x
  })
}

export function strMap(o: Json, key: string, what: string): Record<string, string> {
  const v = obj(o[key], `${what} '${key}'`)
  const out: Record<string, string> = {}
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== 'string') throw badRequest(`Invalid ${what}: '${key}.${k}' must be a string`)
    out[k] = x
  }
  return out
}

/** Deep copy of JSON data; metadata objects are plain JSON, so structuredClone is exact. */
export function clone<T>(v: T): T {
  return structuredClone(v)
}

/** Strips trailing slashes from a location (Java and Rust both do). */
export function trimLocation(location: string): string {
  return location.replace(/\/+$/, '')
}
