/** Small JSON helpers shared by handlers: narrowing `unknown` request bodies without `any`. */

export type JsonObject = Record<string, unknown>

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function isStringMap(v: unknown): v is Record<string, string> {
  return isObject(v) && Object.values(v).every((x) => typeof x === 'string')
}

export function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string')
}

/** Deep copy through JSON, so stored state never shares objects with requests or responses. */
export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T
}
