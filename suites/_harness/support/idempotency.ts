/** Helpers of the idempotency suites: a fresh key per logical operation, and the gate. */
import type { Fixtures } from '../dsl.ts'
import { uuid7 } from './uuid.ts'

/** Headers with a fresh UUIDv7 Idempotency-Key (one per logical operation, as the spec asks of clients). */
export const idempotencyKey = (): Record<string, string> => ({ 'idempotency-key': uuid7() })

/** Ends the test as unsupported unless /v1/config advertises idempotency-key-lifetime. */
export function requireIdempotency(ctx: Pick<Fixtures, 'run' | 'unsupported'>): void {
  if (!ctx.run.caps.idempotencyKeyLifetime)
    ctx.unsupported('idempotency-key-lifetime is not advertised in /v1/config')
}
