import { describe, expect, it } from 'vitest'
import { SIMPLE_SCHEMA, testClient, viewRequest, type Call } from '../testing.ts'

const NS = '/v1/ref/namespaces'
const V = `${NS}/db/views`

async function withDb(): Promise<Call> {
  const call = testClient()
  await call('POST', NS, { body: { namespace: ['db'] } })
  return call
}

describe('views', () => {
  it('creates, lists, loads, checks and drops a view (no ETag)', async () => {
    const call = await withDb()
    const created = await call('POST', V, { body: viewRequest('v') })
    expect(created.status).toBe(200)
    expect(created.json['metadata-location']).toMatch(/\/db\/v\/metadata\/00000-.*\.metadata\.json$/)
    expect(created.json.metadata['format-version']).toBe(1)
    expect(created.headers.etag).toBeUndefined()
    expect((await call('GET', V)).json).toEqual({
      identifiers: [{ namespace: ['db'], name: 'v' }],
      'next-page-token': null,
    })
    expect((await call('GET', `${V}/v`)).json.metadata).toEqual(created.json.metadata)
    expect((await call('HEAD', `${V}/v`)).status).toBe(204)
    expect((await call('DELETE', `${V}/v`)).status).toBe(204)
    const gone = await call('GET', `${V}/v`)
    expect([gone.status, gone.json.error.type]).toEqual([404, 'NoSuchViewException'])
    expect((await call('DELETE', `${V}/v`)).status).toBe(404)
    expect((await call('GET', `${NS}/nope/views`)).json.error.type).toBe('NoSuchNamespaceException')
  })

  it('shares one name scope with tables (409 both ways) and never lists one as the other', async () => {
    const call = await withDb()
    await call('POST', V, { body: viewRequest('v') })
    await call('POST', `${NS}/db/tables`, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    expect(
      (await call('POST', `${NS}/db/tables`, { body: { name: 'v', schema: SIMPLE_SCHEMA } })).status,
    ).toBe(409)
    expect((await call('POST', V, { body: viewRequest('t') })).status).toBe(409)
    expect((await call('POST', V, { body: viewRequest('v') })).status).toBe(409)
    expect((await call('GET', `${NS}/db/tables`)).json.identifiers).toEqual([
      { namespace: ['db'], name: 't' },
    ])
    expect((await call('GET', `${NS}/db/tables/v`)).status).toBe(404)
    expect((await call('GET', `${V}/t`)).status).toBe(404)
    const rename = await call('POST', '/v1/ref/tables/rename', {
      body: { source: { namespace: ['db'], name: 't' }, destination: { namespace: ['db'], name: 'v' } },
    })
    expect(rename.status).toBe(409)
  })

  it("words a taken name as Iceberg's Java catalogs do, which the Java compatibility kit matches", async () => {
    const call = await withDb()
    await call('POST', V, { body: viewRequest('v') })
    await call('POST', `${NS}/db/tables`, { body: { name: 't', schema: SIMPLE_SCHEMA } })
    const message = async (res: ReturnType<Call>): Promise<string> => (await res).json.error.message
    expect(await message(call('POST', V, { body: viewRequest('v') }))).toBe('View already exists: db.v')
    expect(await message(call('POST', V, { body: viewRequest('t') }))).toBe(
      'Table with same name already exists: db.t',
    )
    expect(
      await message(call('POST', `${NS}/db/tables`, { body: { name: 'v', schema: SIMPLE_SCHEMA } })),
    ).toBe('View with same name already exists: db.v')
    const renameView = (dst: string): ReturnType<Call> =>
      call('POST', '/v1/ref/views/rename', {
        body: { source: { namespace: ['db'], name: 'v' }, destination: { namespace: ['db'], name: dst } },
      })
    expect(await message(renameView('t'))).toBe('Cannot rename db.v to db.t. Table already exists')
  })

  it('answers a view in a missing namespace with 404 NoSuchView', async () => {
    const call = await withDb()
    expect((await call('GET', `${NS}/nope/views/v`)).json.error.type).toBe('NoSuchViewException')
    expect((await call('HEAD', `${NS}/nope/views/v`)).status).toBe(404)
    expect((await call('DELETE', `${NS}/nope/views/v`)).json.error.type).toBe('NoSuchViewException')
  })

  it('refuses two queries of one dialect with 400 IllegalArgumentException', async () => {
    const call = await withDb()
    const body = viewRequest('v') as { 'view-version': { representations: object[] } }
    body['view-version'].representations.push({ type: 'sql', sql: 'select 2', dialect: 'SPARK' })
    const res = await call('POST', V, { body })
    expect([res.status, res.json.error.type, res.json.error.message]).toEqual([
      400,
      'IllegalArgumentException',
      'Invalid view version: Cannot add multiple queries for dialect spark',
    ])
  })

  it('replaces a view: new version, 409 on a wrong uuid, 400 on a bad update', async () => {
    const call = await withDb()
    const md = (await call('POST', V, { body: viewRequest('v') })).json.metadata
    const version = {
      ...md.versions[0],
      'version-id': 2,
      representations: [{ type: 'sql', sql: 'select 2', dialect: 'spark' }],
    }
    const body = {
      requirements: [{ type: 'assert-view-uuid', uuid: md['view-uuid'] }],
      updates: [
        { action: 'add-view-version', 'view-version': version },
        { action: 'set-current-view-version', 'view-version-id': -1 },
      ],
    }
    const r = await call('POST', `${V}/v`, { body })
    expect(r.status).toBe(200)
    expect(r.json['metadata-location']).toMatch(/\/00001-/)
    expect(r.json.metadata['current-version-id']).toBe(2)
    const wrong = await call('POST', `${V}/v`, {
      body: {
        ...body,
        requirements: [{ type: 'assert-view-uuid', uuid: '00000000-0000-0000-0000-000000000000' }],
      },
    })
    expect([wrong.status, wrong.json.error.type]).toEqual([409, 'CommitFailedException'])
    expect((await call('POST', `${V}/v`, { body: { updates: [{ action: 'nope' }] } })).status).toBe(400)
    expect((await call('POST', `${V}/zz`, { body: { updates: [] } })).status).toBe(404)
  })

  it('renames within and across namespaces', async () => {
    const call = await withDb()
    await call('POST', NS, { body: { namespace: ['other'] } })
    await call('POST', V, { body: viewRequest('v') })
    const rename = (src: object, dst: object): ReturnType<Call> =>
      call('POST', '/v1/ref/views/rename', { body: { source: src, destination: dst } })
    expect((await rename({ namespace: ['db'], name: 'v' }, { namespace: ['other'], name: 'w' })).status).toBe(
      204,
    )
    expect((await call('HEAD', `${NS}/other/views/w`)).status).toBe(204)
    const missing = await rename({ namespace: ['db'], name: 'v' }, { namespace: ['db'], name: 'x' })
    expect([missing.status, missing.json.error.type]).toEqual([404, 'NoSuchViewException'])
    const noNs = await rename({ namespace: ['other'], name: 'w' }, { namespace: ['nope'], name: 'x' })
    expect([noNs.status, noNs.json.error.type]).toEqual([404, 'NoSuchNamespaceException'])
  })

  it('registers a dropped view from its metadata file; refuses a table file', async () => {
    const call = await withDb()
    const location = (await call('POST', V, { body: viewRequest('v') })).json['metadata-location']
    await call('DELETE', `${V}/v`)
    const r = await call('POST', `${NS}/db/register-view`, {
      body: { name: 'back', 'metadata-location': location },
    })
    expect(r.status).toBe(200)
    expect(r.json['metadata-location']).toBe(location)
    expect(
      (
        await call('POST', `${NS}/db/register-view`, {
          body: { name: 'back', 'metadata-location': location },
        })
      ).status,
    ).toBe(409)
    const table = (await call('POST', `${NS}/db/tables`, { body: { name: 't', schema: SIMPLE_SCHEMA } }))
      .json['metadata-location']
    expect(
      (await call('POST', `${NS}/db/register-view`, { body: { name: 'x', 'metadata-location': table } }))
        .status,
    ).toBe(400)
    expect(
      (
        await call('POST', `${NS}/db/register-view`, {
          body: { name: 'y', 'metadata-location': 'memory://none' },
        })
      ).status,
    ).toBe(404)
  })
})
