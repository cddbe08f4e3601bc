/**
 * Helpers shared by the property, model, concurrency and robustness suites: a fresh run namespace per
 * property run (so shrink attempts never see each other's objects), with its quiet removal, and a minimal table
 * schema.
 */
import type { CatalogClient } from '../client.ts'
import type { Sandbox } from '../sandbox/sandbox.ts'
import { expectSetup } from '../setup-failure.ts'

/** A small valid schema: the ids are reassigned by the server anyway. */
export const TINY_SCHEMA = {
  type: 'struct',
  'schema-id': 0,
  fields: [
    { id: 1, name: 'id', type: 'long', required: true },
    { id: 2, name: 'data', type: 'string', required: false },
  ],
} as const

/** Creates a fresh top-level run namespace (setup step) and returns it with a function that removes it. */
export async function freshNamespace(
  sandbox: Sandbox,
  client: CatalogClient,
  label: string,
): Promise<{ ns: string[]; drop: () => Promise<void> }> {
  const ns = sandbox.names.namespace(label)
  const ex = await client.op.createNamespace({ body: { namespace: ns } })
  expectSetup(ex, `create namespace ${ns.join('.')}`)
  return { ns, drop: () => sandbox.dropQuietly(ns) }
}

/** Creates a table with TINY_SCHEMA (setup step). */
export async function createTinyTable(
  client: CatalogClient,
  ns: readonly string[],
  name: string,
): Promise<void> {
  const ex = await client.op.createTable({ namespace: ns, body: { name, schema: TINY_SCHEMA } })
  expectSetup(ex, `create table ${name}`)
}
