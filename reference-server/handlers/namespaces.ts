/**
 * Namespace operations: list (with `parent`), create, load, exists, drop
 * and properties.
 */
import type { Namespace } from '../catalog/catalog.ts'
import { nsKey, sortKey } from '../catalog/catalog.ts'
import { alreadyExists, badRequest, namespaceNotEmpty, noSuchNamespace, unprocessable } from '../errors.ts'
import { isObject, isStringArray, isStringMap } from '../json.ts'
import type { HandlerContext, OperationInput, OperationResult } from './context.ts'
import { paginate } from './pagination.ts'

/** Human-readable form of a namespace for messages. */
export const fmt = (ns: Namespace): string => ns.join('.')

/** The namespace of the path, which must exist (404 NoSuchNamespaceException otherwise). */
export function existingNamespace(ctx: HandlerContext, input: OperationInput): Namespace {
  const ns = input.namespace
  if (!ns) throw badRequest('Missing namespace')
  if (!ctx.catalog.hasNamespace(ns)) throw noSuchNamespace(`Namespace does not exist: ${fmt(ns)}`)
  return ns
}

/** Checks a namespace given in a body: a non-empty array of non-empty strings. */
export function checkNamespaceValue(v: unknown, what: string): Namespace {
  if (!isStringArray(v)) throw badRequest(`Invalid ${what}: expected an array of strings`)
  if (v.length === 0) throw badRequest(`Invalid ${what}: empty`)
  if (v.some((l) => l === '' || l.includes('\u001f'))) {
    throw badRequest(`Invalid ${what}: a level is empty or contains the separator 0x1F`)
  }
  // Levels become directories, which cannot hold a NUL.
  if (v.some((l) => l.includes('\u0000')))
    throw badRequest(`Invalid ${what}: a level contains a NUL character`)
  return v
}

/** GET /v1/{prefix}/namespaces — listNamespaces: direct children of `parent`, full identifiers. */
export function listNamespaces(ctx: HandlerContext, input: OperationInput): OperationResult {
  const rawParent = input.query.get('parent')
  let parent: Namespace | undefined
  // An empty `parent` is treated as absent (spec, "for backward compatibility").
  if (rawParent !== null && rawParent !== '') {
    parent = decodeParent(rawParent, ctx.settings.namespaceSeparator)
    if (!ctx.catalog.hasNamespace(parent)) throw noSuchNamespace(`Namespace does not exist: ${fmt(parent)}`)
  }
  const everyDepth = ctx.flags.ignoreParent || (ctx.flags.topLevelListsAll && parent === undefined)
  const all = ctx.catalog.listNamespaces(everyDepth ? undefined : (parent ?? []))
  const page = paginate(all, sortKey, input.query, `namespaces:${nsKey(parent ?? [])}`, ctx.flags)
  return { status: 200, body: { namespaces: page.items, 'next-page-token': page.nextPageToken } }
}

/** `parent` arrives already percent-decoded by URLSearchParams: split on 0x1F or the separator. */
function decodeParent(parent: string, separator: string): Namespace {
  let sep = separator
  try {
    sep = decodeURIComponent(separator)
  } catch {
    // keep it as given
  }
  const levels = parent.includes('\u001f') ? parent.split('\u001f') : parent.split(sep)
  if (levels.some((l) => l === '')) throw badRequest(`Invalid parent namespace: ${parent}`)
  return levels
}

/** POST /v1/{prefix}/namespaces — createNamespace. */
export function createNamespace(ctx: HandlerContext, input: OperationInput): OperationResult {
  const body = input.body
  if (!isObject(body)) throw badRequest('Invalid CreateNamespaceRequest: expected an object')
  const ns = checkNamespaceValue(body.namespace, 'namespace')
  const props = body.properties ?? {}
  if (!isStringMap(props)) throw badRequest('Invalid properties: expected a map of strings')
  if (ctx.catalog.hasNamespace(ns)) throw alreadyExists(`Namespace already exists: ${fmt(ns)}`)
  // Nested namespaces need their parent, as in a hierarchical catalog.
  if (ns.length > 1 && !ctx.catalog.hasNamespace(ns.slice(0, -1))) {
    throw noSuchNamespace(`Parent namespace does not exist: ${fmt(ns.slice(0, -1))}`)
  }
  ctx.catalog.putNamespace(ns, props)
  return { status: 200, body: { namespace: ns, properties: props } }
}

/** GET /v1/{prefix}/namespaces/{namespace} — loadNamespaceMetadata. */
export function loadNamespaceMetadata(ctx: HandlerContext, input: OperationInput): OperationResult {
  const ns = existingNamespace(ctx, input)
  return { status: 200, body: { namespace: ns, properties: ctx.catalog.namespaceProperties(ns) ?? {} } }
}

/** HEAD /v1/{prefix}/namespaces/{namespace} — namespaceExists. */
export function namespaceExists(ctx: HandlerContext, input: OperationInput): OperationResult {
  existingNamespace(ctx, input)
  return { status: 204 }
}

/** DELETE /v1/{prefix}/namespaces/{namespace} — dropNamespace: 409 unless empty. */
export function dropNamespace(ctx: HandlerContext, input: OperationInput): OperationResult {
  const ns = existingNamespace(ctx, input)
  if (!ctx.flags.notEmptyDropAllowed) {
    if (!ctx.catalog.isEmpty(ns))
      throw namespaceNotEmpty(`Namespace is not empty (tables or views): ${fmt(ns)}`)
    if (ctx.catalog.hasChildren(ns)) throw namespaceNotEmpty(`Namespace has child namespaces: ${fmt(ns)}`)
  }
  ctx.catalog.deleteNamespace(ns)
  return { status: 204 }
}

/** POST /v1/{prefix}/namespaces/{namespace}/properties — updateProperties. */
export function updateProperties(ctx: HandlerContext, input: OperationInput): OperationResult {
  const body = input.body
  if (!isObject(body)) throw badRequest('Invalid UpdateNamespacePropertiesRequest: expected an object')
  const removals = body.removals ?? []
  const updates = body.updates ?? {}
  if (!isStringArray(removals)) throw badRequest('Invalid removals: expected an array of strings')
  if (!isStringMap(updates)) throw badRequest('Invalid updates: expected a map of strings')
  if (new Set(removals).size !== removals.length) throw badRequest('Invalid removals: duplicate keys')
  const ns = existingNamespace(ctx, input)
  const both = removals.filter((k) => Object.hasOwn(updates, k))
  if (both.length > 0) throw unprocessable(`Keys in both removals and updates: ${both.join(', ')}`)
  const current = ctx.catalog.namespaceProperties(ns) ?? {}
  const missing = removals.filter((k) => !Object.hasOwn(current, k))
  const removed = removals.filter((k) => Object.hasOwn(current, k))
  const next: Record<string, string> = { ...current }
  for (const k of removed) delete next[k]
  Object.assign(next, updates)
  ctx.catalog.setNamespaceProperties(ns, next)
  return { status: 200, body: { updated: Object.keys(updates), removed, missing } }
}
