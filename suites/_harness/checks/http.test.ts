import { describe, expect, it } from 'vitest'
import type { Exchange } from '../http/exchange.ts'
import type { Level } from './types.ts'
import { errorEnvelope } from './errors.ts'
import { jsonContentType, serverError, statusExpected, statusSet } from './http.ts'

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
const ctx = (
  status: number | readonly number[],
  more: { serverError?: 'robustness'; level?: Level; rule?: string } = {},
) => ({
  op: undefined,
  expectation: { status, rule: more.rule ?? 'x/y', level: more.level ?? ('MUST' as const), ...more },
})

describe('a 5xx where the document names the answer', () => {
  it('fails the rule at its level through the status check, and is reported once', () => {
    expect(statusExpected(ex(500), ctx(400))).toMatchObject([{ rule: 'x/y', level: 'MUST' }])
    expect(statusExpected(ex(502), ctx([200, 409], { level: 'SHOULD' }))).toMatchObject([{ level: 'SHOULD' }])
    expect(serverError(ex(500), ctx(400))).toEqual([])
  })
})

describe('a 5xx where the document names no answer (schema-valid but unusual input)', () => {
  it('is a robustness finding, never a status violation', () => {
    expect(statusExpected(ex(500), ctx(400, { serverError: 'robustness' }))).toEqual([])
    expect(serverError(ex(500), ctx(400, { serverError: 'robustness' }))).toMatchObject([
      { rule: 'errors/no-5xx', level: 'ROBUSTNESS', received: '500' },
    ])
  })

  it('is reported under a ROBUSTNESS rule of its own when the test judges one', () => {
    const own = ctx([200, 400], { level: 'ROBUSTNESS', rule: 'robustness/page-token/no-5xx' })
    expect(statusExpected(ex(500), own)).toEqual([])
    expect(serverError(ex(500), own)).toMatchObject([
      { rule: 'robustness/page-token/no-5xx', level: 'ROBUSTNESS' },
    ])
  })

  it('leaves alone expected 5xx, non-5xx answers and a transient 503 with Retry-After', () => {
    const r = { serverError: 'robustness' as const }
    expect(serverError(ex(500), ctx([200, 500], r))).toEqual([])
    expect(serverError(ex(404), ctx(400, r))).toEqual([])
    expect(statusExpected(ex(404), ctx(400, r))).toMatchObject([{ level: 'MUST' }])
    expect(serverError(ex(503, { 'retry-after': '1' }), ctx(200, r))).toEqual([])
  })
})

describe('a set of statuses in words', () => {
  it('names a whole class as one, and lists the rest', () => {
    const fourxx = Array.from({ length: 100 }, (_, i) => 400 + i)
    expect(statusSet([200, 201, 204, ...fourxx])).toBe('200, 201, 204 or a 4xx')
    expect(statusSet(fourxx)).toBe('a 4xx')
    expect(statusSet([400, 422])).toBe('400 or 422')
    expect(statusSet([409])).toBe('409')
  })
})

describe('the error envelope of a 400', () => {
  const jetty = (status: number): Exchange => ({
    ...ex(status),
    headers: { 'content-type': 'application/json' },
    json: { servlet: 'x', message: 'Ambiguous URI path encoding', url: '/v1/x', status: String(status) },
  })
  it('is a SHOULD when the body is not the envelope at all (middleware may answer a bad request), a MUST elsewhere', () => {
    expect(errorEnvelope(jetty(400), ctx(200))).toMatchObject([{ rule: 'errors/envelope', level: 'SHOULD' }])
    expect(errorEnvelope(jetty(404), ctx(200))).toMatchObject([{ rule: 'errors/envelope', level: 'MUST' }])
    const broken: Exchange = { ...jetty(400), json: { error: { message: 'm', type: '', code: 400 } } }
    expect(errorEnvelope(broken, ctx(200))).toMatchObject([{ level: 'MUST' }])
  })
})

describe('the error body of a router’s answer', () => {
  it('is judged at SHOULD for a 4xx to a request that may never reach the operation, at MUST for its 5xx', () => {
    const routed = (status: number): Exchange => ({
      ...ex(status),
      headers: { 'content-type': 'application/json' },
      json: { detail: 'Not Found' },
    })
    const mayBeRouter = { ...ctx(200), expectation: { ...ctx(200).expectation, mayBeRouterAnswer: true } }
    expect(errorEnvelope(routed(404), mayBeRouter)).toMatchObject([
      { rule: 'errors/envelope', level: 'SHOULD' },
    ])
    expect(errorEnvelope(routed(404), ctx(200))).toMatchObject([{ level: 'MUST' }])
    expect(errorEnvelope(routed(500), mayBeRouter)).toMatchObject([{ level: 'MUST' }])
  })
})

describe('an error answer whose body is no JSON', () => {
  const page = (status: number, contentType: string, bodyText: string): Exchange => ({
    ...ex(status, { 'content-type': contentType }),
    bodyText,
  })
  const rules = (e: Exchange) =>
    [...jsonContentType(e, ctx(200)), ...errorEnvelope(e, ctx(200))].map(
      (v) => `${v.rule} ${v.level} ${v.message}`,
    )

  it('is one defect, the envelope check’s, at its level, naming the label it came under', () => {
    expect(rules(page(404, 'text/html', '<html>Not Found</html>'))).toEqual([
      'errors/envelope MUST error response body is not JSON (Content-Type "text/html")',
    ])
    expect(rules(page(500, 'application/json', '{"message":"a\nb"}'))).toEqual([
      'errors/envelope MUST error response body is not valid JSON, though its Content-Type is "application/json"',
    ])
    expect(rules(page(400, 'text/plain', 'Bad Request'))).toEqual([
      'errors/envelope SHOULD error response body is not JSON (Content-Type "text/plain")',
    ])
  })

  it('leaves the HTTP checks a success body that is no JSON, and an error envelope under another label', () => {
    expect(
      rules({ ...page(200, 'application/json', '{"a":'), operationId: 'loadNamespaceMetadata' }),
    ).toEqual(['http/json-body MUST the body is not valid JSON'])
    const labelled = {
      ...page(404, 'text/plain', '{}'),
      json: { error: { message: 'm', type: 'T', code: 404 } },
    }
    expect(rules(labelled)).toEqual([
      'http/json-content-type MUST Content-Type is "text/plain", expected application/json',
    ])
  })

  it('is the token endpoint’s own (OAuth2 errors are not the catalog envelope)', () => {
    expect(rules({ ...page(400, 'application/json', '{'), operationId: 'getToken' })).toEqual([
      'http/json-body MUST the body is not valid JSON',
    ])
  })
})
