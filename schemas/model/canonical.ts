/**
 * Canonical forms, so that equal things compare equal: the spec fixes the order of the logs (snapshot-log,
 * metadata-log) but not of the lists keyed by id (schemas, partition specs, sort orders, snapshots, statistics,
 * encryption keys), and a type string may spell out its default parameters (`geography(OGC:CRS84, spherical)` is
 * `geography`, `geometry(OGC:CRS84)` is `geometry`) or space them differently (`decimal(10, 2)`).
 */

/** A primitive type string in its shortest form. */
export function canonicalType(t: string): string {
  const compact = t.replace(/\s+/g, '').toLowerCase()
  if (/^geography\(ogc:crs84(,spherical)?\)$/.test(compact)) return 'geography'
  if (/^geometry\(ogc:crs84\)$/.test(compact)) return 'geometry'
  return /[(,]/.test(compact) ? compact : t
}

/** Every type string inside a schema-like value, canonical. */
function canonicalTypes(v: unknown, key?: string): unknown {
  if (typeof v === 'string')
    return key === 'type' || key === 'element' || key === 'key' || key === 'value' ? canonicalType(v) : v
  if (Array.isArray(v)) return v.map((x) => canonicalTypes(x))
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, canonicalTypes(x, k)]))
  return v
}

/** Lists of table metadata whose order the spec leaves open, and the id each is keyed by. */
const KEYED: Readonly<Record<string, string>> = {
  schemas: 'schema-id',
  'partition-specs': 'spec-id',
  'sort-orders': 'order-id',
  snapshots: 'snapshot-id',
  statistics: 'snapshot-id',
  'partition-statistics': 'snapshot-id',
  'encryption-keys': 'key-id',
}

// One collator for every comparison: localeCompare with options builds one per call.
const numericOrder = new Intl.Collator('en', { numeric: true })

const byKey = (key: string) => (a: unknown, b: unknown) => {
  const x = (a as Record<string, unknown>)?.[key]
  const y = (b as Record<string, unknown>)?.[key]
  return numericOrder.compare(String(x), String(y))
}

/** Table (or view) metadata with id-keyed lists sorted by id and type strings canonical; logs keep their order. */
export function canonicalMetadata<T>(md: T): T {
  if (!md || typeof md !== 'object') return md
  const out: Record<string, unknown> = { ...(md as Record<string, unknown>) }
  for (const [list, key] of Object.entries(KEYED))
    if (Array.isArray(out[list])) out[list] = [...(out[list] as unknown[])].sort(byKey(key))
  if (Array.isArray(out.schemas)) out.schemas = canonicalTypes(out.schemas)
  return out as T
}
