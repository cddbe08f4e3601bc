/**
 * Executing generated mutating operations (arbitraries/mutating-operation.ts) for the idempotent-replay
 * property: the request of each operation in a two-namespace universe, the part of a
 * response that an equivalent replay must repeat, and an observation of the catalog state that a replay
 * must leave unchanged.
 */
import type { MutatingOperation } from '../arbitraries/mutating-operation.ts'
import type { CatalogClient } from '../client.ts'
import type { Exchange } from '../http/exchange.ts'
import { createTableBody } from './commit-steps.ts'
import { uuid7 } from './uuid.ts'

/** Two run namespaces; the tables live in the first. */
export interface Universe {
  readonly namespaces: readonly [readonly string[], readonly string[]]
  readonly tables: readonly string[]
}

/** A uuid no table has: assert-table-uuid with it fails the same way every time. */
const NO_TABLE_UUID = '00000000-0000-4000-8000-000000000000'

/** Sends `op` with `headers` (the Idempotency-Key). */
export function send(
  catalog: CatalogClient,
  u: Universe,
  op: MutatingOperation,
  headers: Record<string, string>,
): Promise<Exchange> {
  const home = u.namespaces[0]
  switch (op.op) {
    case 'createNamespace':
      return catalog.op.createNamespace({
        body: { namespace: [...u.namespaces[op.ns]!], properties: op.properties },
        headers,
      })
    case 'dropNamespace':
      return catalog.op.dropNamespace({ namespace: u.namespaces[op.ns]!, headers })
    case 'updateProperties':
      return catalog.op.updateProperties({
        namespace: u.namespaces[op.ns]!,
        body: {
          updates: op.updates,
          removals: op.removals.filter((k) => !Object.hasOwn(op.updates, k)),
        },
        headers,
      })
    case 'createTable':
      return catalog.op.createTable({ namespace: home, body: createTableBody(u.tables[op.table]!), headers })
    case 'dropTable':
      return catalog.op.dropTable({ namespace: home, table: u.tables[op.table]!, headers })
    case 'updateTable':
      return catalog.op.updateTable({
        namespace: home,
        table: u.tables[op.table]!,
        body: {
          requirements: op.stale ? [{ type: 'assert-table-uuid', uuid: NO_TABLE_UUID }] : [],
          updates: [
            {
              action: 'set-properties',
              updates: Object.keys(op.updates).length > 0 ? op.updates : { 'k.commit': '1' },
            },
          ],
        },
        headers,
      })
    case 'renameTable':
      return catalog.op.renameTable({
        body: {
          source: { namespace: [...home], name: u.tables[op.table]! },
          destination: { namespace: [...home], name: u.tables[op.to]! },
        },
        headers,
      })
  }
}

const sorted = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map(String).sort() : undefined)

/**
 * What an equivalent replay of a 2xx answer repeats when nothing changed in between: the namespace and its
 * properties, the updated/removed/missing keys, the table's metadata-location and uuid (a new location
 * would be a second commit). Undefined for answers without a body that says anything.
 */
export function digest(op: MutatingOperation, ex: Exchange): unknown {
  if (ex.status < 200 || ex.status >= 300) return undefined
  const b = (ex.json ?? {}) as Record<string, unknown>
  const md = (b.metadata ?? {}) as Record<string, unknown>
  switch (op.op) {
    case 'createNamespace':
      return { namespace: b.namespace, properties: b.properties ?? {} }
    case 'updateProperties':
      return { updated: sorted(b.updated), removed: sorted(b.removed), missing: sorted(b.missing) ?? [] }
    case 'createTable':
    case 'updateTable':
      return { 'metadata-location': b['metadata-location'], 'table-uuid': md['table-uuid'] }
    default:
      return undefined
  }
}

