/**
 * Table commit requirements: parsed first (malformed or unknown
 * → 400), then checked in request order against the base; the first failure is 409 and nothing applies.
 */
import { badRequest, commitFailed, noSuchTable } from '../errors.ts'
import { id, int, obj, str, type Json } from './read.ts'
import { currentSnapshotId } from './table-draft.ts'
import type { SnapshotId, TableMetadata } from './types.ts'

export const TABLE_REQUIREMENTS = [
  'assert-create',
  'assert-table-uuid',
  'assert-ref-snapshot-id',
  'assert-last-assigned-field-id',
  'assert-current-schema-id',
  'assert-last-assigned-partition-id',
  'assert-default-spec-id',
  'assert-default-sort-order-id',
] as const

export interface ParsedRequirement {
  type: (typeof TABLE_REQUIREMENTS)[number]
  body: Json
}

/** The discriminator, matched case-insensitively as Java does. */
export function kindOf(v: unknown, key: 'type' | 'action', what: string): { kind: string; body: Json } {
  const body = obj(v, what)
  return { kind: str(body, key, what).toLowerCase(), body }
}

export function parseTableRequirements(requirements: unknown): ParsedRequirement[] {
  if (requirements === undefined || requirements === null) return []
  if (!Array.isArray(requirements)) throw badRequest('Invalid requirements: expected an array')
  return requirements.map((r) => {
    const { kind, body } = kindOf(r, 'type', 'requirement')
    if (kind === 'assert-view-uuid') throw badRequest('Cannot validate AssertViewUUID against a table')
    const type = TABLE_REQUIREMENTS.find((t) => t === kind)
    if (!type) throw badRequest(`Unknown requirement type: ${kind}`)
    // Parse the fields now, so a malformed requirement is 400 even when an earlier one would fail.
    if (type === 'assert-table-uuid') str(body, 'uuid', type)
    if (type === 'assert-ref-snapshot-id') {
      str(body, 'ref', type)
      if (body['snapshot-id'] !== undefined && body['snapshot-id'] !== null) id(body, 'snapshot-id', type)
    }
    const intField = FIELD[type]
    if (intField) int(body, intField[0], type)
    return { type, body }
  })
}

/** Requirement → [its JSON field, the metadata field it is compared with, what the message calls it]. */
const FIELD: Partial<Record<ParsedRequirement['type'], [string, keyof TableMetadata, string]>> = {
  'assert-last-assigned-field-id': ['last-assigned-field-id', 'last-column-id', 'last assigned field id'],
  'assert-current-schema-id': ['current-schema-id', 'current-schema-id', 'current schema'],
  'assert-last-assigned-partition-id': [
    'last-assigned-partition-id',
    'last-partition-id',
    'last assigned partition id',
  ],
  'assert-default-spec-id': ['default-spec-id', 'default-spec-id', 'default partition spec'],
  'assert-default-sort-order-id': ['default-sort-order-id', 'default-sort-order-id', 'default sort order'],
}

function check(base: TableMetadata, r: ParsedRequirement): void {
  const { type, body } = r
  if (type === 'assert-create') throw commitFailed('Requirement failed: table already exists')
  if (type === 'assert-table-uuid') {
    const uuid = body.uuid as string
    if (uuid.toLowerCase() !== String(base['table-uuid']).toLowerCase()) {
      throw commitFailed(`Requirement failed: UUID does not match: expected ${base['table-uuid']} != ${uuid}`)
    }
    return
  }
  if (type === 'assert-ref-snapshot-id') {
    const name = body.ref as string
    const expected = (body['snapshot-id'] ?? null) as SnapshotId | null
    let ref = base.refs?.[name]
    // v1 metadata from other writers may have no refs; its main is the current snapshot.
    const current = currentSnapshotId(base)
    if (!ref && name === 'main' && !base.refs && current !== null)
      ref = { type: 'branch', 'snapshot-id': current }
    if (expected === null) {
      if (ref) throw commitFailed(`Requirement failed: ${ref.type} ${name} was created concurrently`)
      return
    }
    if (!ref) throw commitFailed(`Requirement failed: branch or tag ${name} is missing, expected ${expected}`)
    if (ref['snapshot-id'] !== expected) {
      throw commitFailed(
        `Requirement failed: ${ref.type} ${name} has changed: expected id ${expected} != ${ref['snapshot-id']}`,
      )
    }
    return
  }
  const [field, mdField, label] = FIELD[type] ?? ['', 'location', '']
  const expected = body[field]
  if (base[mdField] !== expected) {
    throw commitFailed(
      `Requirement failed: ${label} changed: expected id ${String(expected)} != ${String(base[mdField])}`,
    )
  }
}

/**
 * Checks the parsed requirements. `base` null means the table does not exist: only a create (a commit
 * with assert-create) can proceed, anything else is 404 as in Java, which loads the table first.
 * @returns whether this commit is a create.
 */
export function checkTableRequirements(
  base: TableMetadata | null,
  requirements: ParsedRequirement[],
): boolean {
  const isCreate = requirements.some((r) => r.type === 'assert-create')
  if (isCreate && requirements.some((r) => r.type !== 'assert-create')) {
    throw badRequest(`Invalid create requirements: ${requirements.map((r) => r.type).join(', ')}`)
  }
  if (base === null) {
    if (!isCreate) throw noSuchTable('Table does not exist')
    return true
  }
  for (const r of requirements) check(base, r)
  return isCreate
}
