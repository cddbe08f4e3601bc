/**
 * JSON with exact int64 integers, for the judge and the reference server alike. Iceberg's ids are `long`s, and real
 * writers pick snapshot ids at random over 63 bits; JSON.parse rounds every integer beyond 2^53 to the nearest
 * double, so two ids 1 apart read as one and an id sent back is not the id received.
 *
 * The representation: an integer that is a safe JavaScript integer stays a plain number (every field that never
 * leaves that range, and every id below 2^53, reads exactly as JSON.parse reads it); an integer beyond ±(2^53 - 1)
 * becomes a bigint holding its exact value. So one value always has one representation, and `===`, Set and Map
 * compare ids exactly whichever form they take. Numbers with a fraction or an exponent are doubles, as in JSON.parse.
 *
 * Parsing and writing are lossless-json's (its parser hands us each number's text); JSON.parse and JSON.stringify
 * still do the work when no integer could be unsafe, which is nearly always and much faster.
 */
import { isInteger, parse as losslessParse, stringify as losslessStringify } from 'lossless-json'

/** An Iceberg `long`: a number while it is a safe integer, a bigint beyond. */
export type Int64 = number | bigint

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/** The one representation of an integer: a number when safe, a bigint otherwise. */
export function int64(v: bigint | number): Int64 {
  if (typeof v === 'number') return v
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v
}

/** The integer a decimal string (optional minus, digits) spells, in the one representation. */
export function int64Of(text: string): Int64 {
  return int64(BigInt(text))
}

/** True for an integer in either form: a number with no fraction, or any bigint. */
export function isInt64(v: unknown): v is Int64 {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))
}

/** Whether an integer fits in a signed 64-bit long. */
export function inInt64Range(v: Int64): boolean {
  const b = BigInt(v)
  return b >= INT64_MIN && b <= INT64_MAX
}

/** Number tokens: integers beyond the safe range become bigints, everything else the double JSON.parse gives. */
function parseNumber(text: string): number | bigint {
  if (isInteger(text)) {
    const n = Number(text)
    return Number.isSafeInteger(n) ? n : BigInt(text)
  }
  return Number(text)
}

/** A duplicate key keeps its last value, as JSON.parse does (lossless-json would throw). */
const lastValueWins = ({ newValue }: { newValue: unknown }): unknown => newValue

/** Runs of 16 digits or more: an unsafe integer has at least 16 digits. */
const LONG_DIGITS = /\d{16,}/g
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER)

/**
 * Whether `text` may hold an integer beyond 2^53: a run of more than 16 digits, or of 16 above 9007199254740991
 * (inside a string or not: a false alarm only costs the slower parser). Ids below 2^53, such as the harness's
 * time-based ones of 16 digits, keep JSON.parse.
 */
function mayHoldUnsafe(text: string): boolean {
  for (const [digits] of text.matchAll(LONG_DIGITS))
    if (digits.length > 16 || digits > MAX_SAFE_DIGITS) return true
  return false
}

/** JSON.parse without loss: integers beyond 2^53 come back as bigints. Throws a SyntaxError on invalid JSON. */
export function parseJson(text: string): unknown {
  if (!mayHoldUnsafe(text)) return JSON.parse(text) as unknown
  return losslessParse(text, null, { parseNumber, onDuplicateKey: lastValueWins })
}

/** Whether `v` holds a bigint anywhere. */
export function hasBigInt(v: unknown): boolean {
  if (typeof v === 'bigint') return true
  if (v === null || typeof v !== 'object') return false
  if (Array.isArray(v)) return v.some(hasBigInt)
  for (const k in v) if (hasBigInt((v as Record<string, unknown>)[k])) return true
  return false
}

/**
 * JSON.stringify that writes a bigint as the integer it is (JSON.stringify throws on one). Same output as
 * JSON.stringify otherwise, `space` included; undefined where JSON.stringify gives undefined.
 */
export function stringifyJson(value: unknown, space?: number | string): string {
  if (!hasBigInt(value)) return JSON.stringify(value, null, space)
  return losslessStringify(value, null, space) as string
}

/**
 * A copy of `v` that a JSON Schema validator can judge: AJV knows no bigint, so each bigint within the signed
 * 64-bit range becomes the (rounded) double of its value, still an integer of the same magnitude, so `integer`,
 * `format: int64`, `format: int32` and `maximum` judge it as they would the exact value. A bigint beyond the range
 * of a long stays a bigint: no JSON Schema type accepts it, and no Iceberg field may hold it. `v` itself when it
 * holds no bigint.
 */
export function forValidation(v: unknown): unknown {
  if (!hasBigInt(v)) return v
  return convert(v)
}

function convert(v: unknown): unknown {
  if (typeof v === 'bigint') return inInt64Range(v) ? Number(v) : v
  if (v === null || typeof v !== 'object') return v
  if (Array.isArray(v)) return v.map(convert)
  // fromEntries defines own properties, so a `__proto__` key stays a key, as JSON.parse made it.
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x)]))
}
