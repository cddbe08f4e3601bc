/**
 * The remaining table updates: assign-uuid, upgrade-format-version,
 * set-properties, remove-properties, set-location, the statistics updates and the encryption-key updates.
 */
import { badRequest, validationFailed } from '../errors.ts'
import { arr, id, int, isObject, obj, optStr, str, strList, strMap, trimLocation, type Json } from './read.ts'
import { MAX_FORMAT_VERSION, RESERVED_TABLE_PROPERTIES } from './table-create.ts'
import type { TableDraft } from './table-draft.ts'
import type { BlobMetadata, EncryptedKey, PartitionStatisticsFile, StatisticsFile } from './types.ts'

/**
 * assign-uuid. On the create path it sets the new table's uuid. On an existing table a *different* uuid
 * is rejected with 400: the spec says assign-uuid is only safe at creation and the uuid never changes
 * (Java's builder allows it and then fails after the commit with 500).
 */
export function assignUuid(d: TableDraft, u: Json): void {
  const uuid = str(u, 'uuid', 'assign-uuid')
  if (uuid === d.md['table-uuid']) return
  if (d.base)
    throw validationFailed(`Cannot reassign uuid of an existing table: ${d.md['table-uuid']} != ${uuid}`)
  d.md['table-uuid'] = uuid
  d.changes.push('assign-uuid')
}

export function upgradeFormatVersion(d: TableDraft, u: Json): void {
  const v = int(u, 'format-version', 'upgrade-format-version')
  const cur = d.md['format-version']
  if (v > MAX_FORMAT_VERSION) {
    throw validationFailed(
      `Cannot upgrade table to unsupported format version: v${v} (supported: v${MAX_FORMAT_VERSION})`,
    )
  }
  if (v < cur) throw validationFailed(`Cannot downgrade v${cur} table to v${v}`)
  if (v === cur) return
  d.md['format-version'] = v
  // Row lineage starts at 0 on upgrade to v3; existing snapshots keep no first-row-id (table spec).
  if (v >= 3) d.md['next-row-id'] ??= 0
  d.changes.push('upgrade-format-version')
}

/**
 * set-properties. Reserved keys (format-version, uuid, …) are rejected with 400, so they are never
 * stored (the digest's conformance expectation; Rust rejects them, Java stores them verbatim).
 */
export function setProperties(d: TableDraft, u: Json): void {
  const updates = strMap(
    u,
    u.updates === undefined && u.updated !== undefined ? 'updated' : 'updates',
    'set-properties',
  )
  const keys = Object.keys(updates)
  const reserved = keys.filter((k) => (RESERVED_TABLE_PROPERTIES as readonly string[]).includes(k))
  if (reserved.length > 0) {
    throw validationFailed(
      `Table properties should not contain reserved properties, but got: ${reserved.join(', ')}`,
    )
  }
  if (keys.length === 0) return
  Object.assign(d.md.properties, updates)
  // Java records a change even when every value is unchanged, so a new metadata version is written.
  d.changes.push('set-properties')
}

export function removeProperties(d: TableDraft, u: Json): void {
  const removals = strList(
    u,
    u.removals === undefined && u.removed !== undefined ? 'removed' : 'removals',
    'remove-properties',
  )
  if (removals.length === 0) return
  for (const key of removals) delete d.md.properties[key]
  d.changes.push('remove-properties')
}

export function setLocation(d: TableDraft, u: Json): void {
  const raw = str(u, 'location', 'set-location')
  if (raw.trim() === '') throw validationFailed('Invalid location: empty')
  const location = trimLocation(raw)
  if (location === d.md.location) return
  d.md.location = location
  d.changes.push('set-location')
}

function num(o: Json, key: string, what: string): number {
  const n = int(o, key, what)
  if (n < 0) throw badRequest(`Invalid ${what}: '${key}' must be >= 0`)
  return n
}

