/**
 * MUST-level invariants of one view metadata document. Pure and defensive, like the table checker; each violation is `"<id>: <detail>"`.
 * Not judged here (they need the previous version): uuid stability, the number of versions kept, one
 * version-log entry per change, and the dialect-drop rule.
 */
import { isObject } from './json.ts'
import { indexSchema } from './schema-index.ts'
import type { Schema, ViewMetadata, ViewVersion } from './types.ts'

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]).filter(isObject) : [])
const dupes = (ids: unknown[]): unknown[] => ids.filter((x, i) => ids.indexOf(x) !== i)

/** Every invariant id this checker can report. */
export const VIEW_INVARIANT_IDS = [
  'view/current-version-exists',
  'view/dialects-unique',
  'view/field-ids-unique',
  'view/format-version',
  'view/location-present',
  'view/schema-ids-unique',
  'view/uuid-present',
  'view/version-ids-unique',
  'view/version-log-ends-at-current',
  'view/version-schema-exists',
] as const

/** Checks the view invariants; [] when all hold. */
export function checkViewInvariants(md: ViewMetadata): string[] {
  const m = (isObject(md) ? md : {}) as Partial<ViewMetadata>
  const out: string[] = []
  if (m['format-version'] !== 1) out.push(`view/format-version: ${String(m['format-version'])} is not 1`)
  if (typeof m['view-uuid'] !== 'string' || m['view-uuid'] === '') out.push('view/uuid-present: no view-uuid')
  if (typeof m.location !== 'string' || m.location === '') out.push('view/location-present: no location')

  const schemas = list<Schema>(m.schemas)
  const schemaIds = schemas.map((s) => s['schema-id'])
  if (dupes(schemaIds).length > 0)
    out.push(`view/schema-ids-unique: duplicate schema ids ${dupes(schemaIds).join(', ')}`)
  for (const s of schemas) {
    const { duplicates } = indexSchema(s)
    if (duplicates.length > 0)
      out.push(`view/field-ids-unique: schema ${s['schema-id']} repeats ids ${duplicates.join(', ')}`)
  }

  const versions = list<ViewVersion>(m.versions)
  const versionIds = versions.map((v) => v['version-id'])
  if (dupes(versionIds).length > 0)
    out.push(`view/version-ids-unique: duplicate version ids ${dupes(versionIds).join(', ')}`)
  if (!versionIds.includes(m['current-version-id'] as number)) {
    out.push(
      `view/current-version-exists: current-version-id ${String(m['current-version-id'])} is not among [${versionIds.join(', ')}]`,
    )
  }
  for (const v of versions) {
    if (!schemaIds.includes(v['schema-id'])) {
      out.push(`view/version-schema-exists: version ${v['version-id']} uses unknown schema ${v['schema-id']}`)
    }
    const dialects = list<{ dialect?: string }>(v.representations)
      .map((r) => r.dialect)
      .filter((d): d is string => typeof d === 'string')
      .map((d) => d.toLowerCase())
    if (dupes(dialects).length > 0) {
      out.push(
        `view/dialects-unique: version ${v['version-id']} repeats dialect ${dupes(dialects).join(', ')}`,
      )
    }
  }
  // The view spec: version-log records every change to current-version-id, so it ends at the current one.
  const last = list<{ 'version-id'?: number }>(m['version-log']).at(-1)
  if (last && last['version-id'] !== m['current-version-id']) {
    out.push(
      `view/version-log-ends-at-current: last entry ${String(last['version-id'])} != current ${String(m['current-version-id'])}`,
    )
  }
  return out
}
