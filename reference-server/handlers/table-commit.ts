/**
 * Table commits: updateTable, including
 * the create transaction with `assert-create`, and the all-or-nothing commitTransaction.
 *
 * Atomicity: every step from reading the base metadata to storing the result is synchronous, so
 * no other request can interleave (Node runs one callback at a time). The `lostUpdates` fault
 * inserts an `await` in that window to show what a racy server looks like.
 */
import type { Namespace, TableEntry } from '../catalog/catalog.ts'
import { alreadyExists, badRequest, noSuchNamespace, noSuchTable } from '../errors.ts'
import { isObject, type JsonObject } from '../json.ts'
import type { CommitOutcome } from '../metadata-contract.ts'
import type { HandlerContext, OperationInput, OperationResult } from './context.ts'
import { writeMetadataFile } from './metadata-files.ts'
import { existingNamespace, fmt } from './namespaces.ts'
import { etagBasis } from './table-results.ts'
import { identifierOf } from './tables.ts'
import { KNOWN_REQUIREMENTS, KNOWN_TABLE_UPDATES } from './update-kinds.ts'

interface TableChange {
  readonly requirements: unknown[]
  readonly updates: unknown[]
}

/** Checks the shape of a CommitTableRequest (the builder checks each requirement and update). */
function changeOf(v: unknown, ctx: HandlerContext): TableChange {
  if (!isObject(v)) throw badRequest('Invalid CommitTableRequest: expected an object')
  const { requirements, updates } = v
  if (!Array.isArray(requirements))
    throw badRequest('Invalid CommitTableRequest: requirements must be an array')
  if (!Array.isArray(updates)) throw badRequest('Invalid CommitTableRequest: updates must be an array')
  for (const r of requirements) {
    if (!isObject(r) || typeof r.type !== 'string') throw badRequest('Invalid requirement: missing type')
  }
  for (const u of updates) {
    if (!isObject(u) || typeof u.action !== 'string') throw badRequest('Invalid update: missing action')
  }
  if (!ctx.flags.ignoreUnknownUpdates) return { requirements, updates }
  // Fault: silently drop what the server does not know instead of answering 400.
  return {
    requirements: requirements.filter((r) => KNOWN_REQUIREMENTS.has(String((r as JsonObject).type))),
    updates: updates.filter((u) => KNOWN_TABLE_UPDATES.has(String((u as JsonObject).action))),
  }
}

const isCreate = (c: TableChange): boolean =>
  c.requirements.some((r) => (r as JsonObject).type === 'assert-create')

/**
 * Applies one change to `entry` (undefined: the table does not exist). Returns the new entry, or
 * the old one when nothing changed. Writes the new metadata file but does not store the entry.
 */
function apply(
  ctx: HandlerContext,
  ns: Namespace,
  name: string,
  entry: TableEntry | undefined,
  change: TableChange,
): TableEntry {
  if (!entry && !isCreate(change)) throw noSuchTable(`Table does not exist: ${fmt(ns)}.${name}`)
  const requirements = ctx.flags.ignoreRequirements
    ? change.requirements.filter((r) => !entry && (r as JsonObject).type === 'assert-create')
    : change.requirements
  const ctxMd = {
    nowMs: ctx.now(),
    newUuid: ctx.newUuid,
    readBytes: (location: string) => ctx.files.readBytes(location),
    documentProfile: ctx.settings.documentProfile,
    ...(entry ? { previousMetadataLocation: entry.metadataLocation } : {}),
  }
  const outcome: CommitOutcome = ctx.metadata.applyTableCommit(
    entry?.metadata ?? null,
    requirements,
    change.updates,
    ctxMd,
  )
  if (entry && !outcome.changed) return entry
  const written = [...(outcome.files ?? new Map<string, Buffer>())]
  for (const [location, bytes] of written) ctx.files.write(location, bytes)
  const metadataLocation = writeMetadataFile(ctx, outcome.metadata, entry?.metadataLocation)
  return {
    kind: 'table',
    metadataLocation,
    metadata: outcome.metadata,
    files: [...(entry?.files ?? []), ...written.map(([location]) => location), metadataLocation],
  }
}

/** POST …/tables/{table} — updateTable: 200 CommitTableResponse with an ETag, 409 on a failed requirement. */
export async function updateTable(ctx: HandlerContext, input: OperationInput): Promise<OperationResult> {
  const change = changeOf(input.body, ctx)
  const body = input.body as JsonObject
  const ns = existingNamespace(ctx, input)
  const name = input.table ?? ''
  if (body.identifier !== undefined) {
    const id = identifierOf(body.identifier, 'identifier')
    if (JSON.stringify([id.ns, id.name]) !== JSON.stringify([ns, name])) {
      throw badRequest('The identifier in the body does not match the path')
    }
  }
  const existing = ctx.catalog.get(ns, name)
  if (existing?.kind === 'view') {
    if (isCreate(change)) throw alreadyExists(`View with same name already exists: ${fmt(ns)}.${name}`)
    throw noSuchTable(`Table does not exist: ${fmt(ns)}.${name}`)
  }
  if (ctx.flags.lostUpdates) await new Promise((r) => setTimeout(r, 5))
  const next = apply(ctx, ns, name, existing, change)
  ctx.catalog.put(ns, name, next)
  return {
    status: 200,
    body: { 'metadata-location': next.metadataLocation, metadata: next.metadata },
    etag: etagBasis(next.metadataLocation, ns, name, 'all', {
      vendedCredentials: false,
      remoteSigning: false,
    }),
  }
}

/** POST /v1/{prefix}/transactions/commit — commitTransaction: all changes or none; 204. */
export function commitTransaction(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req) || !Array.isArray(req['table-changes'])) {
    throw badRequest('Invalid CommitTransactionRequest: table-changes must be an array')
  }
  if (req['table-changes'].length === 0) throw badRequest('Invalid table changes: empty')
  const changes = req['table-changes'].map((c) => {
    if (!isObject(c) || c.identifier === undefined)
      throw badRequest('Invalid table changes: table identifier is required')
    return { id: identifierOf(c.identifier, 'identifier'), change: changeOf(c, ctx) }
  })
  // Stage every table's new entry first; store them only when all succeeded.
  const staged = new Map<string, { ns: Namespace; name: string; entry: TableEntry }>()
  for (const { id, change } of changes) {
    if (isCreate(change)) throw badRequest('assert-create is not allowed in a multi-table transaction')
    if (!ctx.catalog.hasNamespace(id.ns)) throw noSuchNamespace(`Namespace does not exist: ${fmt(id.ns)}`)
    const key = JSON.stringify([id.ns, id.name])
    const current = staged.get(key)?.entry ?? ctx.catalog.getTable(id.ns, id.name)
    const entry = apply(ctx, id.ns, id.name, current, change)
    if (ctx.flags.nonAtomicTransactions) ctx.catalog.put(id.ns, id.name, entry)
    staged.set(key, { ns: id.ns, name: id.name, entry })
  }
  for (const { ns, name, entry } of staged.values()) ctx.catalog.put(ns, name, entry)
  return { status: 204 }
}
