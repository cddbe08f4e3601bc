/**
 * Benign values for optional request parameters, so that a rule can send each parameter its profile's release
 * defines in a request whose answer the spec fixes with or without it: spec coverage counts what was sent, and a
 * parameter the spec gives no judgeable behaviour is at least sent where the answer is judged. Each helper
 * returns nothing for a parameter the release does not define on the operation, so older profiles send the
 * requests they always sent.
 */
import { atLeast, paramsAt, requestFieldAt } from '../../../schemas/operations.ts'
import type { OperationId, Release } from '../../../schemas/operations.ts'
import { getProfile } from '../../../schemas/profiles.ts'
import { joinNamespace } from '../client.ts'
import type { RunContext } from '../run-context.ts'
import { uuid7 } from './uuid.ts'

type Run = Pick<RunContext, 'profile' | 'delegationHeader' | 'caps'>

/** Whether the run's release defines query parameter (or header) `name` on operation `op`. */
export function defines(
  run: Pick<RunContext, 'profile'>,
  op: OperationId,
  key: 'query' | 'headers',
  name: string,
): boolean {
  return paramsAt(op, key, getProfile(run.profile).release).includes(name)
}

/** Whether the run's profile follows release `r` or a later one (a rule part that came with `r`). */
export function releaseAtLeast(run: Pick<RunContext, 'profile'>, r: Release): boolean {
  return atLeast(getProfile(run.profile).release, r)
}

/** Whether the run's release defines top-level request-body field `field` on operation `op`. */
export function definesField(run: Pick<RunContext, 'profile'>, op: OperationId, field: string): boolean {
  return requestFieldAt(op, field, getProfile(run.profile).release)
}

/**
 * The access-delegation header asking for vended credentials, where the release defines it on `op`. "The server
 * may choose to supply access via any or none of the requested mechanisms": it never changes what else is due.
 */
export function delegationHeader(run: Run, op: OperationId): Record<string, string> {
  return defines(run, op, 'headers', 'X-Iceberg-Access-Delegation')
    ? { [run.delegationHeader]: 'vended-credentials' }
    : {}
}

/** A fresh UUIDv7 Idempotency-Key (one per logical operation), where the release defines the header on `op`. */
export function freshIdempotencyKey(
  run: Pick<RunContext, 'profile'>,
  op: OperationId,
): Record<string, string> {
  return defines(run, op, 'headers', 'Idempotency-Key') ? { 'Idempotency-Key': uuid7() } : {}
}

/**
 * A `referenced-by` value for a view chain, outermost view first: each view as `{namespace}{separator}{view}`
 * with the separator the server advertises, the views joined by commas. The run's names carry neither commas
 * nor the separator, so no view needs the %2C escape the spec prescribes for commas in names.
 */
export function referencedBy(
  run: Pick<RunContext, 'caps'>,
  chain: readonly { readonly namespace: readonly string[]; readonly view: string }[],
): string {
  return chain.map((v) => joinNamespace([...v.namespace, v.view], run.caps)).join(',')
}

/**
 * A query with `pageSize`, and `pageToken=` beside it, as Iceberg's Java client sends a first page: a rule about the
 * pageSize value sends it so, and a server that cannot answer pageSize without a token fails
 * pagination/<list>/page-size-without-token alone.
 */
export function pageSizeQuery(pageSize: string | number): { pageToken: string; pageSize: string | number } {
  return { pageToken: '', pageSize }
}
