/**
 * An Exchange is one request and its response, as the checks see it and as the reports record it.
 * `json` is the parsed response body (undefined when it is not JSON); the recorded copy is redacted.
 */
import type { ExchangeRecord, RecordedRequest } from '../results/exchange-record.ts'
import type { Redactor } from './redact.ts'
export type { ExchangeRecord, RecordedRequest } from '../results/exchange-record.ts'

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
  /** How many times the request was sent again after a 503/429 with Retry-After. */
  readonly retries?: number
  /** 1 when an idempotent request was sent again on a new connection: the server had closed the one it went on. */
  readonly reconnects?: number
}

export const RECORD_BODY_LIMIT = 16_384

export function truncate(s: string, limit = RECORD_BODY_LIMIT): string {
  return s.length <= limit ? s : `${s.slice(0, limit)}… [${s.length - limit} more characters]`
}

/** The exchange as reports keep it: headers and body redacted, the body truncated. */
export function recordOf(ex: Exchange, redactor: Redactor): ExchangeRecord {
  return {
    operationId: ex.operationId,
    request: ex.request,
    status: ex.status,
    headers: redactor.headers(ex.headers),
    body: truncate(redactor.body(ex.bodyText, ex.headers['content-type'])),
    durationMs: Math.round(ex.durationMs * 10) / 10,
    curl: ex.curl,
    ...(ex.transportError ? { transportError: ex.transportError } : {}),
  }
}
