/**
 * applyViewCommit: one view commit: assert-view-uuid, the eight view updates, and
 * the build rules (version-log, dialect-drop check, version expiry).
 */
import { badRequest, commitFailed, validationFailed } from '../errors.ts'
import { clone, int, str, strList, strMap, trimLocation, type Json } from './read.ts'
import { parseSchema, sameSchema, validateSchema } from './schema.ts'
import { TABLE_REQUIREMENTS, kindOf } from './table-requirements.ts'
import type { CommitContext, Schema, ViewCommitResult, ViewMetadata } from './types.ts'
import { VIEW_SCHEMA_FORMAT } from './view-create.ts'
import { finishView } from './view-build.ts'
import { checkDialects, parseViewVersion, sameVersion } from './view-version.ts'

export interface ViewDraft {
  md: ViewMetadata
  readonly base: ViewMetadata
  readonly ctx: CommitContext
  changes: string[]
  lastAddedSchemaId: number | null
  lastAddedVersionId: number | null
  addedVersionIds: Set<number>
  /** The version-log entry scheduled by the last set-current-view-version of this commit. */
  historyEntry: { 'version-id': number; 'timestamp-ms': number } | null
}

type Apply = (d: ViewDraft, u: Json) => void

const nextId = (ids: number[], first: number): number => (ids.length === 0 ? first : Math.max(...ids) + 1)

export const VIEW_UPDATES: Record<string, Apply> = {
  'assign-uuid': (d, u) => {
    const uuid = str(u, 'uuid', 'assign-uuid')
    if (uuid === d.md['view-uuid']) return
    throw validationFailed('Cannot reassign uuid')
  },
  'upgrade-format-version': (d, u) => {
    const v = int(u, 'format-version', 'upgrade-format-version')
    const cur = d.md['format-version']
    if (v < cur) throw validationFailed(`Cannot downgrade v${cur} view to v${v}`)
    if (v === cur) return
    throw validationFailed(`Unsupported format version: ${v}`)
  },
  'add-schema': (d, u) => {
    const schema = parseSchema(u.schema)
    // A reused schema leaves last-added unchanged (Java view builder).
    if (d.md.schemas.some((s) => sameSchema(s, schema))) return
    validateSchema(schema, VIEW_SCHEMA_FORMAT)
    const id = nextId(
      d.md.schemas.map((s) => s['schema-id'] ?? 0),
      0,
    )
    const stored: Schema = { type: 'struct', 'schema-id': id, fields: schema.fields }
    if (schema['identifier-field-ids']) stored['identifier-field-ids'] = schema['identifier-field-ids']
    d.md.schemas.push(stored)
    d.lastAddedSchemaId = id
    d.changes.push('add-schema')
  },
  'set-location': (d, u) => {
    const raw = str(u, 'location', 'set-location')
    if (raw.trim() === '') throw validationFailed('Invalid location: empty')
    const location = trimLocation(raw)
    if (location === d.md.location) return
    d.md.location = location
    d.changes.push('set-location')
  },
  'set-properties': (d, u) => {
    const updates = strMap(
      u,
      u.updates === undefined && u.updated !== undefined ? 'updated' : 'updates',
      'set-properties',
    )
    if (Object.keys(updates).length === 0) return
    Object.assign(d.md.properties, updates)
    d.changes.push('set-properties')
  },
  'remove-properties': (d, u) => {
    const removals = strList(
      u,
      u.removals === undefined && u.removed !== undefined ? 'removed' : 'removals',
      'remove-properties',
    )
    if (removals.length === 0) return
    for (const key of removals) delete d.md.properties[key]
    d.changes.push('remove-properties')
  },
  'add-view-version': (d, u) => {
    const version = parseViewVersion(u['view-version'])
    // Reuse is checked before schema-id -1 is resolved, so a version sent with -1 is never reused.
    const reused = d.md.versions.find((v) => sameVersion(v, version))
    if (reused) {
      const id = reused['version-id']
      d.lastAddedVersionId = d.addedVersionIds.has(id) ? id : null
      return
    }
    let schemaId = version['schema-id']
    if (schemaId === -1) {
      if (d.lastAddedSchemaId === null)
        throw validationFailed('Cannot set last added schema: no schema has been added')
      schemaId = d.lastAddedSchemaId
    }
    if (!d.md.schemas.some((s) => s['schema-id'] === schemaId)) {
      throw validationFailed(`Cannot add version with unknown schema: ${schemaId}`)
    }
    checkDialects(version)
    const ids = d.md.versions.map((v) => v['version-id'])
    // Java: the requested id unless an existing id is >= it, then highest + 1.
    const id = ids.some((x) => x >= version['version-id']) ? nextId(ids, 1) : version['version-id']
    d.md.versions.push({ ...version, 'version-id': id, 'schema-id': schemaId })
    d.lastAddedVersionId = id
    d.addedVersionIds.add(id)
    d.changes.push('add-view-version')
  },
  'set-current-view-version': (d, u) => {
    let id = int(u, 'view-version-id', 'set-current-view-version')
    if (id === -1) {
      if (d.lastAddedVersionId === null)
        throw validationFailed('Cannot set last version id: no current version id has been set')
      id = d.lastAddedVersionId
    }
    if (id === d.md['current-version-id']) return
    const version = d.md.versions.find((v) => v['version-id'] === id)
    if (!version) throw validationFailed(`Cannot set current version to unknown version: ${id}`)
    d.md['current-version-id'] = id
    const ts = d.addedVersionIds.has(id) ? version['timestamp-ms'] : d.ctx.nowMs
    d.historyEntry = { 'version-id': id, 'timestamp-ms': ts }
    d.changes.push('set-current-view-version')
  },
}

