import { describe, expect, it } from 'vitest'
import { expectedStatuses, statusMessage, statusMessageType, statusWithError } from './status-message.ts'

const envelope = (type: unknown, message: string) => ({ error: { type, message, code: 422 } })

describe('status messages', () => {
  it('read back the error type and the expected statuses they were written with', () => {
    const m = statusMessage(422, envelope('RequestValidationError', 'body.x: Field required'), '400')
    expect(m).toBe('status 422 (RequestValidationError: body.x: Field required), expected 400')
    expect(statusMessageType(m)).toBe('RequestValidationError')
    expect(expectedStatuses(m)).toEqual(['400'])
    expect(expectedStatuses(statusMessage(500, undefined, '200, 404 or a 4xx'))).toEqual([
      '200',
      '404',
      '4xx',
    ])
  })

  it('name no type for an answer without one, or without the envelope', () => {
    expect(statusMessageType(statusMessage(422, envelope(undefined, 'body.x: bad'), '400'))).toBeUndefined()
    expect(statusMessageType(statusMessage(422, { detail: 'bad' }, '400'))).toBeUndefined()
    expect(statusMessageType('the body is not valid JSON')).toBeUndefined()
    expect(statusWithError(404, 'not json')).toBe('404')
  })

  it('cut the server’s message at 200 characters, never the expectation after it', () => {
    const m = statusMessage(409, envelope('CommitFailedException', 'x'.repeat(500)), '200 or 204')
    expect(m.length).toBeLessThan(280)
    expect(expectedStatuses(m)).toEqual(['200', '204'])
  })

  it('leave out what a check names as not expected', () => {
    expect(expectedStatuses('status 500, expected a 4xx other than 404')).toEqual(['4xx'])
  })
})
