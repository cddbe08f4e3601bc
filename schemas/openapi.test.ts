import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadOpenApi, openApiValidator, toJsonSchema } from './openapi.ts'

const DIR = join(import.meta.dirname, '..', 'fixtures', 'schemas', 'openapi')

describe('loadOpenApi (OpenAPI 3.0, YAML)', () => {
  const api = loadOpenApi(join(DIR, 'mini-3.0.yaml'))
  const config = { defaults: {}, overrides: { warehouse: 's3://b' } }

  it('reads the version and operations', () => {
    expect(api.version).toBe('3.0.3')
    expect(api.hasOperation('getConfig')).toBe(true)
    expect(api.hasOperation('dropTable')).toBe(false)
  })

  it('accepts a matching body and reports a mismatch with its path', () => {
    expect(api.validateResponse('getConfig', 200, config)).toEqual([])
    expect(api.validateResponse('getConfig', 200, { defaults: {}, overrides: { a: 1 } })).toEqual([
      { instancePath: '/overrides/a', message: '/overrides/a must be string' },
    ])
  })

  it('turns nullable into null-able types, enums and refs', () => {
    expect(api.validateResponse('getConfig', 200, { ...config, level: null, owner: null })).toEqual([])
    expect(api.validateResponse('getConfig', 200, { ...config, owner: { name: 'x' } })).toEqual([])
    expect(api.validateResponse('getConfig', 200, { ...config, owner: {} })).not.toEqual([])
    expect(api.validateResponse('getConfig', 200, { ...config, level: 'mid' })[0]?.instancePath).toBe(
      '/level',
    )
    expect(
      api.validateResponse('listNamespaces', 200, { namespaces: [['a']], 'next-page-token': null }),
    ).toEqual([])
  })

  it('rewrites the boolean exclusiveMinimum of OpenAPI 3.0', () => {
    expect(api.validateResponse('getConfig', 200, { ...config, 'page-size': 1 })).toEqual([])
    expect(api.validateResponse('getConfig', 200, { ...config, 'page-size': 0 })[0]?.instancePath).toBe(
      '/page-size',
    )
  })

  it('falls back to 4XX (through chained response $refs), then default', () => {
    const error = { error: { message: 'm', type: 'NoSuchWarehouseException', code: 404 } }
    expect(api.validateResponse('getConfig', 404, error)).toEqual([])
    expect(api.validateResponse('getConfig', 404, { message: 'bare' })[0]?.message).toMatch(
      /required property 'error'/,
    )
    expect(
      api.validateResponse('getConfig', 503, { error: { message: 'm', type: 'T', code: 700 } })[0]
        ?.instancePath,
    ).toBe('/error/code')
  })

  it('reports an undocumented status and a missing body; nothing to check without a schema', () => {
    expect(api.validateResponse('listNamespaces', 500, {})[0]?.message).toMatch(
      /status 500 is not documented/,
    )
    expect(api.validateResponse('getConfig', 200, undefined)[0]?.message).toMatch(/got none/)
    expect(api.validateResponse('namespaceExists', 204, undefined)).toEqual([])
  })

  it('throws for an unknown operationId', () => {
    expect(() => api.validateResponse('dropTable', 204, undefined)).toThrow(/'dropTable' is not in/)
  })
})

describe('loadOpenApi (OpenAPI 3.1, JSON)', () => {
  it('validates with 3.1 type arrays', () => {
    const api = loadOpenApi(join(DIR, 'mini-3.1.json'))
    expect(api.version).toBe('3.1.0')
    expect(
      api.validateResponse('loadNamespaceMetadata', 200, { namespace: ['a'], properties: null }),
    ).toEqual([])
    expect(api.validateResponse('loadNamespaceMetadata', 200, { properties: {} })[0]?.instancePath).toBe('')
  })
})

describe('openApiValidator', () => {
  it('rejects a document that is not OpenAPI', () => {
    expect(() => openApiValidator({ swagger: '2.0' }, 'x.yaml')).toThrow(
      /x.yaml is not an OpenAPI 3.x document/,
    )
  })

  it('toJsonSchema wraps a type-less nullable schema and leaves others alone', () => {
    expect(toJsonSchema({ nullable: true, $ref: '#/components/schemas/A' })).toEqual({
      anyOf: [{ $ref: 'urn:catalog-conformance:openapi#/components/schemas/A' }, { type: 'null' }],
    })
    expect(toJsonSchema({ type: 'integer', exclusiveMaximum: false, maximum: 3 })).toEqual({
      type: 'integer',
      maximum: 3,
    })
  })
})
