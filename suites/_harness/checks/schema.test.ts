import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../../schemas/operations.ts'
import type { Exchange } from '../http/exchange.ts'
import { responseSchema } from './schema.ts'

const createTable = (status: number, bodyText: string, method = 'POST'): Exchange => ({
  operationId: 'createTable',
  request: { method, url: 'http://x/v1/namespaces/n/tables', headers: {} },
  status,
  headers: { 'content-type': 'application/json' },
  bodyText,
  json: bodyText ? (JSON.parse(bodyText) as unknown) : undefined,
  durationMs: 1,
  curl: 'curl x',
})
const ctx = { op: OPERATIONS.createTable, expectation: { rule: 'x/y', level: 'MUST' as const } }

describe('response-schema check', () => {
  it('reports a success answer without the body its schema gives it', () => {
    expect(responseSchema(createTable(200, ''), ctx)).toMatchObject([
      { rule: 'schema/LoadTableResult', level: 'MUST', received: '(no body)' },
    ])
  })

  it('reports a body that breaks the schema, and passes one that keeps it', () => {
    expect(responseSchema(createTable(200, '{"metadata-location":"x"}'), ctx)[0]).toMatchObject({
      rule: 'schema/LoadTableResult',
    })
    const body = { metadata: { 'format-version': 2, 'table-uuid': 'u', location: 'l' } }
    expect(
      responseSchema(createTable(200, JSON.stringify(body)), ctx).map((v) => v.message),
    ).not.toContainEqual(expect.stringMatching(/no body/))
  })

  it('leaves alone other statuses, and HEAD answers (which have no body)', () => {
    expect(responseSchema(createTable(201, ''), ctx)).toEqual([])
    expect(responseSchema(createTable(409, ''), ctx)).toEqual([])
    expect(responseSchema(createTable(200, '', 'HEAD'), ctx)).toEqual([])
  })
})
