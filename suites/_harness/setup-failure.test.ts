import { describe, expect, it } from 'vitest'
import { Blocked, ConformanceFailure } from './results/errors.ts'
import { expectSetup, setupFailure, setupSucceeded, setupViolation } from './setup-failure.ts'
import type { Exchange } from './http/exchange.ts'

const ex = (status: number, transportError?: string): Exchange => ({
  operationId: 'createTable',
  request: { method: 'POST', url: 'http://x/v1/ns/tables', headers: {} },
  status,
  headers: {},
  bodyText: '',
  json: undefined,
  durationMs: 1,
  curl: 'curl x',
  ...(transportError ? { transportError } : {}),
})

describe('a setup step that did not succeed', () => {
  it('is the server’s failure only when no answer came', () => {
    expect(setupFailure(ex(0, 'connection reset'), 'create table')).toBeInstanceOf(ConformanceFailure)
    expect(setupViolation(ex(0, 'connection reset'), 'create table')?.rule).toBe('http/responds')
  })

  it('blocks the rule for any answer, 4xx or 5xx, naming the rule that carries the refusal', () => {
    for (const status of [404, 409, 500, 503]) {
      const thrown = setupFailure(ex(status), 'create table')
      expect(thrown).toBeInstanceOf(Blocked)
      expect((thrown as Blocked).rule).toBe('tables/create/returns-metadata')
      expect(setupViolation(ex(status), 'create table')).toBeUndefined()
    }
  })

  /** A refused commit of these updates. */
  const commit = (status: number, updates: object[]): Exchange => ({
    ...ex(status),
    operationId: 'updateTable',
    request: { method: 'POST', url: 'http://x', headers: {}, body: JSON.stringify({ updates }) },
  })

  it('names the update kind a refused commit carried', () => {
    const refused = commit(403, [{ action: 'remove-snapshots' }])
    expect((setupFailure(refused, 'commit') as Blocked).rule).toBe('commits/updates/remove-snapshots')
  })

  it('names the last kind of a refused commit of several: the pointing kind, whose test sends that pair', () => {
    const pair = commit(400, [{ action: 'add-schema' }, { action: 'set-current-schema', 'schema-id': -1 }])
    expect((setupFailure(pair, 'prepare') as Blocked).rule).toBe('commits/updates/set-current-schema')
  })
})

describe('a setup step succeeds', () => {
  it('with any success where a success is wanted, and only with the exact status otherwise', () => {
    expect(setupSucceeded(ex(200))).toBe(true)
    expect(setupSucceeded(ex(200), 204)).toBe(true)
    expect(setupSucceeded(ex(404), 204)).toBe(false)
    expect(setupSucceeded(ex(404), [404, 409])).toBe(true)
    expect(setupSucceeded(ex(200), [404, 409])).toBe(false)
    expect(() => expectSetup(ex(409), 'create table')).toThrow(Blocked)
  })
})
