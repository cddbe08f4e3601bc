/**
 * Setup helpers of the scenario suites (tables, namespaces, delegation, metrics, scan planning): request
 * bodies from fixtures/tables/, and creation of tables and views as setup steps (a failure there is an
 * "error" outcome, never the server's failure of the rule under test).
 */
import type { StructField, TableMetadata as WireTableMetadata } from '../../../schemas/generated/types.ts'
import type { Checker } from '../checker.ts'
import type { CatalogClient } from '../client.ts'
import type { RunContext } from '../run-context.ts'
import { fixture as anyFixture } from './fixtures.ts'

/** Parsed fixtures/tables/<file> (a fresh copy on every call, so callers may change it). */
export function fixture<T = Record<string, unknown>>(file: string): T {
  return anyFixture<T>(`tables/${file}`)
}

/** The subset of LoadTableResult the suites read. */
export interface LoadTableResult {
  'metadata-location'?: string | null
  metadata: TableMetadata
  config?: Record<string, string>
  'storage-credentials'?: { prefix: string; config: Record<string, string> }[]
}

/** A field of a schema as a server returns it. */
export type SchemaField = StructField

/**
 * Table metadata as a server under test returns it: the type generated from our JSON Schema (schemas/json), where
 * every field the spec lets a server leave out is optional, so helpers must not assume them.
 */
export type TableMetadata = WireTableMetadata

/** The current schema of table metadata. */
export function currentSchema(md: TableMetadata): { fields: SchemaField[] } | undefined {
  return md.schemas?.find((s) => s['schema-id'] === md['current-schema-id']) ?? md.schemas?.[0]
}

/** A CreateTableRequest from a fixture with the given name. */
export function tableRequest(name: string, file = 'create-basic.json'): Record<string, unknown> {
  return { ...fixture(file), name }
}

/** Creates a table as a setup step and returns its LoadTableResult. */
export async function createTable(
  catalog: CatalogClient,
  check: Checker,
  namespace: readonly string[],
  name: string,
  file = 'create-basic.json',
  headers?: Record<string, string>,
): Promise<LoadTableResult> {
  const ex = await catalog.op.createTable({
    namespace,
    body: tableRequest(name, file),
    ...(headers ? { headers } : {}),
  })
  return check.setup<LoadTableResult>(ex, `create table ${name}`)
}

/**
 * A table's metadata that no live table uses any more: the table is created, then dropped without purge, so its
 * metadata file stays. The source to register from: a catalog that owns its tables' locations may rightly refuse to
 * register a live table's metadata under a second name, and the spec does not ask it to.
 */
export async function droppedTable(
  catalog: CatalogClient,
  check: Checker,
  namespace: readonly string[],
  name: string,
): Promise<LoadTableResult> {
  const created = await createTable(catalog, check, namespace, name)
  check.setup(await catalog.op.dropTable({ namespace, table: name }), `drop table ${name} without purge`, 204)
  return created
}

/** A CreateViewRequest (fixtures/tables/create-view.json) for a view in `namespace`. */
export function viewRequest(name: string, namespace: readonly string[]): Record<string, unknown> {
  const body = fixture<Record<string, unknown> & { 'view-version': Record<string, unknown> }>(
    'create-view.json',
  )
  return { ...body, name, 'view-version': { ...body['view-version'], 'default-namespace': [...namespace] } }
}

/** Creates a view as a setup step. */
export async function createView(
  catalog: CatalogClient,
  check: Checker,
  namespace: readonly string[],
  name: string,
): Promise<{ metadata: Record<string, unknown>; 'metadata-location'?: string }> {
  const ex = await catalog.op.createView({ namespace, body: viewRequest(name, namespace) })
  return check.setup(ex, `create view ${name}`)
}

/** True when `a` holds every entry of `b`. */
export function includesAll(
  a: Readonly<Record<string, string>> | undefined,
  b: Readonly<Record<string, string>>,
) {
  return Object.entries(b).every(([k, v]) => a?.[k] === v)
}

/** Identifiers of a ListTablesResponse as `name` strings (namespaces are checked by the caller). */
export function identifierNames(body: { identifiers?: { namespace: string[]; name: string }[] }): string[] {
  return (body.identifiers ?? []).map((i) => i.name).sort()
}

/** Where the run's namespaces are listed: under --namespace-parent, or at the top level (undefined). */
export function runParentOf(run: RunContext): readonly string[] | undefined {
  return run.namespaceParent.length > 0 ? run.namespaceParent : undefined
}

/**
 * Every namespace under `parent` (top level when absent), following next-page-token (bounded). Each page
 * runs through the check registry as part of the rule under test.
 */
export async function listAllNamespaces(
  catalog: CatalogClient,
  check: Checker,
  parent?: readonly string[],
): Promise<string[][]> {
  const out: string[][] = []
  let token: string | undefined
  const query: Record<string, string> = {}
  if (parent) query.parent = parent.join(decodeSeparator(catalog.caps.namespaceSeparator))
  for (let page = 0; page < 1000; page++) {
    const ex = await catalog.op.listNamespaces({
      query: { ...query, ...(token ? { pageToken: token } : {}) },
    })
    const body = check.conform<{ namespaces?: string[][]; 'next-page-token'?: string | null }>(ex, {
      status: 200,
    })
    out.push(...(body.namespaces ?? []))
    const next = body['next-page-token']
    if (typeof next !== 'string' || next === '' || next === token) break
    token = next
  }
  return out
}

/**
 * Every identifier listTables or listViews gives for `namespace`, following next-page-token (bounded). Each page
 * runs through the check registry as part of the rule under test.
 */
export async function listAllIdentifiers(
  catalog: CatalogClient,
  check: Checker,
  op: 'listTables' | 'listViews',
  namespace: readonly string[],
): Promise<{ namespace: string[]; name: string }[]> {
  const out: { namespace: string[]; name: string }[] = []
  let token: string | undefined
  for (let page = 0; page < 1000; page++) {
    const ex = await catalog.op[op]({ namespace, ...(token ? { query: { pageToken: token } } : {}) })
    const body = check.conform<{
      identifiers?: { namespace: string[]; name: string }[]
      'next-page-token'?: string | null
    }>(ex, { status: 200 })
    out.push(...(body.identifiers ?? []))
    const next = body['next-page-token']
    if (typeof next !== 'string' || next === '' || next === token) break
    token = next
  }
  return out
}

/** The advertised separator is URL-encoded (`%1F`, `%2E`); the raw character joins the parts of `parent`. */
export function decodeSeparator(sep: string): string {
  try {
    return decodeURIComponent(sep)
  } catch {
    return sep
  }
}
