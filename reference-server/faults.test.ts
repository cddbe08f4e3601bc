/**
 * Each fault flag and hook does what it says: the same scenario on a clean server and on a server with
 * the one flag on gives the correct and the broken outcome respectively.
 */
import { describe, expect, it } from 'vitest'
import type { FaultFlags } from './options.ts'
import { SIMPLE_SCHEMA, testClient, type Call } from './testing.ts'

const NS = '/v1/ref/namespaces'
const T = `${NS}/db/tables`
const KEY = '01890a5d-ac96-774b-bcce-b302099a8057'

async function setup(call: Call, tables: string[] = ['t']): Promise<void> {
  await call('POST', NS, { body: { namespace: ['db'] } })
  for (const name of tables) await call('POST', T, { body: { name, schema: SIMPLE_SCHEMA } })
}

const setProps = (updates: Record<string, string>): object => ({
  requirements: [],
  updates: [{ action: 'set-properties', updates }],
})

async function pageThrough(call: Call, size: number): Promise<string[]> {
  const names: string[] = []
  let token = ''
  for (let i = 0; i < 10; i++) {
    const r = await call('GET', `${T}?pageSize=${size}&pageToken=${encodeURIComponent(token)}`)
    names.push(...r.json.identifiers.map((id: { name: string }) => id.name))
    if (r.json['next-page-token'] === null) break
    token = r.json['next-page-token']
  }
  return names
}

type Scenario = (call: Call) => Promise<unknown>

const CASES: Array<[keyof FaultFlags, Scenario, unknown, unknown]> = [
  [
    'ignoreRequirements',
    async (call) => {
      await setup(call)
      const body = {
        requirements: [{ type: 'assert-current-schema-id', 'current-schema-id': 9 }],
        updates: [],
      }
      return (await call('POST', `${T}/t`, { body })).status
    },
    409,
    200,
  ],
  [
    'nonAtomicTransactions',
    async (call) => {
      await setup(call, ['a', 'b'])
      const change = (name: string, requirements: object[]): object => ({
        identifier: { namespace: ['db'], name },
        requirements,
        updates: [{ action: 'set-properties', updates: { x: '1' } }],
      })
      const bad = [{ type: 'assert-current-schema-id', 'current-schema-id': 9 }]
      await call('POST', '/v1/ref/transactions/commit', {
        body: { 'table-changes': [change('a', []), change('b', bad)] },
      })
      return (await call('GET', `${T}/a`)).json.metadata.properties.x
    },
    undefined,
    '1',
  ],
  [
    'ignoreStageCreate',
    async (call) => {
      await setup(call, [])
      await call('POST', T, { body: { name: 's', schema: SIMPLE_SCHEMA, 'stage-create': true } })
      return (await call('HEAD', `${T}/s`)).status
    },
    404,
    204,
  ],
  [
    'ignorePageSize',
    async (call) => {
      await setup(call, ['a', 'b', 'c'])
      return (await call('GET', `${T}?pageSize=1`)).json.identifiers.length
    },
    1,
    3,
  ],
  [
    'ignoreParent',
    async (call) => {
      await setup(call, [])
      await call('POST', NS, { body: { namespace: ['db', 'x'] } })
      return (await call('GET', `${NS}?parent=db`)).json.namespaces
    },
    [['db', 'x']],
    [['db'], ['db', 'x']],
  ],
  [
    'topLevelListsAll',
    async (call) => {
      await setup(call, [])
      await call('POST', NS, { body: { namespace: ['db', 'x'] } })
      const parented = (await call('GET', `${NS}?parent=db`)).json.namespaces
      return [parented, (await call('GET', NS)).json.namespaces]
    },
    [[['db', 'x']], [['db']]],
    [[['db', 'x']], [['db'], ['db', 'x']]],
  ],
  [
    'duplicatePageItems',
    async (call) => {
      await setup(call, ['a', 'b', 'c'])
      return pageThrough(call, 2)
    },
    ['a', 'b', 'c'],
    ['a', 'b', 'b', 'c'],
  ],
  [
    'dropPageItems',
    async (call) => {
      await setup(call, ['a', 'b', 'c'])
      return pageThrough(call, 1)
    },
    ['a', 'b', 'c'],
    ['a', 'c'],
  ],
  [
    'endlessPageToken',
    async (call) => {
      await setup(call, ['a'])
      return (await call('GET', `${T}?pageSize=5`)).json['next-page-token'] === null
    },
    true,
    false,
  ],
  [
    'noEtag',
    async (call) => {
      await setup(call)
      return typeof (await call('GET', `${T}/t`)).headers.etag
    },
    'string',
    'undefined',
  ],
  [
    'staleEtag',
    async (call) => {
      await setup(call)
      const before = (await call('GET', `${T}/t`)).headers.etag
      await call('POST', `${T}/t`, { body: setProps({ a: 'b' }) })
      return (await call('GET', `${T}/t`)).headers.etag === before
    },
    false,
    true,
  ],
  [
    'ignoreIfNoneMatch',
    async (call) => {
      await setup(call)
      const etag = (await call('GET', `${T}/t`)).headers.etag as string
      return (await call('GET', `${T}/t`, { headers: { 'if-none-match': etag } })).status
    },
    304,
    200,
  ],
  [
    'ignoreIdempotencyKey',
    async (call) => {
      await call('POST', NS, { body: { namespace: ['a'] }, headers: { 'idempotency-key': KEY } })
      return (await call('POST', NS, { body: { namespace: ['a'] }, headers: { 'idempotency-key': KEY } }))
        .status
    },
    200,
    409,
  ],
  [
    'ignoreDelegation',
    async (call) => {
      await setup(call)
      const r = await call('GET', `${T}/t`, {
        headers: { 'x-iceberg-access-delegation': 'vended-credentials' },
      })
      return Array.isArray(r.json['storage-credentials'])
    },
    true,
    false,
  ],
  [
    'notEmptyDropAllowed',
    async (call) => {
      await setup(call)
      return (await call('DELETE', `${NS}/db`)).status
    },
    409,
    204,
  ],
  [
    'reuseMetadataLocation',
    async (call) => {
      await setup(call)
      const before = (await call('GET', `${T}/t`)).json['metadata-location']
      return (
        (await call('POST', `${T}/t`, { body: setProps({ a: 'b' }) })).json['metadata-location'] === before
      )
    },
    false,
    true,
  ],
  [
    'ignorePurge',
    async (call) => {
      await setup(call)
      const location = (await call('GET', `${T}/t`)).json['metadata-location']
      await call('DELETE', `${T}/t?purgeRequested=true`)
      return (await call('POST', `${NS}/db/register`, { body: { name: 'r', 'metadata-location': location } }))
        .status
    },
    404,
    200,
  ],
  [
    'unwrappedErrors',
    async (call) => Object.keys((await call('GET', `${NS}/nope`)).json),
    ['error'],
    ['message', 'type', 'code'],
  ],
  ['wrongErrorCode', async (call) => (await call('GET', `${NS}/nope`)).json.error.code, 404, 500],
  [
    'ignoreUnknownUpdates',
    async (call) => {
      await setup(call)
      return (
        await call('POST', `${T}/t`, { body: { requirements: [], updates: [{ action: 'frobnicate' }] } })
      ).status
    },
    400,
    200,
  ],
  [
    'lostUpdates',
    async (call) => {
      await setup(call)
      await Promise.all(
        ['a', 'b', 'c', 'd'].map((k) => call('POST', `${T}/t`, { body: setProps({ [k]: k }) })),
      )
      return Object.keys((await call('GET', `${T}/t`)).json.metadata.properties).filter((k) => k.length === 1)
        .length
    },
    4,
    1,
  ],
]

