import { describe, expect, it } from 'vitest'
import { parseDuration } from './idempotency.ts'
import { metadataBuilder } from '../metadata-builder.ts'
import type { MetadataBuilder } from '../metadata-contract.ts'
import { SIMPLE_SCHEMA, testClient } from '../testing.ts'

const KEY = '01890a5d-ac96-774b-bcce-b302099a8057'
const KEY2 = '01890a5d-ac96-774b-bcce-b302099a8058'
const ik = (k: string): Record<string, string> => ({ 'idempotency-key': k })

describe('Idempotency-Key', () => {
  it('replays a finalized success without running the operation again', async () => {
    const call = testClient()
    const body = { namespace: ['a'] }
    const first = await call('POST', '/v1/ref/namespaces', { body, headers: ik(KEY) })
    expect(first.status).toBe(200)
    const replay = await call('POST', '/v1/ref/namespaces', { body, headers: ik(KEY.toUpperCase()) })
    expect(replay.status).toBe(200)
    expect(replay.json).toEqual(first.json)
    // Without the key the same request is a real second create.
    expect((await call('POST', '/v1/ref/namespaces', { body })).status).toBe(409)
  })

  it('replays terminal 4xx (409) and binds the key to its body (422 on reuse with another)', async () => {
    const call = testClient()
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a'] } })
    const conflict = await call('POST', '/v1/ref/namespaces', {
      body: { namespace: ['a'] },
      headers: ik(KEY),
    })
    expect(conflict.status).toBe(409)
    await call('DELETE', '/v1/ref/namespaces/a')
    const replay = await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a'] }, headers: ik(KEY) })
    expect(replay.status).toBe(409)
    const other = await call('POST', '/v1/ref/namespaces', { body: { namespace: ['b'] }, headers: ik(KEY) })
    expect([other.status, other.json.error.type]).toEqual([422, 'UnprocessableEntityException'])
    const otherOp = await call('DELETE', '/v1/ref/namespaces/a', { headers: ik(KEY) })
    expect(otherOp.status).toBe(422)
  })

  it('rejects a key that is not a UUID (400) on idempotent operations only; any UUID version is a key', async () => {
    const call = testClient()
    for (const k of ['nope', `${KEY}x`]) {
      const r = await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a'] }, headers: ik(k) })
      expect(r.status, k).toBe(400)
    }
    // A v4 UUID: the spec says keys *should* be v7; its schema accepts any UUID.
    const v4 = await call('POST', '/v1/ref/namespaces', {
      body: { namespace: ['b'] },
      headers: ik('01890a5d-ac96-474b-bcce-b302099a8057'),
    })
    expect(v4.status).toBe(200)
    expect((await call('GET', '/v1/ref/namespaces', { headers: ik('nope') })).status).toBe(200)
  })

  it('expires keys after the advertised lifetime', async () => {
    let now = 0
    const call = testClient({ idempotencyKeyLifetime: 'PT1M', now: () => now })
    expect((await call('GET', '/v1/config')).json['idempotency-key-lifetime']).toBe('PT1M')
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a'] }, headers: ik(KEY) })
    now += 59_000
    expect(
      (await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a'] }, headers: ik(KEY) })).status,
    ).toBe(200)
    now += 2_000
    expect(
      (await call('POST', '/v1/ref/namespaces', { body: { namespace: ['a'] }, headers: ik(KEY) })).status,
    ).toBe(409)
  })

  it('lets concurrent duplicates wait for the first and replays its result', async () => {
    const call = testClient()
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
    const create = (): ReturnType<typeof call> =>
      call('POST', '/v1/ref/namespaces/db/tables', {
        body: { name: 't', schema: SIMPLE_SCHEMA },
        headers: ik(KEY2),
      })
    const [a, b] = await Promise.all([create(), create()])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.json['metadata-location']).toBe(b.json['metadata-location'])
  })

  it('does not store 5xx: a retry with the same key really runs again', async () => {
    let fail = true
    const builder: MetadataBuilder = {
      ...metadataBuilder,
      createTableMetadata: (req, location, ctx) => {
        if (fail) throw new Error('disk on fire')
        return metadataBuilder.createTableMetadata(req, location, ctx)
      },
    }
    const call = testClient({}, builder)
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
    const create = (): ReturnType<typeof call> =>
      call('POST', '/v1/ref/namespaces/db/tables', {
        body: { name: 't', schema: SIMPLE_SCHEMA },
        headers: ik(KEY),
      })
    const first = await create()
    expect([first.status, first.json.error.code]).toEqual([500, 500])
    fail = false
    expect((await create()).status).toBe(200)
    expect((await call('HEAD', '/v1/ref/namespaces/db/tables/t')).status).toBe(204)
  })

  it('parses ISO 8601 durations', () => {
    expect(parseDuration('PT30M')).toBe(1_800_000)
    expect(parseDuration('P1DT1H')).toBe(90_000_000)
    expect(parseDuration('PT0.5S')).toBe(500)
    expect(() => parseDuration('30m')).toThrow()
    expect(() => parseDuration('PT')).toThrow()
  })
})
