/**
 * What a recorded answer says, read the same way by the judge and the reports: its error type and message (the
 * envelope's, a bare `message` as an HTTP server's own error page has it, an HTML page's title, the text), the text a
 * server error names, and the answer a failure's first MUST violation was recorded on. The judge's distinct-failure
 * signatures (support/failure-signature.ts) and the reports' defects and failure lines read answers with these.
 */
import type { ExchangeRecord } from './exchange-record.ts'
import type { Violation } from './violation.ts'

/** An answer as recorded: its body, and its headers where they were kept. */
export interface RecordedAnswer {
  readonly body: string
  readonly headers?: Readonly<Record<string, string>>
}

/** A recorded answer with its status: what a failure's first MUST violation was recorded on (firstMustAnswer). */
export type StatusAnswer = RecordedAnswer & { readonly status: number }

/** What an answer names: its error type and message, and whether the server named the type (answerText). */
export interface AnswerText {
  readonly errorType: string
  readonly message: string
  readonly typeNamed: boolean
}

/** A leading exception class (`java.lang.IllegalArgumentException: …`): the error type a bare message names. */
const EXCEPTION_PREFIX = /^\s*(?:[\w$]+\.)*([\w$]*(?:Exception|Error))\s*:\s*/

/**
 * The error type and message of a recorded answer: the envelope's, a bare `message`'s, an HTML title, the text. The
 * type of a body that names none is its content type (`typeNamed` false): what the server sent, not an error it named.
 */
export function answerText(ex: RecordedAnswer): AnswerText {
  const body = ex.body.trim()
  if (body === '') return { errorType: '', message: '', typeNamed: false }
  let type: string | undefined
  let message: string | undefined
  let contentTyped = false
  try {
    const json = JSON.parse(body) as unknown
    if (json && typeof json === 'object') {
      const o = json as { error?: { type?: unknown; message?: unknown }; message?: unknown }
      const err = o.error && typeof o.error === 'object' ? o.error : undefined
      if (typeof err?.type === 'string') type = err.type
      const m = err?.message ?? o.message
      if (typeof m === 'string') message = m
    }
    // A JSON body that is no error (a listing, a table) names no error.
    message ??= ''
  } catch {
    // A body cut at the recorded length, or not JSON at all.
    const t = /"type"\s*:\s*"([^"\\]*)"/.exec(body)?.[1]
    const m = /"message"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(body)?.[1]
    if (t !== undefined) type = t
    if (m !== undefined) message = m.replace(/\\(.)/g, '$1')
    else {
      const title = /<title>([^<]*)<\/title>/i.exec(body)?.[1]
      const ct = contentType(ex.headers ?? {})
      type = ct ?? 'text'
      contentTyped = true
      message = title ?? body
    }
  }
  const prefix = EXCEPTION_PREFIX.exec(message)
  if (prefix && type === undefined)
    return { errorType: prefix[1] ?? '', message: message.slice(prefix[0].length), typeNamed: true }
  return { errorType: type ?? '', message, typeNamed: type !== undefined && !contentTyped }
}

export function contentType(headers: Readonly<Record<string, string>>): string | undefined {
  const v = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1]
  return v?.split(';')[0]?.trim().toLowerCase() || undefined
}

/**
 * What a server error's answer names, on one text: its type and message (`NoSuchTableException: no t`), or what the
 * body says (an HTML title, the text); '' below 500 and for a body that names nothing (a JSON body without a message).
 */
export function serverErrorText(answer: StatusAnswer | undefined): string {
  if (!answer || answer.status < 500) return ''
  const { errorType, message, typeNamed } = answerText(answer)
  // A content type stands in for the type of a body that names none: not something the server named.
  return typeNamed && errorType && message ? `${errorType}: ${message}` : message
}

/** The answer the first MUST violation of `violations` was recorded on: its curl line names the request. */
export function firstMustAnswer<E extends Pick<ExchangeRecord, 'curl'>>(
  violations: readonly Violation[],
  exchanges: readonly E[],
): E | undefined {
  const must = violations.find((v) => v.level === 'MUST')
  return must?.curl ? exchanges.findLast((x) => x.curl === must.curl) : undefined
}