describe('fault flags', () => {
  it.each(CASES)('%s breaks its rule and only under the flag', async (flag, scenario, clean, faulty) => {
    expect(await scenario(testClient())).toEqual(clean)
    expect(await scenario(testClient({ hooks: { flags: { [flag]: true } } }))).toEqual(faulty)
  })

  it('authNotEnforced serves requests without a token', async () => {
    expect((await testClient({ auth: { token: 's' } })('GET', '/v1/config')).status).toBe(401)
    const faulty = testClient({ auth: { token: 's' }, hooks: { flags: { authNotEnforced: true } } })
    expect((await faulty('GET', '/v1/config')).status).toBe(200)
  })
})

describe('fault hooks', () => {
  it('onRequest may rewrite a request or answer it', async () => {
    const call = testClient({
      hooks: {
        onRequest: (req) =>
          req.path === '/v1/teapot'
            ? { status: 418, headers: {}, body: 'short and stout' }
            : { ...req, path: req.path.replace('/v1/alias/', '/v1/ref/') },
      },
    })
    expect((await call('GET', '/v1/teapot')).status).toBe(418)
    expect((await call('GET', '/v1/alias/namespaces')).status).toBe(200)
  })

  it('onResponse may rewrite a response and sees the request', async () => {
    const call = testClient({
      hooks: {
        onResponse: (req, res) =>
          req.method === 'DELETE' && res.status === 204 ? { ...res, status: 200 } : res,
      },
    })
    await call('POST', NS, { body: { namespace: ['a'] } })
    expect((await call('DELETE', `${NS}/a`)).status).toBe(200)
  })

  it('a throwing hook gives a 500 envelope, never a crash', async () => {
    const call = testClient({
      hooks: {
        onRequest: () => {
          throw new Error('hook failed')
        },
      },
    })
    const r = await call('GET', '/v1/config')
    expect([r.status, r.json.error.code]).toEqual([500, 500])
  })
})
