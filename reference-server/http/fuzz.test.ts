/**
 * Malformed requests of every kind (random methods, paths, query strings, headers and bodies, plus
 * mutations of valid requests) never get a 5xx, always get the error envelope on 4xx, and the server
 * keeps serving afterwards.
 */
import fc from 'fast-check'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { start } from '../index.ts'
import { OPERATIONS } from '../../schemas/operations.ts'
import { SIMPLE_SCHEMA, testClient } from '../testing.ts'

const call = testClient()
const seen = new Map<number, number>()

const segment = fc.oneof(
  fc.constantFrom(
    'v1',
    'ref',
    'namespaces',
    'db',
    'tables',
    't',
    'views',
    'v',
    'plan',
    'tasks',
    'register',
    'config',
  ),
  fc.constantFrom(
    'properties',
    'rename',
    'transactions',
    'commit',
    'metrics',
    'credentials',
    'sign',
    'unregister',
  ),
  fc.constantFrom('%1F', '%', '%E0%A4%A', '%00', '..', '', 'db%1F', '%1Fdb', 'a%2Fb', '%FF'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ maxLength: 6 }),
)

const PARAM_VALUES: Record<string, string> = { prefix: 'ref', namespace: 'db', table: 't', view: 'v' }

/** A real route, its parameters mostly naming objects that exist, and mostly its own method. */
const routed = fc
  .constantFrom(...Object.values(OPERATIONS))
  .chain((op) =>
    fc
      .tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(op.method as string) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'HEAD', 'PUT') },
        ),
        ...op.path
          .split('/')
          .map((s) =>
            s.startsWith('{')
              ? fc.oneof(
                  { weight: 3, arbitrary: fc.constant(PARAM_VALUES[s.slice(1, -1)] ?? 'x') },
                  { weight: 1, arbitrary: segment },
                )
              : fc.constant(s),
          ),
      )
      .map(([m, ...parts]) => ({ method: m, path: parts.join('/') })),
  )

const request = fc.oneof(
  { weight: 4, arbitrary: routed },
  {
    weight: 1,
    arbitrary: fc.record({
      method: fc.constantFrom('GET', 'POST', 'DELETE', 'HEAD', 'PUT', 'PATCH', 'OPTIONS', 'get', 'TRACE'),
      path: fc.oneof(
        fc.array(segment, { maxLength: 8 }).map((s) => `/v1/ref/${s.join('/')}`),
        fc.array(segment, { maxLength: 6 }).map((s) => `/${s.join('/')}`),
      ),
    }),
  },
)

const json = fc.jsonValue({ maxDepth: 4 })
const body = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  json.map((v) => JSON.stringify(v)),
  fc
    .record({
      name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      schema: fc.oneof(json, fc.constant(SIMPLE_SCHEMA)),
      namespace: fc.oneof(fc.array(fc.string()), json),
      requirements: fc.oneof(fc.array(json, { maxLength: 3 }), json),
      updates: fc.oneof(
        fc.array(
          fc.record({
            action: fc.constantFrom('set-properties', 'add-schema', 'append', 'x'),
            updates: json,
          }),
        ),
        json,
      ),
      'table-changes': fc.array(json, { maxLength: 2 }),
      'metadata-location': fc.string(),
      source: json,
      destination: json,
    })
    .map((v) => JSON.stringify(v)),
)

const query = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'pageToken',
        'pageSize',
        'parent',
        'snapshots',
        'purgeRequested',
        'warehouse',
        'planId',
        'x',
      ),
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('0', '-1', '1', '1e3', 'refs', 'true', '%1F')),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString())

const headers = fc.dictionary(
  fc.constantFrom(
    'idempotency-key',
    'if-none-match',
    'x-iceberg-access-delegation',
    'x-catalog-access-delegation',
    'authorization',
    'content-type',
  ),
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('*', '018f4c5e-8a2b-7c3d-9e4f-0a1b2c3d4e5f', 'W/"x"'),
  ),
)

describe('fuzzing the adapter with malformed requests', () => {
  it('never answers 5xx, always wraps 4xx in the envelope, and keeps serving', async () => {
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
    await call('POST', '/v1/ref/namespaces/db/tables', { body: { name: 't', schema: SIMPLE_SCHEMA } })
    await fc.assert(
      fc.asyncProperty(request, query, headers, body, async ({ method: m, path: p }, q, h, b) => {
        const res = await call(m, q === '' ? p : `${p}?${q}`, { raw: b, headers: h })
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1)
        expect(res.status, `${m} ${p}?${q}`).toBeLessThan(500)
        if (res.status >= 400 && m !== 'HEAD' && p === '/v1/oauth/tokens' && m === 'POST') {
          // The token endpoint answers with OAuthError bodies, not the catalog envelope.
          expect(typeof res.json.error).toBe('string')
        } else if (res.status >= 400 && m !== 'HEAD') {
          expect(res.json.error.code).toBe(res.status)
          expect(typeof res.json.error.type).toBe('string')
          expect(res.headers['content-type']).toBe('application/json')
        }
      }),
      { numRuns: 1500, seed: 20261122 },
    )
    // The fuzz must reach the handlers, not only the router: many 400s and some successes.
    expect(seen.get(400) ?? 0).toBeGreaterThan(100)
    expect((seen.get(200) ?? 0) + (seen.get(204) ?? 0)).toBeGreaterThan(10)
    expect((await call('GET', '/v1/config')).status).toBe(200)
    expect((await call('POST', '/v1/ref/namespaces', { body: { namespace: ['after'] } })).status).toBe(200)
    expect((await call('HEAD', '/v1/ref/namespaces/after')).status).toBe(204)
  })
})

describe('fuzzing the socket with garbage', () => {
  it('answers malformed HTTP with 400 and keeps serving', async () => {
    const server = await start()
    try {
      const { hostname, port } = new URL(server.url)
      const garbage = [
        'GARBAGE\r\n\r\n',
        'GET /v1/config HTTP/1.1\r\nBad Header\r\n\r\n',
        '\u0000\u0001\u0002\r\n\r\n',
      ]
      for (const g of garbage) {
        const reply = await new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => socket.end(g))
          let data = ''
          socket.setTimeout(5000, () => socket.destroy(new Error('timeout')))
          socket.on('data', (c) => (data += c.toString()))
          socket.on('close', () => resolve(data))
          socket.on('error', reject)
        })
        expect(reply).toMatch(/^HTTP\/1\.1 400/)
      }
      const res = await fetch(`${server.url}/v1/config`, { signal: AbortSignal.timeout(5000) })
      expect(res.status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
