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
