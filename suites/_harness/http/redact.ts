/**
 * Redaction of secrets before anything is recorded, printed or written to a report: Authorization and
 * similar headers, OAuth form fields, and credentials inside JSON bodies (config tokens, storage credentials,
 * access keys). Also scrubs any literal secret value the run was given, wherever it appears.
 */
import { parseJson, stringifyJson } from '../../../schemas/model/json-int64.ts'

export const REDACTED = '[REDACTED]'

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key'])

/** Words that make a JSON key or form field a credential, anywhere in it. */
const SECRET_WORDS = 'token|secret|password|credential|access-key|access_key|key-id|session|signature'
/** JSON keys whose values are credentials (matched case-insensitively, as substrings for some). */
const SECRET_KEY = new RegExp(`(${SECRET_WORDS}|^authorization$|^sas)`, 'i')
/**
 * Text in which no key can match SECRET_KEY: none of its words occurs. Most bodies are such, and `body` then skips
 * parsing them: redacting every request and response was the largest part of the suites' own code in a worker's
 * profile (0.21 of 0.89 s, bundled certification).
 */
const SECRET_WORD = new RegExp(`${SECRET_WORDS}|authorization|sas`, 'i')
/** Keys that look secret but are not (ids, types, URIs and expiry fields). */
const NOT_SECRET_KEY =
  /(token-type|token_type|expires|expiry|refresh-enabled|uri$|url$|endpoint|^type$|^prefix$|next-page-token)/i

export class Redactor {
  private readonly secrets: string[]

  constructor(secrets: Iterable<string | undefined>) {
    // Longer first so that a secret containing another is scrubbed whole.
    this.secrets = [...new Set([...secrets].filter((s): s is string => !!s && s.length >= 4))].sort(
      (a, b) => b.length - a.length,
    )
  }

  /** Adds a secret learnt during the run (e.g. an OAuth access token). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 4 && !this.secrets.includes(secret)) {
      this.secrets.push(secret)
      this.secrets.sort((a, b) => b.length - a.length)
    }
  }

  text(s: string): string {
    let out = s
    // Most text holds no secret: looking costs less than splitting it (text runs on every header and URL).
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
    return out
  }

  headers(h: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [k, v] of Object.entries(h)) {
      out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? redactAuthValue(v) : this.text(v)
    }
    return out
  }

  /** Deep copy of a JSON value with secret-looking fields replaced. */
  json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.json(v))
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(value)) {
        out[k] =
          isSecretKey(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint')
            ? REDACTED
            : this.json(v)
      }
      return out
    }
    return typeof value === 'string' ? this.text(value) : value
  }

  /**
   * Redacts a body given as text: JSON is redacted structurally, form bodies by field, else by value. A JSON body
   * without a backslash reads as it parses (no escape can hide a key's word or a secret), so one without any of
   * SECRET_WORD's words has no secret key: scrubbing secret values is then all there is to do, and it keeps the text
   * as it was sent.
   */
  body(text: string, contentType: string | undefined): string {
    const form = contentType?.includes('x-www-form-urlencoded') ?? false
    if (!form && !text.includes('\\') && !SECRET_WORD.test(text)) return this.text(text)
    if (form) {
      const params = new URLSearchParams(text)
      for (const key of [...params.keys()]) if (isSecretKey(key)) params.set(key, REDACTED)
      return this.text(params.toString())
    }
    try {
      // Without loss: a transcript shows the ids the server sent, not their nearest doubles.
      return stringifyJson(this.json(parseJson(text)))
    } catch {
      return this.text(text)
    }
  }
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) && !NOT_SECRET_KEY.test(key)
}

function redactAuthValue(v: string): string {
  const scheme = /^(\w+)\s/.exec(v)?.[1]
  return scheme ? `${scheme} ${REDACTED}` : REDACTED
}
