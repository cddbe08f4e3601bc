/**
 * An Exchange is one request and its response, as the checks see it and as the reports record it.
 * `json` is the parsed response body (undefined when it is not JSON); the recorded copy is redacted.
 */
export interface RecordedRequest {
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly body?: string
}

export interface Exchange {
  readonly operationId: string
  readonly request: RecordedRequest
  readonly status: number
  readonly headers: Record<string, string>
  readonly bodyText: string
  readonly json: unknown
  readonly durationMs: number
  /** Copy-paste reproduction, secrets redacted. */
  readonly curl: string
  /** Set when no response came back (timeout, refused, reset); status is then 0. */
  readonly transportError?: string
}

/** What is stored on the test for reports: redacted, bodies truncated. */
export interface ExchangeRecord {
  readonly operationId: string
  readonly request: RecordedRequest
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
  readonly durationMs: number
  readonly curl: string
  readonly transportError?: string
}

export const RECORD_BODY_LIMIT = 16_384

export function truncate(s: string, limit = RECORD_BODY_LIMIT): string {
  return s.length <= limit ? s : `${s.slice(0, limit)}… [${s.length - limit} more characters]`
}
