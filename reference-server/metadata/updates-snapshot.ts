/**
 * Table updates on snapshots and refs: add-snapshot, set-snapshot-ref,
 * remove-snapshot-ref, remove-snapshots. Refs and the snapshot log only move through set-snapshot-ref.
 */
import { badRequest, commitFailed, validationFailed } from '../errors.ts'
import { id, idList, int, obj, optId, optInt, optStr, str, strMap, type Json } from './read.ts'
import { currentSnapshotId, type TableDraft } from './table-draft.ts'
import type { Snapshot, SnapshotRef } from './types.ts'

const OPERATIONS = ['append', 'replace', 'overwrite', 'delete']

export function parseSnapshot(v: unknown): Snapshot {
  const o = obj(v, 'snapshot')
  const summary = o.summary === undefined || o.summary === null ? {} : strMap(o, 'summary', 'snapshot')
  // Java: a summary without an operation is read as 'overwrite'.
  const operation = summary.operation ?? 'overwrite'
  if (!OPERATIONS.includes(operation)) throw badRequest(`Invalid snapshot summary operation: ${operation}`)
  const s: Snapshot = {
    'snapshot-id': id(o, 'snapshot-id', 'snapshot'),
    'timestamp-ms': int(o, 'timestamp-ms', 'snapshot'),
    'manifest-list': str(o, 'manifest-list', 'snapshot'),
    summary: { ...summary, operation },
  }
  const parent = optId(o, 'parent-snapshot-id', 'snapshot')
  if (parent !== undefined) s['parent-snapshot-id'] = parent
  const seq = optInt(o, 'sequence-number', 'snapshot')
  if (seq !== undefined) s['sequence-number'] = seq
  const schemaId = optInt(o, 'schema-id', 'snapshot')
  if (schemaId !== undefined) s['schema-id'] = schemaId
  const firstRowId = optInt(o, 'first-row-id', 'snapshot')
  const addedRows = optInt(o, 'added-rows', 'snapshot')
  if (firstRowId !== undefined && firstRowId < 0)
    throw badRequest('Invalid snapshot: first-row-id must be >= 0')
  if (addedRows !== undefined && addedRows < 0) throw badRequest('Invalid snapshot: added-rows must be >= 0')
  if (firstRowId !== undefined && addedRows === undefined) {
    throw badRequest('Invalid snapshot: added-rows is required when first-row-id is set')
  }
  if (firstRowId !== undefined) s['first-row-id'] = firstRowId
  if (addedRows !== undefined) s['added-rows'] = addedRows
  const keyId = optStr(o, 'key-id', 'snapshot')
  if (keyId !== undefined) s['key-id'] = keyId
  return s
}

/**
 * Adds a snapshot with Java's checks, in Java's order. Stale sequence numbers and first-row-ids are 409
 * (Java ≥ 1.11 "Validation failed, please retry"), so a client refreshes and retries.
 */
export function addSnapshotChecked(d: TableDraft, s: Snapshot): void {
  const md = d.md
  if (md.schemas.length === 0) throw validationFailed('Attempting to add a snapshot before a schema is added')
  if (md['partition-specs'].length === 0)
    throw validationFailed('Attempting to add a snapshot before a partition spec is added')
  if (md['sort-orders'].length === 0)
    throw validationFailed('Attempting to add a snapshot before a sort order is added')
  if (md.snapshots.some((x) => x['snapshot-id'] === s['snapshot-id'])) {
    throw validationFailed(`Snapshot already exists for id: ${s['snapshot-id']}`)
  }
  const seq = s['sequence-number'] ?? 0
  const lastSeq = md['last-sequence-number'] ?? 0
  if (md['format-version'] >= 2 && s['parent-snapshot-id'] !== undefined && seq <= lastSeq) {
    throw commitFailed(
      `Validation failed, please retry: Cannot add snapshot with sequence number ${seq} older than last sequence number ${lastSeq}`,
    )
  }
  if (md['format-version'] >= 3) {
    const nextRowId = md['next-row-id'] ?? 0
    const first = s['first-row-id']
    if (first === undefined) throw validationFailed('Cannot add a snapshot: first-row-id is null')
    if (first < nextRowId) {
      throw commitFailed(
        `Validation failed, please retry: Cannot add a snapshot, first-row-id is behind table next-row-id: ${first} < ${nextRowId}`,
      )
    }
    // The old next-row-id plus added-rows, not first-row-id + added-rows (Java and Rust agree).
    md['next-row-id'] = nextRowId + (s['added-rows'] ?? 0)
  }
  md['last-sequence-number'] = seq
  md.snapshots.push(s)
  d.addedSnapshotIds.add(s['snapshot-id'])
  d.changes.push('add-snapshot')
}

