/**
 * View steps of the views suites: the CreateViewRequest of fixtures/views/, creating and loading a view as
 * setup steps, and the view versions a replace sends (add-view-version then set-current-view-version).
 */
import type { ViewMetadata, ViewVersion } from '../../../schemas/model/types.ts'
import type { Checker } from '../checker.ts'
import type { CatalogClient } from '../client.ts'
import type { Exchange } from '../http/exchange.ts'
import { fixture } from './fixtures.ts'

/** View metadata as another server may send it: any field may be missing. */
export type ViewMd = Partial<ViewMetadata>

export interface ViewState {
  readonly metadataLocation: string
  readonly metadata: ViewMd
}

export interface ViewRef {
  readonly namespace: readonly string[]
  readonly view: string
}

/** The CreateViewRequest of fixtures/views/create-view.json for `name` in `namespace`. */
export function createViewBody(
  namespace: readonly string[],
  name: string,
  properties: Record<string, string> = {},
): Record<string, unknown> {
  const body = fixture('views/create-view.json')
  const version = body['view-version'] as Record<string, unknown>
  version['default-namespace'] = namespace
  version['timestamp-ms'] = Date.now()
  return { ...body, name, properties: { ...(body.properties as Record<string, string>), ...properties } }
}

export function viewStateOf(body: unknown): ViewState {
  const b = (body ?? {}) as { 'metadata-location'?: unknown; metadata?: unknown }
  return {
    metadataLocation: typeof b['metadata-location'] === 'string' ? b['metadata-location'] : '',
    metadata: (b.metadata ?? {}) as ViewMd,
  }
}

export async function setupView(
  catalog: CatalogClient,
  check: Checker,
  ref: ViewRef,
  properties: Record<string, string> = {},
): Promise<ViewState> {
  const ex = await catalog.op.createView({
    namespace: ref.namespace,
    body: createViewBody(ref.namespace, ref.view, properties),
  })
  return viewStateOf(check.setup(ex, 'create view'))
}

export async function setupLoadView(
  catalog: CatalogClient,
  check: Checker,
  ref: ViewRef,
): Promise<ViewState> {
  return viewStateOf(
    check.setup(await catalog.op.loadView({ namespace: ref.namespace, view: ref.view }), 'load view'),
  )
}

/** Sends a CommitViewRequest. */
export function commitView(
  catalog: CatalogClient,
  ref: ViewRef,
  requirements: readonly unknown[],
  updates: readonly unknown[],
  headers?: Record<string, string>,
): Promise<Exchange> {
  return catalog.op.replaceView({
    namespace: ref.namespace,
    view: ref.view,
    body: { requirements, updates },
    ...(headers ? { headers } : {}),
  })
}

/** The current version of a view. */
export function currentVersion(md: ViewMd): ViewVersion | undefined {
  return (md.versions ?? []).find((v) => v['version-id'] === md['current-version-id'])
}

/** A new view version with `dialects` (each a SQL text of its own), for `schemaId` (-1: the last added schema). */
export function newVersion(md: ViewMd, sql: string, dialects: readonly string[], schemaId = -1): ViewVersion {
  const highest = Math.max(0, ...(md.versions ?? []).map((v) => v['version-id']))
  return {
    'version-id': highest + 1,
    'timestamp-ms': Date.now(),
    'schema-id': schemaId,
    summary: { 'engine-name': 'conformance', 'engine-version': '1' },
    'default-namespace': currentVersion(md)?.['default-namespace'] ?? [],
    representations: dialects.map((dialect) => ({ type: 'sql', sql, dialect })),
  }
}

/** The updates of a replace: add-schema, add-view-version (schema -1), set-current-view-version -1. */
export function replaceUpdates(md: ViewMd, sql: string, dialects: readonly string[]): unknown[] {
  return [
    { action: 'add-schema', schema: fixture('views/schema-other.json') },
    { action: 'add-view-version', 'view-version': newVersion(md, sql, dialects) },
    { action: 'set-current-view-version', 'view-version-id': -1 },
  ]
}
