import { setTimeout as sleep } from 'node:timers/promises'

/** What a readiness probe saw last; kept for the error message when the deadline passes. */
export interface ProbeResult {
  readonly ok: boolean
  /** `HTTP 503`, `ECONNREFUSED`, `timeout`… */
  readonly detail: string
}

export interface WaitForHttpOptions {
  /** Absolute URL to GET. */
  readonly url: string
  /** Epoch milliseconds after which waiting stops. */
  readonly deadline: number
  /** Statuses that mean "ready"; 200 by default. */
  readonly acceptStatus?: (status: number) => boolean
  /** Pause between attempts. */
  readonly intervalMs?: number
  /** Per-attempt timeout; a hung server must not eat the whole deadline in one request. */
  readonly requestTimeoutMs?: number
  /** Checked before each attempt: return an error to stop waiting at once (the process exited). */
  readonly abortIf?: () => Error | undefined
  /** Extra request headers, e.g. the bearer token of a catalog whose /v1/config needs one. */
  readonly headers?: Readonly<Record<string, string>>
}

/** One GET with a timeout; never throws. */
export async function probe(
  url: string,
  acceptStatus: (status: number) => boolean,
  timeoutMs: number,
  headers: Readonly<Record<string, string>> = {},
): Promise<ProbeResult> {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json', ...headers },
    })
    await res.body?.cancel()
    return { ok: acceptStatus(res.status), detail: `HTTP ${res.status}` }
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause
    const name = (err as { name?: string }).name
    return { ok: false, detail: cause?.code ?? (name === 'TimeoutError' ? 'timeout' : String(err)) }
  }
}

/**
 * Polls `url` until it answers with an accepted status. Resolves `{ ok: true }` when ready, or the
 * last probe result when the deadline passes; throws what `abortIf` returns.
 */
export async function waitForHttp(options: WaitForHttpOptions): Promise<ProbeResult> {
  const accept = options.acceptStatus ?? ((s: number) => s === 200)
  const interval = options.intervalMs ?? 100
  let last: ProbeResult = { ok: false, detail: 'not probed yet' }
  for (;;) {
    const aborted = options.abortIf?.()
    if (aborted) throw aborted
    const left = options.deadline - Date.now()
    if (left <= 0) return last
    const full = options.requestTimeoutMs ?? 2_000
    const budget = Math.min(full, left)
    const result = await probe(options.url, accept, budget, options.headers)
    // A probe the deadline cut short says nothing new about the server: keep what the last whole probe saw, so the
    // error names the server's answer (HTTP 503, say) and not the harness's own cut-off.
    last = result.detail === 'timeout' && budget < full && last.detail !== 'not probed yet' ? last : result
    // A server that answers 401/403 is up and refuses the probe's credentials: waiting cannot change that.
    if (last.ok || last.detail === 'HTTP 401' || last.detail === 'HTTP 403') return last
    const aborted2 = options.abortIf?.()
    if (aborted2) throw aborted2
    await sleep(Math.min(interval, Math.max(0, options.deadline - Date.now())))
  }
}

/** `GET {base}/v1/config[?warehouse=…]`, the readiness URL of any REST catalog. */
export function configUrl(baseUrl: string, warehouse?: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/v1/config`)
  if (warehouse !== undefined) url.searchParams.set('warehouse', warehouse)
  return url.toString()
}
