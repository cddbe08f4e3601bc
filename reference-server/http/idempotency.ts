/**
 * Idempotency-Key. Keys must be UUIDs (400 otherwise; the spec asks clients for v7, its schema says `format: uuid`). A key is bound to its
 * operation, path and body: reuse with anything else is 422. Finalized responses (2xx and
 * deterministic 4xx) are replayed for the key's lifetime without running the operation again; 5xx
 * is not stored, so a retry really re-executes. A duplicate arriving while the first request is still
 * running waits for it.
 */
import { createHash } from 'node:crypto'
import { badRequest, unprocessable } from '../errors.ts'
import type { ServerResponse } from './types.ts'

/** Any RFC 9562 UUID: the spec says a key *should* be a UUIDv7, and its schema accepts any `format: uuid`. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Statuses that depend on the moment (auth, throttling, timeouts), never replayed. */
const TRANSIENT = new Set([401, 403, 408, 419, 425, 429])

interface Entry {
  readonly fingerprint: string
  response?: ServerResponse
  pending?: Promise<ServerResponse>
  expiresAt: number
}

/** Parses an ISO 8601 duration of days, hours, minutes and seconds (e.g. `PT30M`) into milliseconds. */
export function parseDuration(iso: string): number {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso)
  if (!m || iso === 'P' || iso.endsWith('T')) throw new Error(`Invalid ISO 8601 duration: ${iso}`)
  const [d, h, min, s] = [m[1], m[2], m[3], m[4]].map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
  ]
  return (((d * 24 + h) * 60 + min) * 60 + s) * 1000
}

export const isFinalized = (status: number): boolean => status < 500 && !TRANSIENT.has(status)

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>()

  private readonly lifetimeMs: number
  private readonly now: () => number
  constructor(lifetimeMs: number, now: () => number) {
    this.lifetimeMs = lifetimeMs
    this.now = now
  }

  /** Runs `exec` once per key; replays its finalized response to later requests with the same key. */
  async run(
    rawKey: string,
    operation: string,
    path: string,
    body: string,
    exec: () => Promise<ServerResponse>,
  ): Promise<ServerResponse> {
    if (!UUID.test(rawKey)) throw badRequest(`Invalid Idempotency-Key (expected a UUID): ${rawKey}`)
    const key = rawKey.toLowerCase()
    const fingerprint = `${operation} ${path} ${createHash('sha256').update(body).digest('hex')}`
    this.expire()
    for (;;) {
      const entry = this.entries.get(key)
      if (!entry) break
      if (entry.fingerprint !== fingerprint) {
        throw unprocessable('Idempotency-Key was already used for a different operation, path or body')
      }
      if (entry.response)
        return { ...entry.response, headers: { ...entry.response.headers, 'idempotent-replayed': 'true' } }
      if (!entry.pending) break
      await entry.pending.catch(() => undefined)
      if (this.entries.get(key) === entry && !entry.response) break
    }
    const entry: Entry = { fingerprint, expiresAt: Infinity }
    this.entries.set(key, entry)
    const pending = exec()
    entry.pending = pending
    try {
      const res = await pending
      if (isFinalized(res.status)) {
        entry.response = res
        entry.expiresAt = this.now() + this.lifetimeMs
      } else this.entries.delete(key)
      return res
    } catch (e) {
      this.entries.delete(key)
      throw e
    } finally {
      delete entry.pending
    }
  }

  private expire(): void {
    const t = this.now()
    for (const [k, e] of this.entries) if (e.expiresAt <= t) this.entries.delete(k)
  }
}
