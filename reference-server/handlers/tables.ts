/**
 * Table lifecycle operations: list, create (incl. stage-create),
 * load, exists, drop (with purge), register (incl. overwrite), unregister and rename.
 */
import type { Namespace, TableEntry } from '../catalog/catalog.ts'
import { alreadyExists, badRequest, noSuchNamespace, noSuchTable, noSuchView } from '../errors.ts'
import { isObject, isStringMap, type JsonObject } from '../json.ts'
import type { HandlerContext, OperationInput, OperationResult } from './context.ts'
import { defaultLocation, loggedFiles, readMetadataFile, writeMetadataFile } from './metadata-files.ts'
import { checkNamespaceValue, existingNamespace, fmt } from './namespaces.ts'
import { paginate } from './pagination.ts'
import { tableFiles } from '../planning/manifests.ts'
import { loadTableResult, snapshotsMode } from './table-results.ts'

const ident = (ns: Namespace, name: string): string => `${fmt(ns)}.${name}`

/**
 * The table of the path, which must exist: 404 NoSuchTable otherwise, also when its namespace is missing
 * (a table in a missing namespace does not exist; the document lists only NoSuchTableException for a
 * table's load, HEAD, drop, metrics and credentials).
 */
export function existingTable(
  ctx: HandlerContext,
  input: OperationInput,
): { ns: Namespace; name: string; entry: TableEntry } {
  const ns = input.namespace
  if (!ns) throw badRequest('Missing namespace')
  const name = input.table ?? ''
  const entry = ctx.catalog.hasNamespace(ns) ? ctx.catalog.getTable(ns, name) : undefined
  if (!entry) throw noSuchTable(`Table does not exist: ${ident(ns, name)}`)
  return { ns, name, entry }
}

/**
 * 409 when the name is taken by a table or a view (they share one scope). `kind` is what is being created;
 * `renamedFrom` the source of a rename. Messages use the wording of Apache Iceberg's Java catalogs (the spec
 * leaves them free), which the Java REST Compatibility Kit matches: "View with same name already exists: …"
 * when the other kind holds the name, "Cannot rename a to b. Table already exists" for a rename.
 */
export function ensureNameFree(
  ctx: HandlerContext,
  ns: Namespace,
  name: string,
  kind: 'table' | 'view',
  renamedFrom?: { ns: Namespace; name: string },
): void {
  const o = ctx.catalog.get(ns, name)
  if (!o) return
  const holder = o.kind === 'table' ? 'Table' : 'View'
  if (renamedFrom) {
    throw alreadyExists(
      `Cannot rename ${ident(renamedFrom.ns, renamedFrom.name)} to ${ident(ns, name)}. ${holder} already exists`,
    )
  }
  const sameName = o.kind === kind ? '' : ' with same name'
  throw alreadyExists(`${holder}${sameName} already exists: ${ident(ns, name)}`)
}

function requireName(v: unknown, what = 'name'): string {
  if (typeof v !== 'string' || v === '') throw badRequest(`Invalid ${what}: expected a non-empty string`)
  // Names and locations become file paths, which cannot hold a NUL: refused here rather than a 500 from the file system.
  if (v.includes('\u0000')) throw badRequest(`Invalid ${what}: contains a NUL character`)
  return v
}

/** GET …/namespaces/{namespace}/tables — listTables. */
export function listTables(ctx: HandlerContext, input: OperationInput): OperationResult {
  const ns = existingNamespace(ctx, input)
  const names = ctx.catalog.names(ns, 'table')
  const page = paginate(names, (n) => n, input.query, `tables:${JSON.stringify(ns)}`, ctx.flags)
  const identifiers = page.items.map((name) => ({ namespace: ns, name }))
  return { status: 200, body: { identifiers, 'next-page-token': page.nextPageToken } }
}

/** POST …/namespaces/{namespace}/tables — createTable; `stage-create` stores nothing. */
export function createTable(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req)) throw badRequest('Invalid CreateTableRequest: expected an object')
  const name = requireName(req.name)
  if (!isObject(req.schema)) throw badRequest('Invalid CreateTableRequest: schema is required')
  if (req.location !== undefined && typeof req.location !== 'string') throw badRequest('Invalid location')
  // A relative location would be resolved against wherever the server runs: refuse it rather than guess.
  if (typeof req.location === 'string' && req.location !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(req.location))
    throw badRequest(`Invalid location: ${req.location} is not an absolute URI (e.g. file:/…, s3://…)`)
  if (req.properties !== undefined && !isStringMap(req.properties)) throw badRequest('Invalid properties')
  if (req['stage-create'] !== undefined && typeof req['stage-create'] !== 'boolean') {
    throw badRequest('Invalid stage-create: expected a boolean')
  }
  const ns = existingNamespace(ctx, input)
  ensureNameFree(ctx, ns, name, 'table')
  const location =
    typeof req.location === 'string' && req.location !== ''
      ? req.location.replace(/\/+$/, '')
      : defaultLocation(ctx, ns, name)
  const md = ctx.metadata.createTableMetadata(req, location, { nowMs: ctx.now(), newUuid: ctx.newUuid })
  if (req['stage-create'] === true && !ctx.flags.ignoreStageCreate) {
    // Nothing is stored: the client commits the create later with assert-create.
    const staged = loadTableResult(ctx, ns, name, '', md, input.delegation)
    const body = { ...(staged.body as JsonObject) }
    delete body['metadata-location']
    return { status: 200, body }
  }
  const metadataLocation = writeMetadataFile(ctx, md, undefined)
  ctx.catalog.put(ns, name, { kind: 'table', metadataLocation, metadata: md, files: [metadataLocation] })
  return loadTableResult(ctx, ns, name, metadataLocation, md, input.delegation)
}

