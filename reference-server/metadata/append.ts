/**
 * The original document's `append` update ({ action: 'append', 'data-files': DataFile[] }; not an Iceberg
 * update, so applied only under the document profile): a new snapshot on top of main, then main moved to
 * it, through the same checks as add-snapshot + set-snapshot-ref. Like any writer it writes a real manifest
 * of the files and a manifest list that carries the parent's manifests over (schemas/model/manifest-files.ts);
 * the commit hands both to the caller to store with the metadata, and scan planning reads them back.
 */
import { badRequest, validationFailed } from '../errors.ts'
import { readAvroFile } from '../../schemas/model/avro.ts'
import { int64 } from '../../schemas/model/json-int64.ts'
import {
  manifestBytes,
  manifestListBytes,
  manifestListEntry,
  type ManifestListEntry,
} from '../../schemas/model/manifest-files.ts'
import { arr, int, obj, str } from './read.ts'
import { currentSnapshotId, type TableDraft } from './table-draft.ts'
import { addSnapshotChecked, setRefChecked } from './updates-snapshot.ts'
import type { DataFile, Snapshot, SnapshotId, TableMetadata } from './types.ts'
import type { Json } from './read.ts'

const FORMATS = ['avro', 'orc', 'parquet', 'puffin']

function parseDataFile(v: unknown, i: number, md: TableMetadata): DataFile {
  const what = `data file ${i}`
  const o = obj(v, what)
  const content = o.content ?? 'data'
  if (content !== 'data') throw badRequest(`Invalid ${what}: content must be 'data'`)
  const format = str(o, 'file-format', what).toLowerCase()
  if (!FORMATS.includes(format)) throw badRequest(`Invalid ${what}: unknown file-format ${format}`)
  const specId = int(o, 'spec-id', what)
  const spec = md['partition-specs'].find((s) => s['spec-id'] === specId)
  if (!spec) throw validationFailed(`Invalid ${what}: unknown partition spec ${specId}`)
  const partition = arr(o, 'partition', what)
  if (partition.length !== spec.fields.length) {
    throw validationFailed(
      `Invalid ${what}: partition has ${partition.length} values, spec ${specId} has ${spec.fields.length} fields`,
    )
  }
  const size = int(o, 'file-size-in-bytes', what)
  const records = int(o, 'record-count', what)
  if (size < 0 || records < 0) throw badRequest(`Invalid ${what}: sizes and counts must be >= 0`)
  return {
    ...o,
    content: 'data',
    'file-path': str(o, 'file-path', what),
    'file-format': format as DataFile['file-format'],
    'spec-id': specId,
    partition,
    'file-size-in-bytes': size,
    'record-count': records,
  }
}

/**
 * A positive snapshot id below 2^53 (exact in JSON for JS clients) from a fresh uuid: the two 64-bit halves
 * XORed, as Java derives ids from a UUID, then cut to 53 bits. Unique in the table; after a few collisions
 * (only with a degenerate uuid source) it falls back to the highest id + 1.
 */
function newSnapshotId(d: TableDraft): SnapshotId {
  const taken = new Set<SnapshotId>(d.md.snapshots.map((s) => s['snapshot-id']))
  for (let attempt = 0; attempt < 8; attempt++) {
    const hex = d.ctx.newUuid().replace(/-/g, '').padStart(32, '0').slice(-32)
    if (!/^[0-9a-fA-F]{32}$/.test(hex)) continue
    const mixed = (BigInt(`0x${hex.slice(0, 16)}`) ^ BigInt(`0x${hex.slice(16)}`)) & ((1n << 53n) - 1n)
    const id = Number(mixed)
    if (id > 0 && !taken.has(id)) return id
  }
  // Other writers' ids may be 63-bit bigints: the highest is found exactly.
  const highest = [...taken].reduce<bigint>((m, x) => (BigInt(x) > m ? BigInt(x) : m), 0n)
  return int64(highest + 1n)
}

const total = (parent: Snapshot | undefined, key: string): number => {
  const n = Number(parent?.summary[key] ?? 0)
  return Number.isSafeInteger(n) ? n : 0
}

