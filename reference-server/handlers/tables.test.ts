import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  MANIFEST_LIST_SCHEMA,
  MANIFEST_SCHEMA,
  avroFile,
  entry,
  manifestFile,
} from '../planning/avro-fixtures.ts'
import { SIMPLE_SCHEMA, testClient, type Call } from '../testing.ts'

const NS = '/v1/ref/namespaces'
const T = `${NS}/db/tables`

async function withDb(): Promise<Call> {
  const call = testClient()
  expect((await call('POST', NS, { body: { namespace: ['db'] } })).status).toBe(200)
  return call
}

describe('tables', () => {
  it('creates, lists, loads, checks and drops a table', async () => {
    const call = await withDb()
    const created = await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    expect(created.status).toBe(200)
    expect(created.json['metadata-location']).toMatch(
      /\/db\/t\/metadata\/00000-[0-9a-f-]{36}\.metadata\.json$/,
    )
    expect(created.json.metadata['format-version']).toBe(2)
    expect(created.headers.etag).toMatch(/^"[^"]+"$/)
    expect((await call('GET', T)).json).toEqual({
      identifiers: [{ namespace: ['db'], name: 't' }],
      'next-page-token': null,
    })
    const loaded = await call('GET', `${T}/t`)
    expect(loaded.status).toBe(200)
    expect(loaded.json.metadata).toEqual(created.json.metadata)
    expect(loaded.headers.etag).toBe(created.headers.etag)
    expect((await call('HEAD', `${T}/t`)).status).toBe(204)
    expect((await call('DELETE', `${T}/t`)).status).toBe(204)
    const gone = await call('GET', `${T}/t`)
    expect(gone.status).toBe(404)
    expect(gone.json.error.type).toBe('NoSuchTableException')
    expect((await call('HEAD', `${T}/t`)).status).toBe(404)
    expect((await call('DELETE', `${T}/t`)).status).toBe(404)
  })

  it('tells a missing namespace from a missing table by error type', async () => {
    const call = await withDb()
    // The document lists only NoSuchTableException for a table's 404: a table in a missing namespace does
    // not exist (Iceberg's Java CatalogTests expect exactly that from loadTable).
    expect((await call('GET', `${NS}/nope/tables/t`)).json.error.type).toBe('NoSuchTableException')
    expect((await call('HEAD', `${NS}/nope/tables/t`)).status).toBe(404)
    expect((await call('DELETE', `${NS}/nope/tables/t`)).json.error.type).toBe('NoSuchTableException')
    expect((await call('GET', `${NS}/nope/tables`)).json.error.type).toBe('NoSuchNamespaceException')
    expect(
      (await call('POST', `${NS}/nope/tables`, { body: { name: 't', schema: SIMPLE_SCHEMA } })).status,
    ).toBe(404)
    expect((await call('GET', `${T}/nope`)).json.error.type).toBe('NoSuchTableException')
  })

  it('answers 409 for a taken name and 400 for a bad create request', async () => {
    const call = await withDb()
    await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    const dup = await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    expect(dup.status).toBe(409)
    expect(dup.json.error.type).toBe('AlreadyExistsException')
    expect((await call('POST', T, { body: { name: 'u' } })).status).toBe(400)
    expect((await call('POST', T, { body: { schema: SIMPLE_SCHEMA } })).status).toBe(400)
    expect((await call('POST', T, { raw: 'not json' })).status).toBe(400)
  })

  it('stage-create stores nothing and returns metadata without a location', async () => {
    const call = await withDb()
    const staged = await call('POST', T, { body: { name: 's', schema: SIMPLE_SCHEMA, 'stage-create': true } })
    expect(staged.status).toBe(200)
    expect(staged.json['metadata-location']).toBeUndefined()
    expect(staged.json.metadata['table-uuid']).toEqual(expect.any(String))
    expect((await call('HEAD', `${T}/s`)).status).toBe(404)
  })

  it('loads with snapshots=refs, a different ETag, and 400 for an unknown mode', async () => {
    const call = await withDb()
    await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    const all = await call('GET', `${T}/t?snapshots=all`)
    const refs = await call('GET', `${T}/t?snapshots=refs`)
    expect(refs.status).toBe(200)
    expect(refs.headers.etag).not.toBe(all.headers.etag)
    expect((await call('GET', `${T}/t?snapshots=some`)).status).toBe(400)
  })

  it('answers 304 to a matching If-None-Match (exact, list, weak, *) and 200 otherwise', async () => {
    const call = await withDb()
    const etag = (await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })).headers
      .etag as string
    for (const inm of [etag, `"x", ${etag}`, `W/${etag}`, '*']) {
      const r = await call('GET', `${T}/t`, { headers: { 'If-None-Match': inm } })
      expect(r.status, inm).toBe(304)
      expect(r.body).toBeUndefined()
    }
    expect((await call('GET', `${T}/t`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200)
    const refs = await call('GET', `${T}/t?snapshots=refs`, { headers: { 'If-None-Match': etag } })
    expect(refs.status).toBe(200)
  })

  it('purge removes the metadata files; a plain drop keeps them for register', async () => {
    const call = await withDb()
    const a = (await call('POST', T, { body: { name: 'a', schema: SIMPLE_SCHEMA } })).json[
      'metadata-location'
    ]
    const b = (await call('POST', T, { body: { name: 'b', schema: SIMPLE_SCHEMA } })).json[
      'metadata-location'
    ]
    expect((await call('DELETE', `${T}/a`)).status).toBe(204)
    expect((await call('DELETE', `${T}/b?purgeRequested=true`)).status).toBe(204)
    const ra = await call('POST', `${NS}/db/register`, { body: { name: 'a2', 'metadata-location': a } })
    expect(ra.status).toBe(200)
    expect(ra.json['metadata-location']).toBe(a)
    expect(ra.headers.etag).toEqual(expect.any(String))
    const rb = await call('POST', `${NS}/db/register`, { body: { name: 'b2', 'metadata-location': b } })
    expect(rb.status).toBe(404)
    expect((await call('DELETE', `${T}/a2?purgeRequested=maybe`)).status).toBe(400)
  })

  it('register refuses a taken name unless overwrite, and a view name always', async () => {
    const call = await withDb()
    const a = (await call('POST', T, { body: { name: 'a', schema: SIMPLE_SCHEMA } })).json[
      'metadata-location'
    ]
    await call('POST', T, { body: { name: 'b', schema: SIMPLE_SCHEMA } })
    expect(
      (await call('POST', `${NS}/db/register`, { body: { name: 'b', 'metadata-location': a } })).status,
    ).toBe(409)
    const over = await call('POST', `${NS}/db/register`, {
      body: { name: 'b', 'metadata-location': a, overwrite: true },
    })
    expect(over.status).toBe(200)
    expect((await call('GET', `${T}/b`)).json['metadata-location']).toBe(a)
    expect(
      (await call('POST', `${NS}/nope/register`, { body: { name: 'x', 'metadata-location': a } })).status,
    ).toBe(404)
  })

  it('unregister returns the last metadata and keeps the files', async () => {
    const call = await withDb()
    const created = await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    const r = await call('POST', `${T}/t/unregister`)
    expect(r.status).toBe(200)
    expect(r.json['metadata-location']).toBe(created.json['metadata-location'])
    expect((await call('HEAD', `${T}/t`)).status).toBe(404)
    const body = { name: 't', 'metadata-location': r.json['metadata-location'] }
    expect((await call('POST', `${NS}/db/register`, { body })).status).toBe(200)
  })

  it('renames within and across namespaces; 404 source, 404 namespace, 409 destination', async () => {
    const call = await withDb()
    await call('POST', NS, { body: { namespace: ['other'] } })
    await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    await call('POST', T, { body: { name: 'u', schema: SIMPLE_SCHEMA } })
    const id = (ns: string[], name: string): object => ({ namespace: ns, name })
    const rename = (s: object, d: object): ReturnType<Call> =>
      call('POST', '/v1/ref/tables/rename', { body: { source: s, destination: d } })
    expect((await rename(id(['db'], 't'), id(['db'], 't2'))).status).toBe(204)
    expect((await rename(id(['db'], 't2'), id(['other'], 't3'))).status).toBe(204)
    expect((await call('HEAD', `${NS}/other/tables/t3`)).status).toBe(204)
    expect((await call('HEAD', `${T}/t2`)).status).toBe(404)
    const missing = await rename(id(['db'], 'zz'), id(['db'], 'y'))
    expect([missing.status, missing.json.error.type]).toEqual([404, 'NoSuchTableException'])
    const noNs = await rename(id(['db'], 'u'), id(['nope'], 'y'))
    expect([noNs.status, noNs.json.error.type]).toEqual([404, 'NoSuchNamespaceException'])
    const taken = await rename(id(['db'], 'u'), id(['other'], 't3'))
    expect([taken.status, taken.json.error.type]).toEqual([409, 'AlreadyExistsException'])
    expect(taken.json.error.message).toBe('Cannot rename db.u to other.t3. Table already exists')
  })

  it('reports metrics (204) and answers credentials', async () => {
    const call = await withDb()
    await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    const report = {
      'report-type': 'commit-report',
      'table-name': 'db.t',
      'snapshot-id': 1,
      'sequence-number': 1,
      operation: 'append',
      metrics: {},
    }
    expect((await call('POST', `${T}/t/metrics`, { body: report })).status).toBe(204)
    expect((await call('POST', `${T}/nope/metrics`, { body: report })).status).toBe(404)
    const creds = await call('GET', `${T}/t/credentials`)
    expect(creds.status).toBe(200)
    expect(creds.json['storage-credentials'][0]).toMatchObject({
      prefix: expect.any(String),
      config: expect.any(Object),
    })
  })

  it('purge also removes what a client wrote under the warehouse: manifest list, manifests, data files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'purge-'))
    try {
      const call = testClient({ warehouseDir: dir })
      await call('POST', NS, { body: { namespace: ['db'] } })
      const created = await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
      const location: string = created.json.metadata.location
      const [list, manifest, data] = ['metadata/snap-5.avro', 'metadata/m0.avro', 'data/a.parquet'].map(
        (f) => `${location}/${f}`,
      ) as [string, string, string]
      const write = (loc: string, bytes: Buffer): void => {
        mkdirSync(dirname(fileURLToPath(loc)), { recursive: true })
        writeFileSync(fileURLToPath(loc), bytes)
      }
      write(list, await avroFile(MANIFEST_LIST_SCHEMA, [manifestFile(manifest)]))
      write(manifest, await avroFile(MANIFEST_SCHEMA, [entry({ path: data })]))
      write(data, Buffer.from('PAR1'))
      const outside = join(dir, 'not-this-table.parquet')
      writeFileSync(outside, 'PAR1')
      const snapshot = {
        'snapshot-id': 5,
        'sequence-number': 1,
        'timestamp-ms': 1_700_000_000_000,
        'manifest-list': list,
        summary: { operation: 'append' },
        'schema-id': 0,
      }
      const commit = await call('POST', `${T}/t`, {
        body: {
          requirements: [],
          updates: [
            { action: 'add-snapshot', snapshot },
            { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': 5 },
          ],
        },
      })
      expect(commit.status, commit.body).toBe(200)
      expect((await call('DELETE', `${T}/t`)).status).toBe(204)
      expect([list, manifest, data].every((f) => existsSync(fileURLToPath(f)))).toBe(true)
      await call('POST', `${NS}/db/register`, {
        body: { name: 't', 'metadata-location': commit.json['metadata-location'] },
      })
      expect((await call('DELETE', `${T}/t?purgeRequested=true`)).status).toBe(204)
      expect([list, manifest, data].filter((f) => existsSync(fileURLToPath(f)))).toEqual([])
      expect(existsSync(outside)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
