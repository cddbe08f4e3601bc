import { describe, expect, it } from 'vitest'
import { SIMPLE_SCHEMA, testClient, type Call } from '../testing.ts'

const T = '/v1/ref/namespaces/db/tables'

async function withTables(n: number): Promise<Call> {
  const call = testClient()
  await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
  for (let i = 0; i < n; i++) await call('POST', T, { body: { name: `t${i}`, schema: SIMPLE_SCHEMA } })
  return call
}

describe('pagination', () => {
  it('returns everything with a null token when neither pageToken nor pageSize is sent', async () => {
    const call = await withTables(5)
    const r = await call('GET', T)
    expect(r.json.identifiers).toHaveLength(5)
    expect(r.json['next-page-token']).toBeNull()
  })

  it('pages with pageSize as an upper bound until a null token, each item once', async () => {
    const call = await withTables(5)
    const seen: string[] = []
    let token = ''
    for (;;) {
      const r = await call('GET', `${T}?pageSize=2&pageToken=${encodeURIComponent(token)}`)
      expect(r.json.identifiers.length).toBeLessThanOrEqual(2)
      seen.push(...r.json.identifiers.map((i: { name: string }) => i.name))
      if (r.json['next-page-token'] === null) break
      token = r.json['next-page-token']
    }
    expect(seen).toEqual(['t0', 't1', 't2', 't3', 't4'])
  })

  it('stays consistent when items are added between pages', async () => {
    const call = await withTables(4)
    const first = await call('GET', `${T}?pageSize=2`)
    await call('POST', T, { body: { name: 'a', schema: SIMPLE_SCHEMA } })
    const next = await call('GET', `${T}?pageSize=10&pageToken=${first.json['next-page-token']}`)
    expect(next.json.identifiers.map((i: { name: string }) => i.name)).toEqual(['t2', 't3'])
  })

  it('answers 400 to pageSize < 1 and to invalid or foreign tokens', async () => {
    const call = await withTables(3)
    for (const q of [
      'pageSize=0',
      'pageSize=-1',
      'pageSize=abc',
      'pageSize=1.5',
      'pageToken=garbage!',
      'pageToken=Zm9v',
    ]) {
      const r = await call('GET', `${T}?${q}`)
      expect(r.status, q).toBe(400)
      expect(r.json.error.type).toBe('BadRequestException')
    }
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['zz'] } })
    const nsToken = (await call('GET', '/v1/ref/namespaces?pageSize=1')).json['next-page-token']
    expect(nsToken).toEqual(expect.any(String))
    expect((await call('GET', `${T}?pageToken=${nsToken}`)).status).toBe(400)
  })

  it('pages namespaces and views the same way', async () => {
    const call = testClient()
    for (const ns of ['a', 'b', 'c']) await call('POST', '/v1/ref/namespaces', { body: { namespace: [ns] } })
    const p1 = await call('GET', '/v1/ref/namespaces?pageSize=2')
    expect(p1.json.namespaces).toEqual([['a'], ['b']])
    const p2 = await call('GET', `/v1/ref/namespaces?pageSize=2&pageToken=${p1.json['next-page-token']}`)
    expect(p2.json).toEqual({ namespaces: [['c']], 'next-page-token': null })
    expect((await call('GET', '/v1/ref/namespaces/a/views?pageToken=')).json).toEqual({
      identifiers: [],
      'next-page-token': null,
    })
  })
})
