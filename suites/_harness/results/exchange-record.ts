/** An exchange as the results model records it: the request and its response, redacted, bodies truncated. */
export interface RecordedRequest {
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly body?: string
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
