/** Plain JSON helpers of the neutral model: object test and order-sensitive deep equality. */
export type Json = Record<string, unknown>

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Order-sensitive deep equality of JSON values, ignoring object key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]))
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined)
    const kb = Object.keys(b).filter((k) => b[k] !== undefined)
    return ka.length === kb.length && ka.every((k) => jsonEqual(a[k], b[k]))
  }
  return false
}

/**
 * JSON null for an optional field means "absent": Iceberg's Java client writes `"location": null`,
 * `"partition-spec": null`, `"write-order": null` and more, and its own server reads them as absent. The one
 * null with a meaning of its own is assert-ref-snapshot-id's `snapshot-id` ("the ref must not exist"): kept.
 */
export function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls)
  if (!v || typeof v !== 'object') return v
  const o = v as Record<string, unknown>
  const meaningfulNull = o.type === 'assert-ref-snapshot-id'
  return Object.fromEntries(
    Object.entries(o)
      .filter(([k, x]) => x !== null || (meaningfulNull && k === 'snapshot-id'))
      .map(([k, x]) => [k, withoutNulls(x)]),
  )
}