function parseStatistics(u: Json): StatisticsFile {
  const o = obj(u.statistics, 'statistics')
  if (o['snapshot-id'] === undefined && u['snapshot-id'] !== undefined) o['snapshot-id'] = u['snapshot-id']
  const blobs = arr(o, 'blob-metadata', 'statistics').map((b, i): BlobMetadata => {
    const bo = obj(b, `blob-metadata ${i}`)
    const fields = arr(bo, 'fields', `blob-metadata ${i}`)
    if (!fields.every((x) => Number.isSafeInteger(x))) throw badRequest(`Invalid blob-metadata ${i}: fields`)
    const blob: BlobMetadata = {
      type: str(bo, 'type', `blob-metadata ${i}`),
      'snapshot-id': id(bo, 'snapshot-id', `blob-metadata ${i}`),
      'sequence-number': int(bo, 'sequence-number', `blob-metadata ${i}`),
      fields: fields as number[],
    }
    if (isObject(bo.properties)) blob.properties = strMap(bo, 'properties', `blob-metadata ${i}`)
    return blob
  })
  const stats: StatisticsFile = {
    'snapshot-id': id(o, 'snapshot-id', 'statistics'),
    'statistics-path': str(o, 'statistics-path', 'statistics'),
    'file-size-in-bytes': num(o, 'file-size-in-bytes', 'statistics'),
    'file-footer-size-in-bytes': num(o, 'file-footer-size-in-bytes', 'statistics'),
    'blob-metadata': blobs,
  }
  const key = optStr(o, 'key-metadata', 'statistics')
  if (key !== undefined) stats['key-metadata'] = key
  return stats
}

/** set-statistics: one entry per snapshot, replaced as a whole; a change is always recorded. */
export function setStatistics(d: TableDraft, u: Json): void {
  const stats = parseStatistics(u)
  d.md.statistics = [...d.md.statistics.filter((s) => s['snapshot-id'] !== stats['snapshot-id']), stats]
  d.changes.push('set-statistics')
}

export function removeStatistics(d: TableDraft, u: Json): void {
  const sid = id(u, 'snapshot-id', 'remove-statistics')
  if (!d.md.statistics.some((s) => s['snapshot-id'] === sid)) return
  d.md.statistics = d.md.statistics.filter((s) => s['snapshot-id'] !== sid)
  d.changes.push('remove-statistics')
}

export function setPartitionStatistics(d: TableDraft, u: Json): void {
  const o = obj(u['partition-statistics'], 'partition-statistics')
  const stats: PartitionStatisticsFile = {
    'snapshot-id': id(o, 'snapshot-id', 'partition-statistics'),
    'statistics-path': str(o, 'statistics-path', 'partition-statistics'),
    'file-size-in-bytes': num(o, 'file-size-in-bytes', 'partition-statistics'),
  }
  const list = d.md['partition-statistics'].filter((s) => s['snapshot-id'] !== stats['snapshot-id'])
  d.md['partition-statistics'] = [...list, stats]
  d.changes.push('set-partition-statistics')
}

export function removePartitionStatistics(d: TableDraft, u: Json): void {
  const sid = id(u, 'snapshot-id', 'remove-partition-statistics')
  if (!d.md['partition-statistics'].some((s) => s['snapshot-id'] === sid)) return
  d.md['partition-statistics'] = d.md['partition-statistics'].filter((s) => s['snapshot-id'] !== sid)
  d.changes.push('remove-partition-statistics')
}

/** add-encryption-key: the first copy of a key-id wins; a repeat is a no-op. */
export function addEncryptionKey(d: TableDraft, u: Json): void {
  const o = obj(u['encryption-key'], 'encryption-key')
  const key: EncryptedKey = {
    'key-id': str(o, 'key-id', 'encryption-key'),
    'encrypted-key-metadata': str(o, 'encrypted-key-metadata', 'encryption-key'),
  }
  const by = optStr(o, 'encrypted-by-id', 'encryption-key')
  if (by !== undefined) key['encrypted-by-id'] = by
  if (isObject(o.properties)) key.properties = strMap(o, 'properties', 'encryption-key')
  const keys = (d.md['encryption-keys'] ??= [])
  if (keys.some((k) => k['key-id'] === key['key-id'])) return
  keys.push(key)
  d.changes.push('add-encryption-key')
}

export function removeEncryptionKey(d: TableDraft, u: Json): void {
  const id = str(u, 'key-id', 'remove-encryption-key')
  const keys = d.md['encryption-keys'] ?? []
  if (!keys.some((k) => k['key-id'] === id)) return
  d.md['encryption-keys'] = keys.filter((k) => k['key-id'] !== id)
  d.changes.push('remove-encryption-key')
}