/** The catalog state a replay must not change: both namespaces, the tables of the first and their files. */
export async function observe(catalog: CatalogClient, u: Universe): Promise<unknown> {
  // Reads of a state nothing changes meanwhile: sent together (at a network distance each costs a round trip).
  const [namespaces, list] = await Promise.all([
    Promise.all(u.namespaces.map((ns) => catalog.op.loadNamespaceMetadata({ namespace: ns }))),
    catalog.op.listTables({ namespace: u.namespaces[0] }),
  ])
  const out: Record<string, unknown> = {}
  for (const [i, ex] of namespaces.entries())
    out[`namespace ${i}`] = {
      status: ex.status,
      properties: (ex.json as { properties?: unknown })?.properties,
    }
  const names = ((list.json as { identifiers?: { name: string }[] })?.identifiers ?? [])
    .map((t) => t.name)
    .sort()
  out.tables = { status: list.status, names }
  const tables = await Promise.all(
    names.map((name) => catalog.op.loadTable({ namespace: u.namespaces[0], table: name })),
  )
  for (const [i, ex] of tables.entries())
    out[`table ${names[i]}`] = {
      status: ex.status,
      location: (ex.json as Record<string, unknown>)?.['metadata-location'],
    }
  return out
}

/** The rule of suites/idempotency that judges each kind's plain replay (one success, sent again with its key). */
export const PLAIN_REPLAY_RULE: Readonly<Record<MutatingOperation['op'], string>> = {
  createNamespace: 'idempotency/createNamespace/replay',
  dropNamespace: 'idempotency/dropNamespace/replay',
  updateProperties: 'idempotency/updateProperties/replay',
  createTable: 'idempotency/table-ops/replay',
  dropTable: 'idempotency/table-ops/replay',
  updateTable: 'idempotency/table-ops/replay',
  renameTable: 'idempotency/renameTable/replay',
}

/** One plain success of each kind, in an order where each finds what it needs (namespace 0 holding t0 at the start). */
const PLAIN_SUCCESSES: readonly MutatingOperation[] = [
  { op: 'createNamespace', ns: 1, properties: {} },
  { op: 'updateProperties', ns: 1, updates: { 'k.a': '1' }, removals: [] },
  { op: 'dropNamespace', ns: 1 },
  { op: 'updateTable', table: 0, updates: { 'k.a': '1' }, stale: false },
  { op: 'renameTable', table: 0, to: 1 },
  { op: 'dropTable', table: 1 },
  { op: 'createTable', table: 0 },
]

/**
 * The kinds whose plain success, replayed with its key, the server ran again: it ignores the key there, which
 * PLAIN_REPLAY_RULE's rule judges with the same steps (so that rule fails too). Run again shows at once in another
 * status class or another body (a commit's new metadata file); a property update run again is idempotent by nature,
 * so, as idempotency/updateProperties/replay does, a keyless update comes between and the replay must not undo it.
 * In `u`, whose first namespace exists and holds table 0; a kind whose plain request did not succeed is not asked.
 */
export async function unkeyedKinds(
  catalog: CatalogClient,
  u: Universe,
): Promise<Set<MutatingOperation['op']>> {
  const unkeyed = new Set<MutatingOperation['op']>()
  for (const op of PLAIN_SUCCESSES) {
    const headers = { 'idempotency-key': uuid7() }
    const first = await send(catalog, u, op, headers)
    if (first.status < 200 || first.status >= 300) continue
    const between = op.op === 'updateProperties' ? { ...op, updates: { 'k.a': '2' } } : undefined
    if (between) await send(catalog, u, between, {})
    const again = await send(catalog, u, op, headers)
    const ranAgain =
      Math.floor(again.status / 100) !== Math.floor(first.status / 100) ||
      (between
        ? (await propertiesOf(catalog, u.namespaces[1]))?.['k.a'] !== '2'
        : JSON.stringify(digest(op, again)) !== JSON.stringify(digest(op, first)))
    if (ranAgain) unkeyed.add(op.op)
  }
  return unkeyed
}

async function propertiesOf(catalog: CatalogClient, namespace: readonly string[]) {
  const ex = await catalog.op.loadNamespaceMetadata({ namespace })
  return (ex.json as { properties?: Record<string, string> | null } | undefined)?.properties ?? undefined
}
