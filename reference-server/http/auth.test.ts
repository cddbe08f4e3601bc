import { describe, expect, it } from 'vitest'
import { testClient } from '../testing.ts'

const bearer = (t: string): Record<string, string> => ({ authorization: `Bearer ${t}` })

describe('authentication', () => {
  it('401 without or with a wrong token, 419 expired, 403 read-only writes', async () => {
    const call = testClient({
      auth: {
        token: 'rw',
        tokens: [
          { token: 'ro', readOnly: true },
          { token: 'old', expired: true },
        ],
      },
    })
    const none = await call('GET', '/v1/config')
    expect([none.status, none.json.error.type]).toEqual([401, 'NotAuthorizedException'])
    expect((await call('GET', '/v1/config', { headers: bearer('nope') })).status).toBe(401)
    const old = await call('GET', '/v1/config', { headers: bearer('old') })
    expect([old.status, old.json.error.code]).toEqual([419, 419])
    expect((await call('GET', '/v1/ref/namespaces', { headers: bearer('ro') })).status).toBe(200)
    const write = await call('POST', '/v1/ref/namespaces', {
      headers: bearer('ro'),
      body: { namespace: ['a'] },
    })
    expect([write.status, write.json.error.type]).toEqual([403, 'ForbiddenException'])
    expect(
      (await call('POST', '/v1/ref/namespaces', { headers: bearer('rw'), body: { namespace: ['a'] } }))
        .status,
    ).toBe(200)
  })

  it('issues OAuth client-credentials tokens that expire after tokenTtlMs (then 419)', async () => {
    let now = 1_000_000
    const call = testClient({
      now: () => now,
      auth: { clients: [{ clientId: 'c', clientSecret: 's' }], tokenTtlMs: 60_000 },
    })
    const form = 'grant_type=client_credentials&client_id=c&client_secret=s&scope=catalog'
    const t = await call('POST', '/v1/oauth/tokens', {
      raw: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(t.status).toBe(200)
    expect(t.json).toMatchObject({ token_type: 'bearer', expires_in: 60, access_token: expect.any(String) })
    expect((await call('GET', '/v1/config', { headers: bearer(t.json.access_token) })).status).toBe(200)
    now += 60_000
    expect((await call('GET', '/v1/config', { headers: bearer(t.json.access_token) })).status).toBe(419)
  })

  it('accepts client credentials in HTTP Basic and answers OAuthError bodies', async () => {
    const call = testClient({ auth: { clients: [{ clientId: 'c', clientSecret: 's' }] } })
    const basic = { authorization: `Basic ${Buffer.from('c:s').toString('base64')}` }
    expect(
      (await call('POST', '/v1/oauth/tokens', { raw: 'grant_type=client_credentials', headers: basic }))
        .status,
    ).toBe(200)
    const wrong = await call('POST', '/v1/oauth/tokens', {
      raw: 'grant_type=client_credentials&client_id=c&client_secret=x',
    })
    expect([wrong.status, wrong.json.error]).toEqual([401, 'invalid_client'])
    const grant = await call('POST', '/v1/oauth/tokens', { raw: 'grant_type=password' })
    expect([grant.status, grant.json.error]).toEqual([400, 'unsupported_grant_type'])
    const empty = await call('POST', '/v1/oauth/tokens', { raw: '' })
    expect([empty.status, empty.json.error]).toEqual([400, 'invalid_request'])
  })

  it('exchanges a valid token for a new one (refresh)', async () => {
    const call = testClient({ auth: { token: 'rw' } })
    const r = await call('POST', '/v1/oauth/tokens', {
      raw: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: 'rw',
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      }).toString(),
    })
    expect(r.status).toBe(200)
    expect((await call('GET', '/v1/ref/namespaces', { headers: bearer(r.json.access_token) })).status).toBe(
      200,
    )
  })
})
