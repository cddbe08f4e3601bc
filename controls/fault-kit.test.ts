import { describe, expect, it } from 'vitest'
import type { ServerRequest, ServerResponse } from '../reference-server/index.ts'
import { isError, jsonOf, onOperations, operationOf, withHeaders, withJson, withStatus } from './fault-kit.ts'

const req = (method: string, path: string): ServerRequest => ({
  method,
  path,
  query: new URLSearchParams(),
  headers: {},
  body: '',
})
const res: ServerResponse = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ namespace: ['a'], properties: { k: 'v' } }),
}

describe('fault kit', () => {
  it('names the operation of a request under the default prefix, and nothing else', () => {
    expect(operationOf(req('GET', '/v1/ref/namespaces/a'))).toBe('loadNamespaceMetadata')
    expect(operationOf(req('DELETE', '/v1/ref/namespaces/a'))).toBe('dropNamespace')
    expect(operationOf(req('GET', '/v1/other/namespaces/a'))).toBeUndefined()
    expect(operationOf(req('GET', '/v1/other/namespaces/a'), 'other')).toBe('loadNamespaceMetadata')
  })

  it('rewrites only the responses of the given operations that match', async () => {
    const hook = onOperations(
      ['loadNamespaceMetadata'],
      (r) => withStatus(r, 201),
      (r) => r.status === 200,
    )
    expect((await hook(req('GET', '/v1/ref/namespaces/a'), res)).status).toBe(201)
    expect((await hook(req('GET', '/v1/ref/namespaces'), res)).status).toBe(200)
    expect((await hook(req('GET', '/v1/ref/namespaces/a'), withStatus(res, 404))).status).toBe(404)
  })

  it('edits JSON bodies on a copy and headers by name', () => {
    const edited = withJson(res, (b) => {
      delete b.namespace
    })
    expect(jsonOf(edited)).toEqual({ properties: { k: 'v' } })
    expect(jsonOf(res)).toEqual({ namespace: ['a'], properties: { k: 'v' } })
    expect(jsonOf(withJson(res, () => ({ replaced: true })))).toEqual({ replaced: true })
    expect(withHeaders(res, { 'Content-Type': 'text/plain', etag: null }).headers).toEqual({
      'content-type': 'text/plain',
    })
    expect(jsonOf({ status: 200, headers: {}, body: 'not json' })).toBeUndefined()
    expect(isError(withStatus(res, 400))).toBe(true)
  })
})
