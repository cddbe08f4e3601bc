/**
 * The original document's `append` update ({ action: 'append', 'data-files': DataFile[] }; not an Iceberg
 * update): a new snapshot on top of main recording the files, then main moved to it, through the same
 * checks as add-snapshot + set-snapshot-ref.
 *
 * Where the files are kept: in the snapshot's summary under {@link DATA_FILES_SUMMARY_KEY} as a JSON string.
 * The wire metadata stays spec-valid (summary values are strings; extra entries are allowed), the files
 * survive any copy/serialization of the metadata, and {@link dataFilesOf} needs nothing but the metadata.
 */
import { badRequest, validationFailed } from '../errors.ts'
import { arr, int, obj, str } from './read.ts'
import { currentSnapshotId, type TableDraft } from './table-draft.ts'
import { addSnapshotChecked, setRefChecked } from './updates-snapshot.ts'
import type { DataFile, Snapshot, TableMetadata } from './types.ts'
import type { Json } from './read.ts'

/** Snapshot summary key holding the JSON array of data files an `append` added. */
export const DATA_FILES_SUMMARY_KEY = 'conformance.data-files'
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
function newSnapshotId(d: TableDraft): number {
  const taken = new Set(d.md.snapshots.map((s) => s['snapshot-id']))
  for (let attempt = 0; attempt < 8; attempt++) {
    const hex = d.ctx.newUuid().replace(/-/g, '').padStart(32, '0').slice(-32)
    if (!/^[0-9a-fA-F]{32}$/.test(hex)) continue
    const mixed = (BigInt(`0x${hex.slice(0, 16)}`) ^ BigInt(`0x${hex.slice(16)}`)) & ((1n << 53n) - 1n)
    const id = Number(mixed)
    if (id > 0 && !taken.has(id)) return id
  }
  return Math.max(0, ...taken) + 1
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
  const snapshot: Snapshot = {
    'snapshot-id': snapshotId,
    ...(parentId !== null ? { 'parent-snapshot-id': parentId } : {}),
    ...(v >= 2 ? { 'sequence-number': (md['last-sequence-number'] ?? 0) + 1 } : {}),
    'timestamp-ms': d.ctx.nowMs,
    'manifest-list': `${md.location}/metadata/snap-${snapshotId}-1-${d.ctx.newUuid()}.avro`,
    summary: {
      operation: 'append',
      'added-data-files': String(files.length),
      'added-records': String(addedRows),
      'added-files-size': String(addedSize),
      'total-data-files': String(total(parent, 'total-data-files') + files.length),
      'total-records': String(total(parent, 'total-records') + addedRows),
      'total-files-size': String(total(parent, 'total-files-size') + addedSize),
      [DATA_FILES_SUMMARY_KEY]: JSON.stringify(files),
    },
    'schema-id': md['current-schema-id'],
    ...(v >= 3 ? { 'first-row-id': md['next-row-id'] ?? 0, 'added-rows': addedRows } : {}),
  }
  addSnapshotChecked(d, snapshot)
  const main = md.refs.main
  setRefChecked(d, 'main', { ...main, type: 'branch', 'snapshot-id': snapshotId })
}

function filesOfSnapshot(s: Snapshot): DataFile[] {
  const raw = s.summary?.[DATA_FILES_SUMMARY_KEY]
  if (typeof raw !== 'string') return []
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? (parsed as DataFile[]) : []
  } catch {
    return []
  }
}

/** The snapshot (default: the current one) and its ancestors, newest first; stops at a removed ancestor. */
function ancestry(md: TableMetadata, snapshotId?: number): Snapshot[] {
  const byId = new Map((md.snapshots ?? []).map((s) => [s['snapshot-id'], s]))
  let id: number | null | undefined = snapshotId ?? currentSnapshotId(md)
  const chain: Snapshot[] = []
  const seen = new Set<number>()
  while (id !== null && id !== undefined && !seen.has(id)) {
    const s = byId.get(id)
    if (!s) break
    seen.add(id)
    chain.push(s)
    id = s['parent-snapshot-id']
  }
  return chain
}

/**
 * The data files live in a snapshot as far as `append` recorded them: the files of that snapshot and of
 * its ancestors, oldest first. Defaults to the current snapshot; [] when there is none or the id is
 * unknown. Snapshots added by clients with add-snapshot contribute nothing (their manifests are opaque
 * here; {@link dataFilesRecorded} tells); the walk stops at an ancestor that was removed.
 */
export function dataFilesOf(md: TableMetadata, snapshotId?: number): DataFile[] {
  return ancestry(md, snapshotId).reverse().flatMap(filesOfSnapshot)
}

/** True when {@link dataFilesOf} is complete: every snapshot of the chain was written by `append` (or there is none). */
export function dataFilesRecorded(md: TableMetadata, snapshotId?: number): boolean {
  return ancestry(md, snapshotId).every((s) => typeof s.summary?.[DATA_FILES_SUMMARY_KEY] === 'string')
}
