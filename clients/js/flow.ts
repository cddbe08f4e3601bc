/**
 * An iceberg-js user's flow against an Iceberg REST catalog, one line per step.
 *
 * Usage: tsx clients/js/flow.ts URL [--token T] [--warehouse W]
 *
 * URL is the catalog's base URL (without /v1). iceberg-js follows the server's advertised `prefix` only when
 * a warehouse is named, so pass the server's warehouse (the bundled reference server: `reference`). Every
 * step checks what a user would check; the first failure prints its reason and exits 1. The last line is
 * "N steps passed". Exit 2 for bad arguments.
 */
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { IcebergError, IcebergRestCatalog, type TableIdentifier } from 'iceberg-js'

class StepFailed extends Error {}

function check(cond: boolean, what: string): void {
  if (!cond) throw new StepFailed(what)
}

const SCHEMA = {
  type: 'struct' as const,
  fields: [
    { id: 1, name: 'id', type: 'long', required: true },
    { id: 2, name: 'category', type: 'string', required: false },
    { id: 3, name: 'day', type: 'date', required: false },
  ],
}

function steps(catalog: IcebergRestCatalog): Array<[string, () => Promise<string>]> {
  const ns = { namespace: [`jsflow_${randomUUID().slice(0, 8)}`] }
  const table: TableIdentifier = { ...ns, name: 'events' }
  let tableUuid = ''
  return [
    [
      'create namespace',
      async () => {
        await catalog.createNamespace(ns, { properties: { owner: 'iceberg-js-flow' } })
        check(await catalog.namespaceExists(ns), 'namespaceExists after create')
        const props = (await catalog.loadNamespaceMetadata(ns)).properties
        check(
          props.owner === 'iceberg-js-flow',
          `namespace properties round-trip, got ${JSON.stringify(props)}`,
        )
        return ns.namespace.join('.')
      },
    ],
    [
      'update namespace properties',
      async () => {
        const r = await catalog.updateNamespaceProperties(ns, {
          updates: { tier: 'gold' },
          removals: ['owner'],
        })
        check(
          r.updated.includes('tier') && r.removed.includes('owner'),
          `updated/removed, got ${JSON.stringify(r)}`,
        )
        const props = (await catalog.loadNamespaceMetadata(ns)).properties
        check(props.tier === 'gold' && props.owner === undefined, `properties now ${JSON.stringify(props)}`)
        return 'tier=gold, owner removed'
      },
    ],
    [
      'create table',
      async () => {
        const created = await catalog.createTable(ns, {
          name: table.name,
          schema: SCHEMA,
          'partition-spec': {
            'spec-id': 0,
            fields: [{ 'source-id': 3, 'field-id': 1000, name: 'day', transform: 'day' }],
          },
          properties: { 'created-by': 'iceberg-js' },
        })
        tableUuid = created['table-uuid']
        check(typeof tableUuid === 'string' && tableUuid.length > 0, 'the new table has a uuid')
        return tableUuid
      },
    ],
    [
      'load table',
      async () => {
        const loaded = await catalog.loadTable(table)
        check(loaded['table-uuid'] === tableUuid, 'the loaded table is the created one')
        check(loaded.properties?.['created-by'] === 'iceberg-js', 'the create properties are kept')
        const fields =
          loaded.schemas?.find((s) => s['schema-id'] === loaded['current-schema-id'])?.fields ?? []
        check(
          fields.map((f) => f.name).join() === 'id,category,day',
          `the schema, got ${JSON.stringify(fields)}`,
        )
        const spec = loaded['partition-specs']?.find((s) => s['spec-id'] === loaded['default-spec-id'])
        check(spec?.fields.length === 1 && spec.fields[0]?.transform === 'day', 'partitioned by day(day)')
        return `format version ${loaded['format-version']}`
      },
    ],
    [
      'update table properties',
      async () => {
        const r = await catalog.updateTable(table, {
          requirements: [{ type: 'assert-table-uuid', uuid: tableUuid }],
          updates: [
            { action: 'set-properties', updates: { 'commit.retry.num-retries': '2', owner: 'flow' } },
            { action: 'remove-properties', removals: ['created-by'] },
          ],
        })
        check(r.metadata.properties?.owner === 'flow', 'the commit response has the new property')
        const props = (await catalog.loadTable(table)).properties ?? {}
        check(
          props.owner === 'flow' && props['created-by'] === undefined,
          `properties now ${JSON.stringify(props)}`,
        )
        const stale = await catalog
          .updateTable(table, {
            requirements: [{ type: 'assert-table-uuid', uuid: randomUUID() }],
            updates: [{ action: 'set-properties', updates: { never: 'applied' } }],
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          )
        check(
          stale instanceof IcebergError && stale.status === 409,
          `a stale requirement is a 409, got ${String(stale)}`,
        )
        return 'committed; a stale uuid requirement is refused (409)'
      },
    ],
    [
      'list tables and namespaces',
      async () => {
        const tables = (await catalog.listTables(ns)).identifiers
        check(
          tables.length === 1 && tables[0]?.name === table.name,
          `listTables, got ${JSON.stringify(tables)}`,
        )
        const namespaces = (await catalog.listNamespaces()).namespaces
        check(
          namespaces.some((n) => n.namespace.join('.') === ns.namespace.join('.')),
          'listNamespaces includes the new namespace',
        )
        return `${tables.length} table, ${namespaces.length} namespaces`
      },
    ],
    [
      'drop table',
      async () => {
        await catalog.dropTable(table, { purge: true })
        check(!(await catalog.tableExists(table)), 'tableExists after drop')
        const gone = await catalog.loadTable(table).then(
          () => undefined,
          (e: unknown) => e,
        )
        check(
          gone instanceof IcebergError && gone.status === 404,
          `loadTable after drop is a 404, got ${String(gone)}`,
        )
        return table.name
      },
    ],
    [
      'drop namespace',
      async () => {
        await catalog.dropNamespace(ns)
        check(!(await catalog.namespaceExists(ns)), 'namespaceExists after drop')
        return ns.namespace.join('.')
      },
    ],
  ]
}

async function main(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { token: { type: 'string' }, warehouse: { type: 'string' } },
    })
  } catch (e) {
    console.error(`flow.ts: ${(e as Error).message}`)
    return 2
  }
  const url = parsed.positionals[0]
  if (parsed.positionals.length !== 1 || !url || !/^https?:\/\//.test(url)) {
    console.error(
      'usage: tsx clients/js/flow.ts URL [--token T] [--warehouse W]  (URL: the catalog base URL)',
    )
    return 2
  }
  const { token, warehouse } = parsed.values
  const catalog = new IcebergRestCatalog({
    baseUrl: url.replace(/\/+$/, ''),
    ...(warehouse ? { warehouse } : {}),
    ...(token ? { auth: { type: 'bearer' as const, token } } : {}),
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(15_000) }),
  })
  const all = steps(catalog)
  for (const [i, [name, run]] of all.entries()) {
    const started = performance.now()
    try {
      const detail = await run()
      console.log(
        `step ${i + 1}/${all.length} ${name}: ok (${detail}; ${Math.round(performance.now() - started)} ms)`,
      )
    } catch (e) {
      const why = e instanceof IcebergError ? `${e.status} ${e.icebergType ?? ''}: ${e.message}` : String(e)
      console.log(
        `step ${i + 1}/${all.length} ${name}: FAILED after ${Math.round(performance.now() - started)} ms: ${why}`,
      )
      return 1
    }
  }
  console.log(`${all.length} steps passed`)
  return 0
}

process.exitCode = await main(process.argv.slice(2))
