/**
 * The mutable state of one table commit: a copy of the base metadata plus the bookkeeping Java's
 * `TableMetadata.Builder` keeps (change list, "last added" ids, snapshots added in this commit), and the
 * build step that validates and finishes it.
 */
import { validationFailed } from '../errors.ts'
import { bindSortOrder, bindSpec, checkOrderCompatible, checkSpecCompatible } from './bind.ts'
import { clone } from './read.ts'
import type { CommitContext, PartitionSpec, SnapshotId, SortOrder, TableMetadata } from './types.ts'

/** Java and Rust both allow one minute of clock skew between log entries and last-updated-ms. */
export const SKEW_MS = 60_000
export const DEFAULT_PREVIOUS_VERSIONS_MAX = 100

export interface TableDraft {
  md: TableMetadata
  readonly base: TableMetadata | null
  readonly ctx: CommitContext
  /** Names of the effective changes; empty means "no-op commit". */
  changes: string[]
  lastAddedSchemaId: number | null
  lastAddedSpecId: number | null
  lastAddedOrderId: number | null
  /** Ids added (not reused) in this commit, for Java's reuse-then-"-1" rule. */
  addedSchemaIds: Set<number>
  addedSpecIds: Set<number>
  addedOrderIds: Set<number>
  addedSnapshotIds: Set<SnapshotId>
  /**
   * The schema a spec or sort order of this commit binds to: the one named by the latest add-schema (added or
   * reused), else the current schema. The spec orders no updates, so a commit is judged as a whole: DuckDB
   * sends add-spec and add-sort-order after add-schema but before set-current-schema.
   */
  bindingSchemaId: number | null
  /** Specs and orders added before any schema was known (a staged create in another order), bound at build. */
  unboundSpecs: PartitionSpec[]
  unboundOrders: SortOrder[]
  /** Snapshots added in this commit that `main` was set to, in order (intermediate ones are collapsed). */
  mainSetToAdded: SnapshotId[]
  removedSnapshots: boolean
  /** Files to write with the commit's metadata (what `append` adds), by location. */
  newFiles: Map<string, Buffer>
}

export function newDraft(base: TableMetadata | null, ctx: CommitContext, formatVersion: number): TableDraft {
  const md: TableMetadata = base
    ? clone(base)
    : {
        // The empty builder of a staged create: nothing but a version and a uuid.
        'format-version': formatVersion,
        'table-uuid': ctx.newUuid(),
        location: '',
        'last-sequence-number': 0,
        'last-updated-ms': ctx.nowMs,
        'last-column-id': 0,
        'current-schema-id': -1,
        schemas: [],
        'default-spec-id': -1,
        'partition-specs': [],
        'last-partition-id': 999,
        'default-sort-order-id': -1,
        'sort-orders': [],
        properties: {},
        'current-snapshot-id': null,
        refs: {},
        snapshots: [],
        statistics: [],
        'partition-statistics': [],
        'snapshot-log': [],
        'metadata-log': [],
      }
  md['last-sequence-number'] ??= 0
  if (md['format-version'] >= 3) md['next-row-id'] ??= 0
  md.refs ??= {}
  md.snapshots ??= []
  md.statistics ??= []
  md['partition-statistics'] ??= []
  md['snapshot-log'] ??= []
  md['metadata-log'] ??= []
  md.properties ??= {}
  return {
    md,
    base,
    ctx,
    changes: base ? [] : ['create'],
    lastAddedSchemaId: null,
    lastAddedSpecId: null,
    lastAddedOrderId: null,
    addedSchemaIds: new Set(),
    addedSpecIds: new Set(),
    addedOrderIds: new Set(),
    addedSnapshotIds: new Set(),
    bindingSchemaId: null,
    unboundSpecs: [],
    unboundOrders: [],
    mainSetToAdded: [],
    removedSnapshots: false,
    newFiles: new Map(),
  }
}

/** The current snapshot id, with Java's -1 and null both meaning "none". */
export function currentSnapshotId(md: Pick<TableMetadata, 'current-snapshot-id'>): SnapshotId | null {
  const id = md['current-snapshot-id']
  return id === null || id === undefined || id === -1 ? null : id
}

function rewriteSnapshotLog(d: TableDraft): void {
  const md = d.md
  const current = currentSnapshotId(md)
  // Intermediate: added in this commit, set as main in this commit, but not the final current snapshot.
  const intermediate = new Set(d.mainSetToAdded.filter((id) => id !== current))
  if (intermediate.size === 0 && !d.removedSnapshots) return
  const existing = new Set(md.snapshots.map((s) => s['snapshot-id']))
  let log: TableMetadata['snapshot-log'] = []
  for (const entry of md['snapshot-log']) {
    if (existing.has(entry['snapshot-id'])) {
      if (!intermediate.has(entry['snapshot-id'])) log.push(entry)
    } else if (d.removedSnapshots) {
      // An entry for a removed snapshot wipes everything before it, so the log has no gaps.
      log = []
    }
  }
  if (current !== null && log.at(-1)?.['snapshot-id'] !== current) {
    throw validationFailed('Cannot set invalid snapshot log: latest entry is not the current snapshot')
  }
  md['snapshot-log'] = log
}

