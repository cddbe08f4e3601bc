import { describe, expect, it } from 'vitest'
import { REDACTED, Redactor, isSecretKey } from './redact.ts'
import { curlLine } from './curl.ts'

const SECRET = 'tok-ZX81-very-secret'

describe('Redactor', () => {
  const r = new Redactor([SECRET, undefined, 'ab'])

  it('replaces Authorization values but keeps the scheme', () => {
    expect(r.headers({ Authorization: `Bearer ${SECRET}`, accept: 'application/json' })).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      accept: 'application/json',
    })
  })

  it('scrubs a known secret anywhere in text', () => {
    expect(r.text(`url?token=${SECRET}&x=1`)).toBe(`url?token=${REDACTED}&x=1`)
  })

  it('does not scrub too-short secrets (they would destroy the transcript)', () => {
    expect(r.text('about')).toBe('about')
  })

  it('redacts credentials inside JSON bodies', () => {
    const body = JSON.stringify({
      config: {
        token: 'abc123',
        's3.access-key-id': 'AKIA',
        's3.secret-access-key': 'shh',
        'client.region': 'eu',
      },
      'storage-credentials': [{ prefix: 's3://b', config: { 's3.session-token': 'SESSVAL' } }],
      'next-page-token': 'page-2',
    })
    const out = JSON.parse(r.body(body, 'application/json')) as Record<string, Record<string, unknown>>
    expect(out.config).toEqual({
      token: REDACTED,
      's3.access-key-id': REDACTED,
      's3.secret-access-key': REDACTED,
      'client.region': 'eu',
    })
    expect(JSON.stringify(out)).not.toContain('SESSVAL')
    expect(out['next-page-token']).toBe('page-2')
  })

  it('keeps a JSON body without a secret-looking key as it was sent, known secrets scrubbed', () => {
    const known = new Redactor(['ZX81-hidden-value'])
    const sent = `{ "name": "t1",  "location": "s3://b/ZX81-hidden-value/t1" }`
    expect(known.body(sent, 'application/json')).toBe(
      `{ "name": "t1",  "location": "s3://b/${REDACTED}/t1" }`,
    )
  })

  it('redacts a secret key or a known secret that an escape hides from the text', () => {
    // "\u0074oken" is the key "token"; a known secret with a quote in it is written with a backslash in JSON.
    const quoted = new Redactor(['pa"ss-word-1'])
    expect(JSON.parse(r.body('{"\\u0074oken":"abc123"}', 'application/json'))).toEqual({ token: REDACTED })
    expect(quoted.body(JSON.stringify({ note: 'pa"ss-word-1' }), 'application/json')).toBe(
      `{"note":"${REDACTED}"}`,
    )
  })

  it('redacts OAuth form fields', () => {
    const out = r.body(
      'grant_type=client_credentials&client_id=me&client_secret=hush&scope=catalog',
      'application/x-www-form-urlencoded',
    )
    expect(out).toContain('client_id=me')
    expect(out).not.toContain('hush')
  })

  it('learns secrets during the run', () => {
    const r2 = new Redactor([])
    r2.add('issued-access-token')
    expect(r2.text('Bearer issued-access-token')).toBe(`Bearer ${REDACTED}`)
  })

  it('classifies keys', () => {
    expect(isSecretKey('token')).toBe(true)
    expect(isSecretKey('access_token')).toBe(true)
    expect(isSecretKey('token_type')).toBe(false)
    expect(isSecretKey('expires-at-ms')).toBe(false)
    expect(isSecretKey('oauth2-server-uri')).toBe(false)
  })
})

describe('curlLine', () => {
  it('quotes headers and bodies for a shell', () => {
    const line = curlLine({ method: 'POST', url: 'http://h/v1/x', headers: { a: "it's" }, body: '{"k":1}' })
    expect(line).toBe(`curl -sS -i -X POST -H 'a: it'\\''s' --data-raw '{"k":1}' 'http://h/v1/x'`)
  })
})
