import { describe, expect, it } from 'vitest'
import type { Exchange } from '../http/exchange.ts'
import { fingerprint, notServed, servedEvidence } from './endpoint-probes.ts'

const ex = (method: string, status: number, body = '', type = 'application/json'): Exchange => ({
  operationId: 'x',
  request: { method, url: 'http://h/v1/x', headers: {} },
  status,
  headers: body ? { 'content-type': type } : {},
  bodyText: body,
  json: body ? (JSON.parse(body) as unknown) : undefined,
  durationMs: 1,
  curl: '',
})

const noRoute = fingerprint(ex('GET', 404, '{"error":{"message":"no route","type":"NotFound","code":404}}'))

describe('served or not, from one answer', () => {
  it('a 404 unlike the no-route answer proves a GET route is served; the same 404 proves it is not', () => {
    const typed = ex('GET', 404, '{"error":{"message":"no view","type":"NoSuchViewException","code":404}}')
    expect(servedEvidence(typed, { noRoute })).toBe(true)
    const same = ex('GET', 404, '{"error":{"message":"no route","type":"NotFound","code":404}}')
    expect(servedEvidence(same, { noRoute })).toBe(false)
    expect(notServed(same, { noRoute })).toBe(true)
  })
  it('a 404 to HEAD (no body) proves nothing about its route', () => {
    expect(servedEvidence(ex('HEAD', 404), { noRoute })).toBe(false)
    expect(servedEvidence(ex('HEAD', 204), { noRoute })).toBe(true)
  })
})