function parseViewRequirements(requirements: unknown): string[] {
  if (requirements === undefined || requirements === null) return []
  if (!Array.isArray(requirements)) throw badRequest('Invalid requirements: expected an array')
  return requirements.map((r) => {
    const { kind, body } = kindOf(r, 'type', 'requirement')
    if ((TABLE_REQUIREMENTS as readonly string[]).includes(kind))
      throw badRequest(`Cannot validate ${kind} against a view`)
    if (kind !== 'assert-view-uuid') throw badRequest(`Unknown requirement type: ${kind}`)
    return str(body, 'uuid', kind)
  })
}

/**
 * Runs one view commit against `base` (the view exists; a missing view is the caller's 404). Table-only
 * update actions are 400 (Java answers 406; the spec wants 400 for updates a server cannot apply).
 * @returns `changed: false` (and `base` itself) when nothing changed.
 */
export function applyViewCommit(
  base: ViewMetadata,
  requirements: unknown[],
  updates: unknown[],
  ctx: CommitContext,
): ViewCommitResult {
  const uuids = parseViewRequirements(requirements)
  if (!Array.isArray(updates)) throw badRequest('Invalid updates: expected an array')
  const ups = updates.map((u) => {
    const { kind, body } = kindOf(u, 'action', 'update')
    const apply = VIEW_UPDATES[kind]
    if (!apply) throw badRequest(`Cannot apply update ${kind} to a view`)
    return { body, apply }
  })
  for (const uuid of uuids) {
    if (uuid.toLowerCase() !== base['view-uuid'].toLowerCase()) {
      throw commitFailed(
        `Requirement failed: view UUID does not match: expected ${base['view-uuid']} != ${uuid}`,
      )
    }
  }
  const d: ViewDraft = {
    md: clone(base),
    base,
    ctx,
    changes: [],
    lastAddedSchemaId: null,
    lastAddedVersionId: null,
    addedVersionIds: new Set(),
    historyEntry: null,
  }
  d.md.properties ??= {}
  for (const u of ups) u.apply(d, u.body)
  if (d.changes.length === 0) return { metadata: base, changed: false }
  return { metadata: finishView(d), changed: true }
}