function checkSorted(entries: { 'timestamp-ms': number }[], what: string): void {
  for (let i = 1; i < entries.length; i++) {
    const prev = entries[i - 1]?.['timestamp-ms'] ?? 0
    const cur = entries[i]?.['timestamp-ms'] ?? 0
    if (cur < prev - SKEW_MS) throw validationFailed(`Invalid ${what}: entries are not sorted by timestamp`)
  }
}

function previousVersionsMax(md: TableMetadata): number {
  const raw = md.properties['write.metadata.previous-versions-max']
  const n = raw === undefined ? DEFAULT_PREVIOUS_VERSIONS_MAX : Number.parseInt(raw, 10)
  return Math.max(1, Number.isNaN(n) ? DEFAULT_PREVIOUS_VERSIONS_MAX : n)
}

/** Validates the finished metadata and applies the end-of-commit rules; returns the wire metadata. */
export function buildDraft(d: TableDraft): TableMetadata {
  const md = d.md
  const v = md['format-version']
  if (!d.base) {
    if (md.schemas.length === 0) throw validationFailed('Cannot create a table without a schema')
    if (md['partition-specs'].length === 0) throw validationFailed('Partition specs cannot be null or empty')
    if (md['sort-orders'].length === 0) throw validationFailed('Sort orders cannot be null or empty')
  }
  if (!md.location) throw validationFailed(`Table location is required in format v${v}`)
  const schema = md.schemas.find((s) => s['schema-id'] === md['current-schema-id'])
  if (!schema) throw validationFailed(`Cannot find current schema: ${md['current-schema-id']}`)
  const spec = md['partition-specs'].find((s) => s['spec-id'] === md['default-spec-id'])
  if (!spec) throw validationFailed(`Cannot find default partition spec: ${md['default-spec-id']}`)
  const order = md['sort-orders'].find((o) => o['order-id'] === md['default-sort-order-id'])
  if (!order) throw validationFailed(`Cannot find default sort order: ${md['default-sort-order-id']}`)
  // Specs and orders that came before any schema bind to the final current schema, once all updates applied.
  for (const s of d.unboundSpecs) bindSpec(s, schema)
  for (const o of d.unboundOrders) bindSortOrder(o, schema)
  checkSpecCompatible(spec, schema)
  checkOrderCompatible(order, schema)

  const lastSeq = md['last-sequence-number'] ?? 0
  if (v === 1 && lastSeq !== 0) throw validationFailed('Sequence number must be 0 in v1')
  for (const s of md.snapshots) {
    if ((s['sequence-number'] ?? 0) > lastSeq) {
      throw validationFailed(
        `Invalid snapshot with sequence number ${s['sequence-number']} greater than last sequence number ${lastSeq}`,
      )
    }
  }
  const ids = new Set(md.snapshots.map((s) => s['snapshot-id']))
  for (const [name, ref] of Object.entries(md.refs)) {
    if (!ids.has(ref['snapshot-id'])) {
      throw validationFailed(`Snapshot for reference ${name} does not exist in the existing snapshots list`)
    }
  }
  const current = currentSnapshotId(md)
  const main = md.refs.main
  if (current !== null && !ids.has(current))
    throw validationFailed(`Cannot find current snapshot: ${current}`)
  if (current !== null && main?.['snapshot-id'] !== current)
    throw validationFailed('Current snapshot ID does not match main branch')
  if (current === null && main) throw validationFailed('Current snapshot is not set, but main branch exists')

  rewriteSnapshotLog(d)
  md['last-updated-ms'] = d.ctx.nowMs
  checkSorted(md['snapshot-log'], 'snapshot log')
  const lastLog = md['snapshot-log'].at(-1)
  if (lastLog && md['last-updated-ms'] < lastLog['timestamp-ms'] - SKEW_MS) {
    throw validationFailed(
      `Invalid update timestamp ${md['last-updated-ms']}: before last snapshot log entry at ${lastLog['timestamp-ms']}`,
    )
  }

  if (d.base && d.ctx.previousMetadataLocation) {
    const log = [
      ...md['metadata-log'],
      { 'timestamp-ms': d.base['last-updated-ms'], 'metadata-file': d.ctx.previousMetadataLocation },
    ]
    md['metadata-log'] = log.slice(Math.max(0, log.length - previousVersionsMax(md)))
  }
  checkSorted(md['metadata-log'], 'metadata log')
  const lastFile = md['metadata-log'].at(-1)
  if (lastFile && md['last-updated-ms'] < lastFile['timestamp-ms'] - SKEW_MS) {
    throw validationFailed(
      `Invalid update timestamp ${md['last-updated-ms']}: before last metadata log entry`,
    )
  }
  return toWire(md)
}

/** Puts the version-dependent fields in the shape Java writes. */
function toWire(md: TableMetadata): TableMetadata {
  const v = md['format-version']
  const current = currentSnapshotId(md)
  md['current-snapshot-id'] = current ?? (v >= 3 ? null : -1)
  if (v === 1) delete md['last-sequence-number']
  if (v >= 3) md['next-row-id'] ??= 0
  else delete md['next-row-id']
  if (md['encryption-keys']?.length === 0) delete md['encryption-keys']
  return md
}
