import { describe, expect, it } from 'vitest'
import { ConformanceFailure, SetupError } from './results/errors.ts'
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
  it('is the server’s failure when a valid request got a 5xx or no answer', () => {
    expect(setupFailure(ex(500), 'create table')).toBeInstanceOf(ConformanceFailure)
    expect(setupViolation(ex(503), 'create table')).toMatchObject({
      rule: 'errors/valid-request-no-5xx',
      level: 'MUST',
    })
    expect(setupViolation(ex(0, 'connection reset'), 'create table')?.rule).toBe('http/responds')
  })

  it('leaves the rule unjudged (a setup error) for any other refusal', () => {
    expect(setupFailure(ex(404), 'create table')).toBeInstanceOf(SetupError)
    expect(setupViolation(ex(409), 'create table')).toBeUndefined()
  })
})

describe('a setup step succeeds', () => {
  it('with any success where a success is wanted, and only with the exact status otherwise', () => {
    expect(setupSucceeded(ex(200))).toBe(true)
    expect(setupSucceeded(ex(200), 204)).toBe(true)
    expect(setupSucceeded(ex(404), 204)).toBe(false)
    expect(setupSucceeded(ex(404), [404, 409])).toBe(true)
    expect(setupSucceeded(ex(200), [404, 409])).toBe(false)
    expect(() => expectSetup(ex(409), 'create table')).toThrow(SetupError)
  })
})