export function addSnapshot(d: TableDraft, u: Json): void {
  addSnapshotChecked(d, parseSnapshot(u.snapshot))
}

function parseRef(u: Json): SnapshotRef {
  const type = str(u, 'type', 'set-snapshot-ref').toLowerCase()
  if (type !== 'branch' && type !== 'tag') throw badRequest(`Invalid snapshot ref type: ${type}`)
  const ref: SnapshotRef = { type, 'snapshot-id': id(u, 'snapshot-id', 'set-snapshot-ref') }
  for (const key of ['min-snapshots-to-keep', 'max-snapshot-age-ms', 'max-ref-age-ms'] as const) {
    const n = optInt(u, key, 'set-snapshot-ref')
    if (n === undefined) continue
    if (n <= 0) throw validationFailed(`${key} must be greater than 0`)
    if (type === 'tag' && key !== 'max-ref-age-ms')
      throw validationFailed(`Tags do not support setting ${key}`)
    ref[key] = n
  }
  return ref
}

const sameRef = (a: SnapshotRef | undefined, b: SnapshotRef): boolean =>
  a !== undefined &&
  a.type === b.type &&
  a['snapshot-id'] === b['snapshot-id'] &&
  a['min-snapshots-to-keep'] === b['min-snapshots-to-keep'] &&
  a['max-snapshot-age-ms'] === b['max-snapshot-age-ms'] &&
  a['max-ref-age-ms'] === b['max-ref-age-ms']

/** Sets a ref; moving `main` sets the current snapshot and appends one snapshot-log entry. */
export function setRefChecked(d: TableDraft, name: string, ref: SnapshotRef): void {
  const md = d.md
  if (sameRef(md.refs[name], ref)) return
  const snapshot = md.snapshots.find((s) => s['snapshot-id'] === ref['snapshot-id'])
  if (!snapshot) throw validationFailed(`Cannot set ${name} to unknown snapshot: ${ref['snapshot-id']}`)
  if (name === 'main' && ref.type !== 'branch')
    throw validationFailed('Cannot set main to a tag, it must be a branch')
  md.refs[name] = ref
  if (name === 'main') {
    md['current-snapshot-id'] = ref['snapshot-id']
    const added = d.addedSnapshotIds.has(ref['snapshot-id'])
    // Java (current): the snapshot's own timestamp when added in this commit, otherwise the commit time.
    md['snapshot-log'].push({
      'timestamp-ms': added ? snapshot['timestamp-ms'] : d.ctx.nowMs,
      'snapshot-id': ref['snapshot-id'],
    })
    if (added) d.mainSetToAdded.push(ref['snapshot-id'])
  }
  d.changes.push('set-snapshot-ref')
}

export function setSnapshotRef(d: TableDraft, u: Json): void {
  setRefChecked(d, str(u, 'ref-name', 'set-snapshot-ref'), parseRef(u))
}

export function removeSnapshotRef(d: TableDraft, u: Json): void {
  const name = str(u, 'ref-name', 'remove-snapshot-ref')
  if (!(name in d.md.refs)) return
  delete d.md.refs[name]
  // Removing main clears the current snapshot; the snapshot log is kept and gets no entry.
  if (name === 'main') d.md['current-snapshot-id'] = null
  d.changes.push('remove-snapshot-ref')
}

/** Java side effects: statistics and refs of removed snapshots go too; removing main's snapshot clears it. */
export function removeSnapshots(d: TableDraft, u: Json): void {
  const ids = new Set(idList(u, 'snapshot-ids', 'remove-snapshots'))
  const md = d.md
  if (!md.snapshots.some((s) => ids.has(s['snapshot-id']))) return
  md.snapshots = md.snapshots.filter((s) => !ids.has(s['snapshot-id']))
  md.statistics = md.statistics.filter((s) => !ids.has(s['snapshot-id']))
  md['partition-statistics'] = md['partition-statistics'].filter((s) => !ids.has(s['snapshot-id']))
  for (const [name, ref] of Object.entries(md.refs)) if (ids.has(ref['snapshot-id'])) delete md.refs[name]
  const current = currentSnapshotId(md)
  if (current !== null && ids.has(current)) md['current-snapshot-id'] = null
  d.removedSnapshots = true
  d.changes.push('remove-snapshots')
}
