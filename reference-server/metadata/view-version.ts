/**
 * View versions: parsing (SQL representations only), the dialect-uniqueness rule and "equivalent
 * version" for reuse.
 */
import { badRequest, illegalArgument } from '../errors.ts'
import { arr, int, isObject, jsonEqual, obj, optStr, str, strList, strMap } from './read.ts'
import type { SqlViewRepresentation, ViewVersion } from './types.ts'

export function parseViewVersion(v: unknown, what = 'view-version'): ViewVersion {
  const o = obj(v, what)
  const representations = arr(o, 'representations', what).map((r, i): SqlViewRepresentation => {
    const ro = obj(r, `${what} representation ${i}`)
    const type = str(ro, 'type', `${what} representation ${i}`)
    // Only SQL representations exist in the spec (Java answers others with 500; a client error is 400).
    if (type.toLowerCase() !== 'sql') throw badRequest(`Found unsupported view representation type: ${type}`)
    return {
      type,
      sql: str(ro, 'sql', `${what} representation ${i}`),
      dialect: str(ro, 'dialect', `${what} representation ${i}`),
    }
  })
  const version: ViewVersion = {
    'version-id': int(o, 'version-id', what),
    'timestamp-ms': int(o, 'timestamp-ms', what),
    'schema-id': int(o, 'schema-id', what),
    summary: isObject(o.summary) ? strMap(o, 'summary', what) : {},
    representations,
    'default-namespace': strList(o, 'default-namespace', what),
  }
  const catalog = optStr(o, 'default-catalog', what)
  if (catalog !== undefined) version['default-catalog'] = catalog
  return version
}

/** No two SQL representations of one version may share a dialect, compared case-insensitively. */
export function checkDialects(version: ViewVersion): void {
  const seen = new Set<string>()
  for (const r of version.representations) {
    const d = r.dialect.toLowerCase()
    if (seen.has(d))
      throw illegalArgument(`Invalid view version: Cannot add multiple queries for dialect ${d}`)
    seen.add(d)
  }
}

/** Java's equivalence for reuse: same summary, representations, catalog, namespace and schema-id. */
export function sameVersion(a: ViewVersion, b: ViewVersion): boolean {
  return (
    a['schema-id'] === b['schema-id'] &&
    jsonEqual(a.summary, b.summary) &&
    jsonEqual(a.representations, b.representations) &&
    (a['default-catalog'] ?? null) === (b['default-catalog'] ?? null) &&
    jsonEqual(a['default-namespace'], b['default-namespace'])
  )
}

export function dialectsOf(version: ViewVersion | undefined): Set<string> {
  return new Set((version?.representations ?? []).map((r) => r.dialect.toLowerCase()))
}
