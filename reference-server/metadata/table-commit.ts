/**
 * applyTableCommit: the whole of one table commit as a pure function.
 */
import { badRequest, validationFailed } from '../errors.ts'
import { append } from './append.ts'
import type { Json } from './read.ts'
import { DEFAULT_FORMAT_VERSION, MAX_FORMAT_VERSION } from './table-create.ts'
import { buildDraft, newDraft, type TableDraft } from './table-draft.ts'
import { checkTableRequirements, kindOf, parseTableRequirements } from './table-requirements.ts'
import * as schemaUpdates from './updates-schema.ts'
import * as snapshotUpdates from './updates-snapshot.ts'
import * as tableUpdates from './updates-table.ts'
import type { CommitContext, TableCommitResult, TableMetadata } from './types.ts'

type Apply = (d: TableDraft, u: Json) => void

/** Every table update action this builder applies (the 23 TableUpdate actions of the REST OpenAPI document plus `append`). */
export const TABLE_UPDATES: Record<string, Apply> = {
  'assign-uuid': tableUpdates.assignUuid,
  'upgrade-format-version': tableUpdates.upgradeFormatVersion,
  'add-schema': schemaUpdates.addSchema,
  'set-current-schema': schemaUpdates.setCurrentSchema,
  'add-spec': schemaUpdates.addSpec,
  'set-default-spec': schemaUpdates.setDefaultSpec,
  'remove-partition-specs': schemaUpdates.removePartitionSpecs,
  'add-sort-order': schemaUpdates.addSortOrder,
  'set-default-sort-order': schemaUpdates.setDefaultSortOrder,
  'add-snapshot': snapshotUpdates.addSnapshot,
  'set-snapshot-ref': snapshotUpdates.setSnapshotRef,
  'remove-snapshot-ref': snapshotUpdates.removeSnapshotRef,
  'remove-snapshots': snapshotUpdates.removeSnapshots,
  'set-properties': tableUpdates.setProperties,
  'remove-properties': tableUpdates.removeProperties,
  'set-location': tableUpdates.setLocation,
  'set-statistics': tableUpdates.setStatistics,
  'remove-statistics': tableUpdates.removeStatistics,
  'set-partition-statistics': tableUpdates.setPartitionStatistics,
  'remove-partition-statistics': tableUpdates.removePartitionStatistics,
  'remove-schemas': schemaUpdates.removeSchemas,
  'add-encryption-key': tableUpdates.addEncryptionKey,
  'remove-encryption-key': tableUpdates.removeEncryptionKey,
  append,
}

function parseUpdates(updates: unknown, ctx: CommitContext): { kind: string; body: Json; apply: Apply }[] {
  if (updates === undefined || updates === null) return []
  if (!Array.isArray(updates)) throw badRequest('Invalid updates: expected an array')
  return updates.map((u) => {
    const { kind, body } = kindOf(u, 'action', 'update')
    const apply = TABLE_UPDATES[kind]
    // `append` is the original document's, not Iceberg's: an Iceberg release does not know it.
    if (!apply || (kind === 'append' && !ctx.documentProfile))
      throw badRequest(`Unknown update action: ${kind}`)
    return { kind, body, apply }
  })
}

/** A staged create starts at the version of its first upgrade-format-version. */
function createFormatVersion(updates: { kind: string; body: Json }[]): number {
  const first = updates.find((u) => u.kind === 'upgrade-format-version')
  const v = first?.body['format-version']
  if (v === undefined) return DEFAULT_FORMAT_VERSION
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_FORMAT_VERSION) {
    throw validationFailed(`Unsupported format version: ${String(v)}`)
  }
  return v
}

/**
 * Runs one table commit: parses requirements and update kinds (400 when malformed or unknown), checks
 * the requirements against `base` (409, nothing applied), applies the updates in order (400 when one
 * cannot apply; 409 for a stale sequence number or first-row-id), then validates the result.
 *
 * @param base the committed metadata, or null when the table does not exist (a staged create completed
 *   with assert-create; without assert-create that is 404).
 * @param ctx `nowMs` becomes `last-updated-ms`; `newUuid` gives the uuid of a create and the ids of
 *   `append` snapshots; `previousMetadataLocation` (the base's file) is appended to `metadata-log`.
 * @returns `changed: false` (and `base` itself) when every update was a no-op: no new file is written.
 */
export function applyTableCommit(
  base: TableMetadata | null,
  requirements: unknown[],
  updates: unknown[],
  ctx: CommitContext,
): TableCommitResult {
  const reqs = parseTableRequirements(requirements)
  const ups = parseUpdates(updates, ctx)
  const isCreate = checkTableRequirements(base, reqs)
  const draft = isCreate
    ? newDraft(null, ctx, createFormatVersion(ups))
    : newDraft(base, ctx, DEFAULT_FORMAT_VERSION)
  for (const u of ups) u.apply(draft, u.body)
  if (draft.changes.length === 0 && base) return { metadata: base, changed: false, files: new Map() }
  return { metadata: buildDraft(draft), changed: true, files: draft.newFiles }
}
