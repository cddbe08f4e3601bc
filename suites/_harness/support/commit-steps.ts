/**
 * Table steps of the commit-oriented suites (commits, transactions, etag, idempotency): create a table as a
 * setup step and get its metadata back, load it, send a commit, add a snapshot. Setup steps that fail make
 * the test "error", never "fail": the rule under test was not reached.
 */
import { isInt64 } from '../../../schemas/model/json-int64.ts'
import type { SnapshotId, TableMetadata } from '../../../schemas/model/types.ts'
import type { Checker } from '../checker.ts'
import type { CatalogClient } from '../client.ts'
import type { Exchange } from '../http/exchange.ts'
import { fixture } from './fixtures.ts'
import { cannotOffer, endIfRefused } from './refusal.ts'
import { freshSnapshotId, snapshotBody } from './snapshot-body.ts'

/** Table metadata as another server may send it: any field may be missing. */
export type TableMd = Partial<TableMetadata>

export interface TableState {
  readonly metadataLocation: string
  readonly metadata: TableMd
}

export interface TableRef {
  readonly namespace: readonly string[]
  readonly table: string
}

/** The CreateTableRequest of fixtures/commits/create-table.json with `name` and any overrides. */
export function createTableBody(
  name: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...fixture('commits/create-table.json'), name, ...overrides }
}

/** The create body for a table of format version `v` (through the `format-version` property). */
export function createTableBodyV(name: string, v: number): Record<string, unknown> {
  const body = createTableBody(name)
  return {
    ...body,
    properties: { ...(body.properties as Record<string, string>), 'format-version': String(v) },
  }
}

/** Creates a table (setup step) and returns its location and metadata. */
export async function setupTable(
  catalog: CatalogClient,
  check: Checker,
  namespace: readonly string[],
  name: string,
  body: Record<string, unknown> = createTableBody(name),
): Promise<TableState> {
  const ex = await catalog.op.createTable({ namespace, body: { ...body, name } })
  return stateOf(check.setup(ex, 'create table'))
}

/**
 * Creates a table of format version `v` (setup step) for a rule that needs that version. No sentence obliges a server
 * to create every version ("Implementations should ideally support all Iceberg table spec versions."): a clean refusal
 * (refusal.ts), or a success whose metadata has another format-version, ends the test as unsupported with the
 * server's answer. Anything else is a setup step as usual.
 */
export async function setupTableOfVersion(
  ctx: {
    readonly catalog: CatalogClient
    readonly check: Checker
    readonly unsupported: (reason: string) => never
  },
  namespace: readonly string[],
  name: string,
  v: number,
): Promise<TableState> {
  const what = `format-version ${v} tables`
  const ex = await ctx.catalog.op.createTable({ namespace, body: createTableBodyV(name, v) })
  await endIfRefused(ctx, ex, what)
  const cannot = cannotOffer(ctx.check, ex, `a create of ${what}`)
  if (cannot) ctx.unsupported(`the server cannot create ${what} (createTable answered ${cannot})`)
  const state = stateOf(ctx.check.setup(ex, `create a format-version ${v} table`))
  const got = state.metadata['format-version']
  if (got !== v)
    ctx.unsupported(`the server does not create ${what}: asked for ${v}, it created ${String(got)}`)
  return state
}

/**
 * The table an update case starts from (setup steps): of the case's format version (setupTableOfVersion) or a plain
 * one, with a snapshot on main first when the case needs one; `snapshotId` is that snapshot's id, else 0.
 */
export async function setupCaseTable(
  ctx: Parameters<typeof setupTableOfVersion>[0],
  ref: TableRef,
  c: { readonly formatVersion?: number; readonly snapshot?: boolean },
): Promise<{ state: TableState; snapshotId: number }> {
  const { catalog, check } = ctx
  const state = c.formatVersion
    ? await setupTableOfVersion(ctx, ref.namespace, ref.table, c.formatVersion)
    : await setupTable(catalog, check, ref.namespace, ref.table, createTableBody(ref.table))
  return c.snapshot ? setupSnapshot(catalog, check, ref, state) : { state, snapshotId: 0 }
}

/** Loads a table as a setup step. */
export async function setupLoad(catalog: CatalogClient, check: Checker, ref: TableRef): Promise<TableState> {
  const ex = await catalog.op.loadTable({ namespace: ref.namespace, table: ref.table })
  return stateOf(check.setup(ex, 'load table'))
}

/** `{metadata-location, metadata}` of a LoadTableResult or CommitTableResponse body. */
export function stateOf(body: unknown): TableState {
  const b = (body ?? {}) as { 'metadata-location'?: unknown; metadata?: unknown }
  return {
    metadataLocation: typeof b['metadata-location'] === 'string' ? b['metadata-location'] : '',
    metadata: (b.metadata ?? {}) as TableMd,
  }
}

/** Sends a CommitTableRequest. */
export function commit(
  catalog: CatalogClient,
  ref: TableRef,
  requirements: readonly unknown[],
  updates: readonly unknown[],
  headers?: Record<string, string>,
): Promise<Exchange> {
  return catalog.op.updateTable({
    namespace: ref.namespace,
    table: ref.table,
    body: { requirements, updates },
    ...(headers ? { headers } : {}),
  })
}

/**
 * A snapshot for add-snapshot: a fresh id (or `snapshotId`), a timestamp a second ago (servers compare it
 * with their clock, the commit rules), the next sequence number, v3 row lineage.
 */
export function newSnapshot(
  md: TableMd,
  parent?: SnapshotId,
  snapshotId?: SnapshotId,
): Record<string, unknown> {
  const id = snapshotId ?? freshSnapshotId()
  return snapshotBody(md, { id, parent, addedRows: 10 })
}

/**
 * The id an add-schema names for its new schema: one above the highest the table has. Iceberg's Java client sends
 * `schema-id` (the schema marks it readOnly, and a server may reassign it); tests whose rule is not about add-schema
 * send it as that client does, so that a server needing it fails commits/updates/add-schema alone.
 */
export const nextSchemaId = (md: TableMd): number =>
  Math.max(-1, ...(md.schemas ?? []).map((s) => s['schema-id'] ?? -1)) + 1

/** The current snapshot id, exact (a bigint beyond 2^53), or undefined when there is none (null and -1 mean none). */
export function currentSnapshot(md: TableMd): SnapshotId | undefined {
  const id = md['current-snapshot-id']
  return isInt64(id) && id >= 0 ? id : undefined
}

/** Commits a new snapshot and moves `main` to it (setup step); returns the new state and the snapshot id. */
export async function setupSnapshot(
  catalog: CatalogClient,
  check: Checker,
  ref: TableRef,
  state: TableState,
): Promise<{ state: TableState; snapshotId: number }> {
  const snap = newSnapshot(state.metadata, currentSnapshot(state.metadata))
  // A fresh id below 2^53 (freshSnapshotId): a number.
  const id = snap['snapshot-id'] as number
  const ex = await commit(
    catalog,
    ref,
    [],
    [
      { action: 'add-snapshot', snapshot: snap },
      { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': id },
    ],
  )
  return { state: stateOf(check.setup(ex, 'add a snapshot to main')), snapshotId: id }
}
