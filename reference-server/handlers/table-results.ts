/**
 * The LoadTableResult a create, load or register answers with, its ETag basis, and the
 * `snapshots=refs` view of the metadata.
 */
import type { Namespace } from '../catalog/catalog.ts'
import { badRequest } from '../errors.ts'
import { isObject, type JsonObject } from '../json.ts'
import type { Delegation, EtagBasis, HandlerContext, OperationResult } from './context.ts'
import { delegatedParts, delegationTag } from './delegation.ts'

export type SnapshotsMode = 'all' | 'refs'

/** Reads `snapshots`: absent → all; anything but all/refs → 400. */
export function snapshotsMode(query: URLSearchParams): SnapshotsMode {
  const v = query.get('snapshots')
  if (v === null || v === 'all') return 'all'
  if (v === 'refs') return 'refs'
  throw badRequest(`Invalid snapshots mode: ${v} (expected all or refs)`)
}

/** The metadata with only the snapshots some branch or tag points at. */
export function refsOnly(md: JsonObject): JsonObject {
  const refs = isObject(md.refs) ? md.refs : {}
  const referenced = new Set(Object.values(refs).flatMap((r) => (isObject(r) ? [r['snapshot-id']] : [])))
  const snapshots = Array.isArray(md.snapshots) ? md.snapshots : []
  return { ...md, snapshots: snapshots.filter((s) => isObject(s) && referenced.has(s['snapshot-id'])) }
}

export function etagBasis(
  location: string,
  ns: Namespace,
  table: string,
  mode: SnapshotsMode,
  delegation: Delegation,
): EtagBasis {
  return {
    metadataLocation: location,
    variant: `snapshots=${mode};delegation=${delegationTag(delegation)}`,
    identity: JSON.stringify([...ns, table]),
  }
}

/** 200 LoadTableResult for a stored table (location known), with its ETag basis. */
export function loadTableResult(
  ctx: HandlerContext,
  ns: Namespace,
  table: string,
  location: string,
  md: JsonObject,
  delegation: Delegation,
  mode: SnapshotsMode = 'all',
): OperationResult {
  const metadata = mode === 'refs' ? refsOnly(md) : md
  return {
    status: 200,
    body: { 'metadata-location': location, metadata, ...delegatedParts(ctx, delegation, md, ns, table) },
    etag: etagBasis(location, ns, table, mode, delegation),
  }
}
