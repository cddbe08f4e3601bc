/**
 * End to end over a real socket with a client nobody on the team wrote: iceberg-js 1.x. Where the client
 * has no method for a step (rename), or to see the raw exchange (ETag and 304, a stale commit's error
 * body), the step uses plain fetch against the same server.
 */
import { IcebergError, IcebergRestCatalog } from 'iceberg-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../index.ts'

const TOKEN = 'e2e-token'
const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(10_000) })

let server: { url: string; close(): Promise<void> }
let catalog: IcebergRestCatalog

beforeAll(async () => {
  server = await start({ auth: { token: TOKEN } })
  catalog = new IcebergRestCatalog({
    baseUrl: server.url,
    catalogName: 'ref',
    auth: { type: 'bearer', token: TOKEN },
    fetch: timedFetch,
  })
})
afterAll(() => server.close())

async function raw(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return timedFetch(`${server.url}/v1/ref${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function rejection(p: Promise<unknown>): Promise<IcebergError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(IcebergError)
  return e as IcebergError
}

const schema = {
  type: 'struct' as const,
  fields: [
    { id: 1, name: 'id', type: 'long', required: true },
    { id: 2, name: 'day', type: 'date', required: false },
  ],
}

describe('iceberg-js against the reference server', () => {
  it('rejects a request without the token', async () => {
    const anon = new IcebergRestCatalog({ baseUrl: server.url, catalogName: 'ref', fetch: timedFetch })
    expect((await rejection(anon.listNamespaces())).status).toBe(401)
  })

  it('manages namespaces, nested ones and properties', async () => {
    await catalog.createNamespace({ namespace: ['e2e'] }, { properties: { owner: 'qa' } })
    await catalog.createNamespace({ namespace: ['e2e', 'child'] })
    expect((await catalog.listNamespaces()).namespaces).toContainEqual({ namespace: ['e2e'] })
    expect((await catalog.listNamespaces({ parent: { namespace: ['e2e'] } })).namespaces).toEqual([
      { namespace: ['e2e', 'child'] },
    ])
    expect(await catalog.namespaceExists({ namespace: ['e2e', 'child'] })).toBe(true)
    expect(await catalog.namespaceExists({ namespace: ['e2e', 'nope'] })).toBe(false)
    expect((await catalog.loadNamespaceMetadata({ namespace: ['e2e'] })).properties).toEqual({ owner: 'qa' })
    const up = await catalog.updateNamespaceProperties(
      { namespace: ['e2e'] },
      { updates: { tier: 'gold' }, removals: ['owner'] },
    )
    expect(up).toMatchObject({ updated: ['tier'], removed: ['owner'] })
    expect((await catalog.loadNamespaceMetadata({ namespace: ['e2e'] })).properties).toEqual({ tier: 'gold' })
    const missing = await rejection(catalog.loadNamespaceMetadata({ namespace: ['absent'] }))
    expect([missing.status, missing.icebergType]).toEqual([404, 'NoSuchNamespaceException'])
    const dup = await rejection(catalog.createNamespace({ namespace: ['e2e'] }))
    expect(dup.isConflict()).toBe(true)
  })

  it('creates, loads (with ETag 304), commits, conflicts, renames, drops and re-registers a table', async () => {
    const ns = { namespace: ['e2e', 'child'] }
    const created = await catalog.createTable(ns, { name: 'events', schema, properties: { a: '1' } })
    expect(created['table-uuid']).toEqual(expect.any(String))
    expect((await catalog.listTables(ns)).identifiers).toEqual([
      { namespace: ['e2e', 'child'], name: 'events' },
    ])
    expect(await catalog.tableExists({ ...ns, name: 'events' })).toBe(true)
    const loaded = await catalog.loadTable({ ...ns, name: 'events' })
    expect(loaded['table-uuid']).toBe(created['table-uuid'])
    expect(loaded.properties.a).toBe('1')

    const path = '/namespaces/e2e%1Fchild/tables/events'
    const first = await raw('GET', path)
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const cached = await raw('GET', path, undefined, { 'if-none-match': etag as string })
    expect(cached.status).toBe(304)
    expect(await cached.text()).toBe('')

    const viaClient = await catalog.loadTableResult(
      { ...ns, name: 'events' },
      { ifNoneMatch: etag as string },
    )
    expect(viaClient).toBeNull()

    const uuid = created['table-uuid']
    const commit = await catalog.updateTable(
      { ...ns, name: 'events' },
      {
        requirements: [{ type: 'assert-table-uuid', uuid }],
        updates: [{ action: 'set-properties', updates: { b: '2' } }],
      },
    )
    expect(commit.metadata.properties?.b).toBe('2')
    expect((await catalog.loadTable({ ...ns, name: 'events' })).properties?.b).toBe('2')
    expect((await raw('GET', path, undefined, { 'if-none-match': etag as string })).status).toBe(200)

    const stale = await raw('POST', path, {
      requirements: [{ type: 'assert-table-uuid', uuid: '00000000-0000-0000-0000-000000000000' }],
      updates: [{ action: 'set-properties', updates: { c: '3' } }],
    })
    expect(stale.status).toBe(409)
    expect(((await stale.json()) as { error: { type: string } }).error.type).toBe('CommitFailedException')

    const renamed = await raw('POST', '/tables/rename', {
      source: { namespace: ['e2e', 'child'], name: 'events' },
      destination: { namespace: ['e2e'], name: 'events2' },
    })
    expect(renamed.status).toBe(204)
    expect(await catalog.tableExists({ ...ns, name: 'events' })).toBe(false)
    const moved = await raw('GET', '/namespaces/e2e/tables/events2')
    const location = ((await moved.json()) as { 'metadata-location': string })['metadata-location']

    const notEmpty = await rejection(catalog.dropNamespace({ namespace: ['e2e'] }))
    expect([notEmpty.status, notEmpty.icebergType]).toEqual([409, 'NamespaceNotEmptyException'])

    await catalog.dropTable({ namespace: ['e2e'], name: 'events2' })
    const gone = await rejection(catalog.loadTable({ namespace: ['e2e'], name: 'events2' }))
    expect([gone.status, gone.icebergType]).toEqual([404, 'NoSuchTableException'])

    const reg = await catalog.registerTable(
      { namespace: ['e2e'] },
      { name: 'back', 'metadata-location': location },
    )
    expect(reg['table-uuid']).toBe(uuid)
    const back = await catalog.loadTable({ namespace: ['e2e'], name: 'back' })
    expect(back['table-uuid']).toBe(uuid)
    expect(back.properties?.b).toBe('2')

    await catalog.dropTable({ namespace: ['e2e'], name: 'back' }, { purge: true })
    await catalog.dropNamespace({ namespace: ['e2e', 'child'] })
    await catalog.dropNamespace({ namespace: ['e2e'] })
    expect(await catalog.namespaceExists({ namespace: ['e2e'] })).toBe(false)
  })
})
