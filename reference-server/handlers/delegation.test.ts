import { describe, expect, it } from 'vitest'
import { SIMPLE_SCHEMA, testClient, type Call } from '../testing.ts'

const T = '/v1/ref/namespaces/db/tables'

async function withTable(): Promise<Call> {
  const call = testClient()
  await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
  await call('POST', T, { body: { name: 't', schema: SIMPLE_SCHEMA } })
  return call
}

describe('access delegation', () => {
  it.each(['X-Iceberg-Access-Delegation', 'X-Catalog-Access-Delegation'])(
    '%s: vended-credentials gives storage-credentials and S3 keys in config (never a token), with its own ETag',
    async (header) => {
      const call = await withTable()
      const plain = await call('GET', `${T}/t`)
      expect(plain.json['storage-credentials']).toBeUndefined()
      expect(plain.json.config).toEqual({})
      const r = await call('GET', `${T}/t`, { headers: { [header]: 'vended-credentials' } })
      expect(r.json['storage-credentials'][0].prefix).toBe(r.json.metadata.location)
      expect(r.json.config['s3.access-key-id']).toEqual(expect.any(String))
      expect(r.json.config['s3.secret-access-key']).toEqual(expect.any(String))
      // DuckDB takes vended S3 keys only with a region.
      expect(r.json.config['client.region']).toBe('us-east-1')
      // A config `token` is the bearer token clients switch to for the table: never vended as a storage credential.
      expect(r.json.config).not.toHaveProperty('token')
      expect(r.headers.etag).not.toBe(plain.headers.etag)
    },
  )

  it('vends on create and register too', async () => {
    const call = await withTable()
    const h = { 'x-iceberg-access-delegation': 'vended-credentials' }
    const c = await call('POST', T, { body: { name: 'u', schema: SIMPLE_SCHEMA }, headers: h })
    expect(c.json.config['s3.session-token']).toEqual(expect.any(String))
    const body = { name: 'r', 'metadata-location': c.json['metadata-location'] }
    expect(
      (await call('POST', '/v1/ref/namespaces/db/register', { body, headers: h })).json[
        'storage-credentials'
      ],
    ).toHaveLength(1)
  })

  it('remote-signing sets the signer config; the signer signs for existing tables', async () => {
    const call = await withTable()
    const r = await call('GET', `${T}/t`, {
      headers: { 'x-iceberg-access-delegation': 'vended-credentials,remote-signing' },
    })
    expect(r.json.config).toMatchObject({
      's3.remote-signing-enabled': 'true',
      'signer.endpoint': 'v1/ref/namespaces/db/tables/t/sign',
    })
    expect(r.json['remote-signing-config']).toEqual(expect.any(Object))
    const req = { region: 'us-east-1', uri: 's3://bucket/key', method: 'GET', headers: { host: ['bucket'] } }
    const signed = await call('POST', `${T}/t/sign`, { body: req })
    expect(signed.status).toBe(200)
    expect(signed.json.uri).toBe(req.uri)
    expect(signed.json.headers.Authorization[0]).toMatch(/^AWS4-HMAC-SHA256 /)
    expect(signed.headers['cache-control']).toBe('no-cache')
    expect((await call('POST', `${T}/t/sign`, { body: { ...req, method: 'BREW' } })).status).toBe(400)
    expect((await call('POST', `${T}/zz/sign`, { body: req })).status).toBe(403)
  })
})

describe('functions', () => {
  it('lists none and loads none (404), per namespace', async () => {
    const call = await withTable()
    expect((await call('GET', '/v1/ref/namespaces/db/functions')).json).toEqual({
      identifiers: [],
      'next-page-token': null,
    })
    const f = await call('GET', '/v1/ref/namespaces/db/functions/add_one')
    expect([f.status, f.json.error.type]).toEqual([404, 'NoSuchFunctionException'])
    expect((await call('GET', '/v1/ref/namespaces/nope/functions')).json.error.type).toBe(
      'NoSuchNamespaceException',
    )
  })
})
