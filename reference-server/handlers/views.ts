/**
 * View operations: list, create, load, exists, replace (commit), drop,
 * rename and register-view. Views have no ETag.
 */
import type { Namespace, ViewEntry } from '../catalog/catalog.ts'
import { badRequest, noSuchView } from '../errors.ts'
import { isObject, isStringMap, type JsonObject } from '../json.ts'
import type { HandlerContext, OperationInput, OperationResult } from './context.ts'
import { defaultLocation, readMetadataFile, writeMetadataFile } from './metadata-files.ts'
import { existingNamespace, fmt } from './namespaces.ts'
import { paginate } from './pagination.ts'
import { ensureNameFree, identifierOf, rename } from './tables.ts'

function existingView(
  ctx: HandlerContext,
  input: OperationInput,
): { ns: Namespace; name: string; entry: ViewEntry } {
  // A view in a missing namespace does not exist: 404 NoSuchView, the one 404 the document lists for a
  // view's load, HEAD, replace and drop.
  const ns = input.namespace
  if (!ns) throw badRequest('Missing namespace')
  const name = input.view ?? ''
  const entry = ctx.catalog.hasNamespace(ns) ? ctx.catalog.getView(ns, name) : undefined
  if (!entry) throw noSuchView(`View does not exist: ${fmt(ns)}.${name}`)
  return { ns, name, entry }
}

const viewResult = (entry: ViewEntry): OperationResult => ({
  status: 200,
  body: { 'metadata-location': entry.metadataLocation, metadata: entry.metadata, config: {} },
})

/** GET …/namespaces/{namespace}/views — listViews. */
export function listViews(ctx: HandlerContext, input: OperationInput): OperationResult {
  const ns = existingNamespace(ctx, input)
  const names = ctx.catalog.names(ns, 'view')
  const page = paginate(names, (n) => n, input.query, `views:${JSON.stringify(ns)}`, ctx.flags)
  return {
    status: 200,
    body: {
      identifiers: page.items.map((name) => ({ namespace: ns, name })),
      'next-page-token': page.nextPageToken,
    },
  }
}

/** POST …/namespaces/{namespace}/views — createView. */
export function createView(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req)) throw badRequest('Invalid CreateViewRequest: expected an object')
  if (typeof req.name !== 'string' || req.name === '')
    throw badRequest('Invalid name: expected a non-empty string')
  // A view's name becomes a file path, which cannot hold a NUL (as for tables).
  if (req.name.includes('\u0000')) throw badRequest('Invalid name: contains a NUL character')
  if (!isObject(req.schema)) throw badRequest('Invalid CreateViewRequest: schema is required')
  if (!isObject(req['view-version'])) throw badRequest('Invalid CreateViewRequest: view-version is required')
  if (!isStringMap(req.properties))
    throw badRequest('Invalid CreateViewRequest: properties (a map) is required')
  if (req.location !== undefined && typeof req.location !== 'string') throw badRequest('Invalid location')
  const ns = existingNamespace(ctx, input)
  ensureNameFree(ctx, ns, req.name, 'view')
  const location =
    typeof req.location === 'string' && req.location !== ''
      ? req.location.replace(/\/+$/, '')
      : defaultLocation(ctx, ns, req.name)
  const md = ctx.metadata.createViewMetadata(req, location, { nowMs: ctx.now(), newUuid: ctx.newUuid })
  const metadataLocation = writeMetadataFile(ctx, md, undefined)
  const entry: ViewEntry = { kind: 'view', metadataLocation, metadata: md, files: [metadataLocation] }
  ctx.catalog.put(ns, req.name, entry)
  return viewResult(entry)
}

/** GET …/views/{view} — loadView. */
export function loadView(ctx: HandlerContext, input: OperationInput): OperationResult {
  return viewResult(existingView(ctx, input).entry)
}

/** HEAD …/views/{view} — viewExists. */
export function viewExists(ctx: HandlerContext, input: OperationInput): OperationResult {
  existingView(ctx, input)
  return { status: 204 }
}

/** POST …/views/{view} — replaceView: requirements (assert-view-uuid) then updates. */
export function replaceView(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req)) throw badRequest('Invalid CommitViewRequest: expected an object')
  const requirements = req.requirements ?? []
  if (!Array.isArray(requirements))
    throw badRequest('Invalid CommitViewRequest: requirements must be an array')
  if (!Array.isArray(req.updates)) throw badRequest('Invalid CommitViewRequest: updates must be an array')
  if (req.identifier !== undefined) identifierOf(req.identifier, 'identifier')
  const { ns, name, entry } = existingView(ctx, input)
  const outcome = ctx.metadata.applyViewCommit(
    entry.metadata,
    ctx.flags.ignoreRequirements ? [] : requirements,
    req.updates,
    { nowMs: ctx.now(), newUuid: ctx.newUuid, previousMetadataLocation: entry.metadataLocation },
  )
  if (!outcome.changed) return viewResult(entry)
  const metadataLocation = writeMetadataFile(ctx, outcome.metadata, entry.metadataLocation)
  const next: ViewEntry = {
    kind: 'view',
    metadataLocation,
    metadata: outcome.metadata,
    files: [...entry.files, metadataLocation],
  }
  ctx.catalog.put(ns, name, next)
  return viewResult(next)
}

/** DELETE …/views/{view} — dropView. */
export function dropView(ctx: HandlerContext, input: OperationInput): OperationResult {
  const { ns, name } = existingView(ctx, input)
  ctx.catalog.remove(ns, name)
  return { status: 204 }
}

/** POST /v1/{prefix}/views/rename — renameView. */
export const renameView = (ctx: HandlerContext, input: OperationInput): OperationResult =>
  rename(ctx, input, 'view')

/** POST …/namespaces/{namespace}/register-view — registerView from an existing metadata file. */
export function registerView(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req)) throw badRequest('Invalid RegisterViewRequest: expected an object')
  if (typeof req.name !== 'string' || req.name === '')
    throw badRequest('Invalid name: expected a non-empty string')
  // A view's name becomes a file path, which cannot hold a NUL (as for tables).
  if (req.name.includes('\u0000')) throw badRequest('Invalid name: contains a NUL character')
  const location = req['metadata-location']
  if (typeof location !== 'string' || location === '') throw badRequest('Invalid metadata-location')
  const ns = existingNamespace(ctx, input)
  ensureNameFree(ctx, ns, req.name, 'view')
  const md: JsonObject = readMetadataFile(ctx, location)
  if (md['format-version'] !== 1 || typeof md['view-uuid'] !== 'string' || !Array.isArray(md.versions)) {
    throw badRequest(`Not a view metadata file (format-version 1 with view-uuid and versions): ${location}`)
  }
  const entry: ViewEntry = { kind: 'view', metadataLocation: location, metadata: md, files: [location] }
  ctx.catalog.put(ns, req.name, entry)
  return viewResult(entry)
}