export function append(d: TableDraft, u: Json): void {
  const md = d.md
  const files = arr(u, 'data-files', 'append').map((f, i) => parseDataFile(f, i, md))
  const v = md['format-version']
  const parentId = currentSnapshotId(md)
  const parent = md.snapshots.find((s) => s['snapshot-id'] === parentId)
  const snapshotId = newSnapshotId(d)
  const addedRows = files.reduce((n, f) => n + f['record-count'], 0)
  const addedSize = files.reduce((n, f) => n + f['file-size-in-bytes'], 0)
  if (v >= 3) {
    // Row lineage: the snapshot's rows get ids from next-row-id on, file by file.
    let next = md['next-row-id'] ?? 0
    for (const f of files) {
      if (f['first-row-id'] === undefined) f['first-row-id'] = next
      next += f['record-count']
    }
  }
  const sequenceNumber = (md['last-sequence-number'] ?? 0) + 1
  const metadataDir = `${md.location}/metadata`
  const manifestPath = `${metadataDir}/${d.ctx.newUuid()}-m0.avro`
  const listPath = `${metadataDir}/snap-${snapshotId}-1-${d.ctx.newUuid()}.avro`
  let manifest: Buffer
  try {
    manifest = manifestBytes(md, files, snapshotId)
  } catch (e) {
    throw badRequest(`Invalid data files: ${(e as Error).message}`)
  }
  const entries = [
    ...carriedManifests(d, parent),
    manifestListEntry(
      { path: manifestPath, length: manifest.length, files },
      { id: snapshotId, sequenceNumber: v >= 2 ? sequenceNumber : 0 },
    ),
  ]
  d.newFiles.set(manifestPath, manifest)
  d.newFiles.set(
    listPath,
    manifestListBytes(entries, {
      id: snapshotId,
      ...(parentId !== null ? { parentId } : {}),
      sequenceNumber: v >= 2 ? sequenceNumber : 0,
      formatVersion: v,
    }),
  )
  const snapshot: Snapshot = {
    'snapshot-id': snapshotId,
    ...(parentId !== null ? { 'parent-snapshot-id': parentId } : {}),
    ...(v >= 2 ? { 'sequence-number': sequenceNumber } : {}),
    'timestamp-ms': d.ctx.nowMs,
    'manifest-list': listPath,
    summary: {
      operation: 'append',
      'added-data-files': String(files.length),
      'added-records': String(addedRows),
      'added-files-size': String(addedSize),
      'total-data-files': String(total(parent, 'total-data-files') + files.length),
      'total-records': String(total(parent, 'total-records') + addedRows),
      'total-files-size': String(total(parent, 'total-files-size') + addedSize),
    },
    'schema-id': md['current-schema-id'],
    ...(v >= 3 ? { 'first-row-id': md['next-row-id'] ?? 0, 'added-rows': addedRows } : {}),
  }
  addSnapshotChecked(d, snapshot)
  const main = md.refs.main
  setRefChecked(d, 'main', { ...main, type: 'branch', 'snapshot-id': snapshotId })
}

/**
 * The manifests of the parent snapshot, which the new manifest list carries over. A parent whose manifest
 * list cannot be read (a client's add-snapshot naming a file it never wrote) cannot be appended to: the new
 * snapshot would silently lose the parent's files.
 */
function carriedManifests(d: TableDraft, parent: Snapshot | undefined): ManifestListEntry[] {
  if (!parent) return []
  const location = parent['manifest-list']
  const bytes = location === undefined ? undefined : d.ctx.readBytes?.(location)
  if (bytes === undefined)
    throw validationFailed(
      `Cannot append: the manifest list of snapshot ${parent['snapshot-id']} cannot be read`,
    )
  try {
    return readAvroFile(bytes).records as ManifestListEntry[]
  } catch (e) {
    throw validationFailed(
      `Cannot append: the manifest list ${String(location)} is not readable: ${(e as Error).message}`,
    )
  }
}
