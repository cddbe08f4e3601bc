import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../schemas/operations.ts'
import { testClient } from '../testing.ts'

describe('adapter: routing and the error envelope', () => {
  it('answers unknown routes with 404 and wrong methods with 405 + Allow, both in the envelope', async () => {
    const call = testClient()
    const nf = await call('GET', '/v1/ref/nothing/here')
    expect(nf.status).toBe(404)
    expect(nf.json).toEqual({ error: { message: expect.any(String), type: 'NotFoundException', code: 404 } })
    expect(nf.headers['content-type']).toBe('application/json')
    const na = await call('PUT', '/v1/ref/namespaces')
    expect(na.status).toBe(405)
    expect(na.headers.allow).toBe('GET, POST')
    expect(na.json.error.code).toBe(405)
    expect((await call('GET', '/v1/other/namespaces')).status).toBe(404)
    expect((await call('GET', '/v1/namespaces')).status).toBe(404)
  })

  it('serves routes without a prefix segment when the prefix is empty', async () => {
    const call = testClient({ prefix: '' })
    expect((await call('GET', '/v1/namespaces')).status).toBe(200)
    expect((await call('GET', '/v1/config')).json.overrides.prefix).toBeUndefined()
  })

  it('keeps HEAD responses body-less, also on errors', async () => {
    const call = testClient()
    const r = await call('HEAD', '/v1/ref/namespaces/nope')
    expect(r.status).toBe(404)
    expect(r.body).toBeUndefined()
  })

  it('decodes percent-encoded names and rejects malformed encodings with 400', async () => {
    const call = testClient()
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a b'] } })
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a b', 'c/d'] } })
    expect((await call('HEAD', '/v1/ref/namespaces/a%20b%1Fc%2Fd')).status).toBe(204)
    expect((await call('GET', '/v1/ref/namespaces/%E0%A4%A')).status).toBe(400)
  })

  it('honours an advertised separator and still accepts %1F', async () => {
    const call = testClient({ namespaceSeparator: '.' })
    expect((await call('GET', '/v1/config')).json.overrides['namespace-separator']).toBe('.')
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a'] } })
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a', 'b'] } })
    expect((await call('GET', '/v1/ref/namespaces/a.b')).json.namespace).toEqual(['a', 'b'])
    expect((await call('GET', '/v1/ref/namespaces/a%1Fb')).json.namespace).toEqual(['a', 'b'])
    expect((await call('GET', '/v1/ref/namespaces?parent=a')).json.namespaces).toEqual([['a', 'b']])
  })
})

describe('getConfig', () => {
  it('advertises prefix, separator, lifetime and every served endpoint', async () => {
    const call = testClient()
    const r = await call('GET', '/v1/config')
    expect(r.status).toBe(200)
    expect(r.json.overrides).toMatchObject({
      prefix: 'ref',
      'namespace-separator': '%1F',
      warehouse: 'reference',
    })
    expect(r.json.defaults).toEqual({})
    expect(r.json['idempotency-key-lifetime']).toBe('PT30M')
    expect(r.json.endpoints).toHaveLength(Object.keys(OPERATIONS).length - 2)
    expect(r.json.endpoints).toContain('HEAD /v1/{prefix}/namespaces/{namespace}/tables/{table}')
    expect((await call('GET', '/v1/config?warehouse=reference')).status).toBe(200)
    const other = await call('GET', '/v1/config?warehouse=elsewhere')
    expect([other.status, other.json.error.type]).toEqual([404, 'NoSuchWarehouseException'])
  })
})
