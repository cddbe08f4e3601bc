import { describe, expect, it } from 'vitest'
import { testClient } from '../testing.ts'

const NS = '/v1/ref/namespaces'

describe('namespaces', () => {
  it('creates, loads, checks and drops a namespace', async () => {
    const call = testClient()
    const created = await call('POST', NS, { body: { namespace: ['a'], properties: { owner: 'me' } } })
    expect(created.status).toBe(200)
    expect(created.json).toEqual({ namespace: ['a'], properties: { owner: 'me' } })
    expect((await call('GET', `${NS}/a`)).json).toEqual({ namespace: ['a'], properties: { owner: 'me' } })
    const head = await call('HEAD', `${NS}/a`)
    expect(head.status).toBe(204)
    expect(head.body).toBeUndefined()
    expect((await call('DELETE', `${NS}/a`)).status).toBe(204)
    const gone = await call('HEAD', `${NS}/a`)
    expect(gone.status).toBe(404)
    expect(gone.body).toBeUndefined()
    const load = await call('GET', `${NS}/a`)
    expect(load.status).toBe(404)
    expect(load.json.error).toMatchObject({ type: 'NoSuchNamespaceException', code: 404 })
    expect(load.headers['content-type']).toBe('application/json')
  })

  it('answers 409 for an existing namespace and 400 for bad bodies', async () => {
    const call = testClient()
    await call('POST', NS, { body: { namespace: ['a'] } })
    const dup = await call('POST', NS, { body: { namespace: ['a'] } })
    expect(dup.status).toBe(409)
    expect(dup.json.error).toEqual({ message: expect.any(String), type: 'AlreadyExistsException', code: 409 })
    for (const raw of [
      '{',
      '[]',
      '{"namespace": "a"}',
      '{"namespace": []}',
      '{"namespace": ["a"], "properties": {"x": 1}}',
    ]) {
      const r = await call('POST', NS, { raw })
      expect(r.status, raw).toBe(400)
      expect(r.json.error.code).toBe(400)
    }
  })

  it('lists direct children of parent with full identifiers; empty parent is top level', async () => {
    const call = testClient()
    for (const ns of [['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'd'], ['e']]) {
      expect((await call('POST', NS, { body: { namespace: ns } })).status).toBe(200)
    }
    expect((await call('GET', NS)).json).toEqual({ namespaces: [['a'], ['e']], 'next-page-token': null })
    expect((await call('GET', `${NS}?parent=`)).json.namespaces).toEqual([['a'], ['e']])
    expect((await call('GET', `${NS}?parent=a`)).json.namespaces).toEqual([
      ['a', 'b'],
      ['a', 'd'],
    ])
    expect((await call('GET', `${NS}?parent=a%1Fb`)).json.namespaces).toEqual([['a', 'b', 'c']])
    const missing = await call('GET', `${NS}?parent=zz`)
    expect(missing.status).toBe(404)
    expect(missing.json.error.type).toBe('NoSuchNamespaceException')
    expect((await call('GET', `${NS}/a%1Fb`)).json.namespace).toEqual(['a', 'b'])
  })

  it('refuses to drop a namespace with children or tables (409)', async () => {
    const call = testClient()
    await call('POST', NS, { body: { namespace: ['a'] } })
    await call('POST', NS, { body: { namespace: ['a', 'b'] } })
    const r = await call('DELETE', `${NS}/a`)
    expect(r.status).toBe(409)
    expect(r.json.error.type).toBe('NamespaceNotEmptyException')
    expect((await call('DELETE', `${NS}/a%1Fb`)).status).toBe(204)
    expect((await call('DELETE', `${NS}/a`)).status).toBe(204)
  })

  it('updates properties with updated/removed/missing, 422 for a key in both lists', async () => {
    const call = testClient()
    await call('POST', NS, { body: { namespace: ['a'], properties: { k1: 'v1', k2: 'v2' } } })
    const r = await call('POST', `${NS}/a/properties`, {
      body: { removals: ['k1', 'nope'], updates: { k3: 'v3' } },
    })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ updated: ['k3'], removed: ['k1'], missing: ['nope'] })
    expect((await call('GET', `${NS}/a`)).json.properties).toEqual({ k2: 'v2', k3: 'v3' })
    const both = await call('POST', `${NS}/a/properties`, {
      body: { removals: ['k2'], updates: { k2: 'x' } },
    })
    expect(both.status).toBe(422)
    expect(both.json.error.type).toBe('UnprocessableEntityException')
    expect((await call('POST', `${NS}/zz/properties`, { body: {} })).status).toBe(404)
  })

  it('rejects a nested namespace without its parent and empty levels in the path', async () => {
    const call = testClient()
    expect((await call('POST', NS, { body: { namespace: ['x', 'y'] } })).status).toBe(404)
    expect((await call('GET', `${NS}/a%1F%1Fb`)).status).toBe(400)
  })
})
