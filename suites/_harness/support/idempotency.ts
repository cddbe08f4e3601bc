/**
 * Helpers of the idempotency suites: a fresh key per logical operation, and the gate. Whether a
 * server honours Idempotency-Key is judged by behaviour, not only by the advertisement: a server that honours keys
 * without advertising `idempotency-key-lifetime` is still judged on what it does (and told it does not advertise).
 */
import type { Fixtures } from '../dsl.ts'
import { Blocked } from '../results/errors.ts'
import { uuid7 } from './uuid.ts'

/** Headers with a fresh UUIDv7 Idempotency-Key (one per logical operation, as the spec asks of clients). */
export const idempotencyKey = (): Record<string, string> => ({ 'idempotency-key': uuid7() })

export type IdempotencySupport = 'advertised' | 'honoured-unadvertised' | 'not-honoured'

/** One probe per worker and run: the answer does not change within a run. */
const probes = new Map<string, Promise<IdempotencySupport>>()

/**
 * Advertised in /v1/config, or else probed: a namespace created twice under one key. A replay (200 again) means the
 * server honours keys; a 409 means it ran the request again. The probe works in a fresh run namespace.
 */
export function idempotencySupport(
  ctx: Pick<Fixtures, 'run' | 'catalog' | 'sandbox'>,
): Promise<IdempotencySupport> {
  if (ctx.run.caps.idempotencyKeyLifetime) return Promise.resolve('advertised')
  let probe = probes.get(ctx.run.runId)
  if (!probe) {
    probe = (async () => {
      const namespace = ctx.sandbox.names.namespace('idprobe')
      const headers = idempotencyKey()
      const first = await ctx.catalog.op.createNamespace({ body: { namespace }, headers })
      if (first.status !== 200) return 'not-honoured'
      const again = await ctx.catalog.op.createNamespace({ body: { namespace }, headers })
      return again.status === 200 ? 'honoured-unadvertised' : 'not-honoured'
    })()
    probes.set(ctx.run.runId, probe)
  }
  return probe
}

/**
 * Ends the test as unsupported unless the server advertises idempotency or honours keys all the same. A server that
 * honours keys without advertising them owes clients nothing (the spec tells them to assume no idempotency), so its
 * test is judged at SHOULD: what it does is reported, and never fails the verdict.
 */
export async function requireIdempotency(
  ctx: Pick<Fixtures, 'run' | 'catalog' | 'sandbox' | 'unsupported' | 'meta'>,
): Promise<void> {
  const support = await idempotencySupport(ctx)
  if (support === 'not-honoured')
    ctx.unsupported(
      'idempotency-key-lifetime is not advertised in /v1/config, and a replayed create is not replayed',
    )
  if (support === 'honoured-unadvertised' && ctx.meta.level === 'MUST') ctx.meta.level = 'SHOULD'
}

/**
 * Counts a defect once: a finalized 409 is replayed (…/replays-409) only by a server that replays at all. `plain`
 * sends the plain replay of the same operation (a success, sent again with its key) and returns the second answer's
 * status, or undefined when it answered as the first did; a server that ran it again ignores the key on that
 * operation, which `carrier` (the plain replay rule) judges: the test is blocked by it rather than failing too.
 */
export async function requirePlainReplay(
  carrier: string,
  plain: () => Promise<number | undefined>,
): Promise<void> {
  const status = await plain()
  if (status !== undefined)
    throw new Blocked(
      `blocked by ${carrier}: a plain replay of the operation, with its key, was run again (answered ${status}), as judged there; whether a finalized 409 is replayed is asked only of a server that replays`,
      carrier,
    )
}
