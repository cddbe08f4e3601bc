import { describe, expect, it } from 'vitest'
import { requestsLine } from './requests-line.ts'

describe('requestsLine', () => {
  it('says the requests, their longest chain with its floor at 40 ms, and the peak in flight', () => {
    expect(
      requestsLine({
        durationMs: 12_340,
        requests: { total: 5059, longestChain: 301, peakInFlight: 46, byArea: {} },
      }),
    ).toBe(
      'requests: 5059 in 12.3 s; longest chain 301 (no run of these tests ends sooner than 301 round trips: 12 s at 40 ms); at most 46 in flight',
    )
  })

  it('is absent for results written before requests were counted', () => {
    expect(requestsLine({ durationMs: 1 })).toBeUndefined()
  })
})
