/**
 * UUIDs the scenario suites send: v4 for table/view uuids in assign-uuid, v7 for Idempotency-Key (RFC 9562;
 * the spec asks for UUIDv7 keys).
 */
import { randomBytes, randomUUID } from 'node:crypto'

/** A random UUIDv4. */
export const uuid4 = (): string => randomUUID()

/** A UUIDv7: 48-bit Unix milliseconds, version 7, variant 10, random rest. */
export function uuid7(now = Date.now()): string {
  const b = randomBytes(16)
  b.writeUIntBE(now, 0, 6)
  b[6] = (b[6]! & 0x0f) | 0x70
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
