import { describe, expect, it } from 'vitest'
import type { Exchange } from '../http/exchange.ts'
import { serverError } from './http.ts'

const ex = (status: number, headers: Record<string, string> = {}): Exchange => ({
  operationId: 'createNamespace',
  request: { method: 'POST', url: 'http://x/v1/namespaces', headers: {} },
  status,
  headers,
  bodyText: '',
  json: undefined,
  durationMs: 1,
  curl: 'curl x',
})
const ctx = (status: number | readonly number[]) => ({
  op: undefined,
  expectation: { status, rule: 'x/y', level: 'MUST' as const },
})

describe('server-error check', () => {
  it('reports a 5xx where a 4xx or 2xx was due, under its own rule', () => {
    expect(serverError(ex(500), ctx(400))).toMatchObject([{ rule: 'errors/no-5xx', level: 'MUST' }])
    expect(serverError(ex(502), ctx([200, 409]))).toHaveLength(1)
  })

  it('leaves alone expected 5xx, non-5xx answers and a transient 503 with Retry-After', () => {
    expect(serverError(ex(500), ctx([200, 500]))).toEqual([])
    expect(serverError(ex(404), ctx(400))).toEqual([])
    expect(serverError(ex(503, { 'retry-after': '1' }), ctx(200))).toEqual([])
  })
})
