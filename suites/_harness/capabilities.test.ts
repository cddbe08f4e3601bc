import { describe, expect, it } from 'vitest'
import { missingOperations, normalizeEndpoint, parseCapabilities, supports } from './capabilities.ts'
import { DEFAULT_ENDPOINTS } from '../../schemas/operations.ts'
import { encodeNamespace, joinNamespace } from './client.ts'

describe('parseCapabilities', () => {
  it('uses the default endpoint set when the server lists none', () => {
    const caps = parseCapabilities({ defaults: {}, overrides: {} })
    expect(caps.endpointsAdvertised).toBe(false)
    expect(caps.endpoints).toEqual(DEFAULT_ENDPOINTS)
    expect(supports(caps, 'createNamespace')).toBe(true)
    expect(supports(caps, 'namespaceExists')).toBe(false)
    expect(supports(caps, 'listViews')).toBe(false)
    expect(supports(caps, 'getConfig')).toBe(true)
  })

  it('reads advertised endpoints, normalizing the verb', () => {
    const caps = parseCapabilities({
      endpoints: ['get /v1/{prefix}/namespaces', 'HEAD /v1/{prefix}/namespaces/{namespace}', 'bogus'],
    })
    expect(caps.endpointsAdvertised).toBe(true)
    expect(caps.endpoints).toEqual([
      'GET /v1/{prefix}/namespaces',
      'HEAD /v1/{prefix}/namespaces/{namespace}',
    ])
    expect(missingOperations(caps, ['listNamespaces', 'namespaceExists', 'createNamespace'])).toEqual([
      'createNamespace',
    ])
  })

  it('merges defaults then overrides (overrides win) for prefix and separator', () => {
    const caps = parseCapabilities({
      defaults: { prefix: 'd', 'namespace-separator': '%2E' },
      overrides: { prefix: 'o', 'oauth2-server-uri': 'http://auth/token' },
      'idempotency-key-lifetime': 'PT30M',
    })
    expect(caps.prefix).toBe('o')
    expect(caps.namespaceSeparator).toBe('.')
    expect(caps.namespaceSeparatorEncoded).toBe('%2E')
    expect(caps.idempotencyKeyLifetime).toBe('PT30M')
    expect(caps.oauth2ServerUri).toBe('http://auth/token')
  })

  it('defaults to no prefix and the 0x1F separator; --prefix wins', () => {
    expect(parseCapabilities({}).prefix).toBe('')
    expect(parseCapabilities({}).namespaceSeparator).toBe('\u001f')
    expect(parseCapabilities({ overrides: { prefix: 'o' } }, 'cli').prefix).toBe('cli')
  })

  it('survives garbage', () => {
    expect(parseCapabilities(null).endpoints).toEqual(DEFAULT_ENDPOINTS)
    expect(parseCapabilities({ endpoints: 'nope', defaults: [1], overrides: { a: 1 } }).overrides).toEqual({})
  })

  it('normalizeEndpoint rejects entries that are not two parts', () => {
    expect(normalizeEndpoint('GET')).toBeUndefined()
    expect(normalizeEndpoint(' post  /v1/x ')).toBe('POST /v1/x')
  })
})

describe('encodeNamespace', () => {
  it('joins URL-encoded parts with %1F by default', () => {
    const caps = parseCapabilities({})
    expect(encodeNamespace(['accounting', 'tax'], caps)).toBe('accounting%1Ftax')
    expect(encodeNamespace(['a b', 'c/d', '100%', "it's"], caps)).toBe('a%20b%1Fc%2Fd%1F100%25%1Fit%27s')
    expect(joinNamespace(['a', 'b'], caps)).toBe('a\u001fb')
  })

  it('uses an advertised separator and escapes it inside parts', () => {
    const caps = parseCapabilities({ overrides: { 'namespace-separator': '%2E' } })
    expect(encodeNamespace(['a', 'b'], caps)).toBe('a%2Eb')
    expect(encodeNamespace(['a.x', 'b'], caps)).toBe('a%2Ex%2Eb')
  })
})