/** GET …/tables/{table} — loadTable (`snapshots=all|refs`). */
export function loadTable(ctx: HandlerContext, input: OperationInput): OperationResult {
  const mode = snapshotsMode(input.query)
  const { ns, name, entry } = existingTable(ctx, input)
  return loadTableResult(ctx, ns, name, entry.metadataLocation, entry.metadata, input.delegation, mode)
}

/** HEAD …/tables/{table} — tableExists. */
export function tableExists(ctx: HandlerContext, input: OperationInput): OperationResult {
  existingTable(ctx, input)
  return { status: 204 }
}

function parseBoolean(v: string | null, what: string): boolean {
  if (v === null) return false
  if (/^true$/i.test(v)) return true
  if (/^false$/i.test(v)) return false
  throw badRequest(`Invalid ${what}: ${v} (expected true or false)`)
}

/**
 * DELETE …/tables/{table} — dropTable. `purgeRequested=true` removes the metadata files and the files the current
 * metadata reaches (manifest lists, manifests, data and delete files, statistics) where the file store can delete
 * them, and in the warehouse everything under the table's location ("data and metadata are permanently deleted"),
 * unless another table or view of the catalog still lives under it.
 */
export function dropTable(ctx: HandlerContext, input: OperationInput): OperationResult {
  const purge = parseBoolean(input.query.get('purgeRequested'), 'purgeRequested')
  const { ns, name, entry } = existingTable(ctx, input)
  ctx.catalog.remove(ns, name)
  if (purge && !ctx.flags.ignorePurge) {
    const reached = tableFiles((location) => ctx.files.readBytes(location), entry.metadata)
    for (const f of new Set([
      ...reached,
      ...entry.files,
      ...loggedFiles(entry.metadata),
      entry.metadataLocation,
    ])) {
      ctx.files.delete(f)
    }
    const location = typeof entry.metadata.location === 'string' ? entry.metadata.location : undefined
    const shared = (l: string) =>
      ctx.catalog
        .allObjects()
        .some((o) => typeof o.metadata.location === 'string' && `${o.metadata.location}/`.startsWith(`${l}/`))
    if (location && location.startsWith(`${ctx.files.root}/`) && !shared(location))
      ctx.files.deleteTree(location)
  }
  return { status: 204 }
}

/** POST …/namespaces/{namespace}/register — registerTable (`overwrite` replaces an existing table). */
export function registerTable(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req)) throw badRequest('Invalid RegisterTableRequest: expected an object')
  const name = requireName(req.name)
  const location = requireName(req['metadata-location'], 'metadata-location')
  if (req.overwrite !== undefined && typeof req.overwrite !== 'boolean') throw badRequest('Invalid overwrite')
  const ns = existingNamespace(ctx, input)
  const existing = ctx.catalog.get(ns, name)
  if (existing && !(existing.kind === 'table' && req.overwrite === true))
    ensureNameFree(ctx, ns, name, 'table')
  const md = readMetadataFile(ctx, location)
  // A view file is not a table file, though it may pass the table checks of a v1 table.
  if ('view-uuid' in md || typeof md['last-column-id'] !== 'number') {
    throw badRequest(`Not a table metadata file: ${location}`)
  }
  const broken = ctx.metadata.checkTableInvariants(md)
  if (broken.length > 0) throw badRequest(`Invalid table metadata at ${location}: ${broken.join('; ')}`)
  ctx.catalog.put(ns, name, { kind: 'table', metadataLocation: location, metadata: md, files: [location] })
  return loadTableResult(ctx, ns, name, location, md, input.delegation)
}

/** POST …/tables/{table}/unregister — unregisterTable: leaves the catalog, keeps every file. */
export function unregisterTable(ctx: HandlerContext, input: OperationInput): OperationResult {
  const { ns, name, entry } = existingTable(ctx, input)
  ctx.catalog.remove(ns, name)
  return { status: 200, body: { 'metadata-location': entry.metadataLocation, metadata: entry.metadata } }
}

/** Parses a TableIdentifier of a rename body. */
export function identifierOf(v: unknown, what: string): { ns: Namespace; name: string } {
  if (!isObject(v)) throw badRequest(`Invalid ${what}: expected a TableIdentifier`)
  return {
    ns: checkNamespaceValue(v.namespace, `${what}.namespace`),
    name: requireName(v.name, `${what}.name`),
  }
}

/** Shared by renameTable and renameView: source of `kind` must exist; destination must be free. */
export function rename(ctx: HandlerContext, input: OperationInput, kind: 'table' | 'view'): OperationResult {
  const req = input.body
  if (!isObject(req)) throw badRequest('Invalid RenameTableRequest: expected an object')
  const src = identifierOf(req.source, 'source')
  const dst = identifierOf(req.destination, 'destination')
  const entry = ctx.catalog.get(src.ns, src.name)
  if (!entry || entry.kind !== kind) {
    const missing = kind === 'table' ? noSuchTable : noSuchView
    throw missing(`${kind === 'table' ? 'Table' : 'View'} does not exist: ${ident(src.ns, src.name)}`)
  }
  if (!ctx.catalog.hasNamespace(dst.ns)) throw noSuchNamespace(`Namespace does not exist: ${fmt(dst.ns)}`)
  ensureNameFree(ctx, dst.ns, dst.name, kind, src)
  ctx.catalog.remove(src.ns, src.name)
  ctx.catalog.put(dst.ns, dst.name, entry)
  return { status: 204 }
}

/** POST /v1/{prefix}/tables/rename — renameTable, within or across namespaces. */
export const renameTable = (ctx: HandlerContext, input: OperationInput): OperationResult =>
  rename(ctx, input, 'table')
