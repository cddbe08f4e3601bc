/**
 * Readers for untrusted JSON (requirements, updates and their payloads). Each throws `badRequest` (400)
 * naming the field when the value has the wrong shape, so malformed bodies never reach the builder logic.
 */
import { badRequest } from '../errors.ts'

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
 * An integer. Java snapshot ids are random 63-bit longs, beyond 2^53: JSON.parse has already rounded them
 * before they get here, so unsafe integers are accepted as they come (exact int64 ids need a lossless
 * JSON parse in the HTTP layer).
 */
export function int(o: Json, key: string, what: string): number {
  const v = o[key]
  if (typeof v !== 'number' || !Number.isInteger(v))
    throw badRequest(`Invalid ${what}: '${key}' must be an integer`)
  return v
}

export function optInt(o: Json, key: string, what: string): number | undefined {
  return o[key] === undefined || o[key] === null ? undefined : int(o, key, what)
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
