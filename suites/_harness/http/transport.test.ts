import { describe, expect, it } from 'vitest'
import { retryAfterMs } from './transport.ts'

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates; nothing else asks for a retry', () => {
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      5000,
    )
    expect(retryAfterMs(undefined)).toBeUndefined()
    expect(retryAfterMs('soon')).toBeUndefined()
  })
})
