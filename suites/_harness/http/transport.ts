/**
 * The HTTP transport: one undici keep-alive Agent per run, a timeout on every request, and an Exchange
 * for every call, redacted for the record. No catalog logic here.
 */
import type { Agent, Dispatcher } from 'undici'
import { parseJson } from '../../../schemas/model/json-int64.ts'
import { UndiciAgent, request as undiciRequest } from './undici-parts.ts'
import { curlLine } from './curl.ts'
import type { Exchange } from './exchange.ts'
import type { Redactor } from './redact.ts'
import type { InFlightGate, Reservation } from './in-flight-gate.ts'
import { nowMs } from '../results/request-figures.ts'
import type { RequestLog } from './request-log.ts'

export interface TransportOptions {
  readonly timeoutMs: number
  readonly redactor: Redactor
  readonly connections?: number
  /** Shared with the other transports of the run (a transport of its own by default). */
  readonly silence?: Silence
  /**
   * The keep-alive pool to send through, shared with other transports to the same catalog (a worker thread's files);
   * the transport then leaves it open when it closes. A pool of its own by default.
   */
  readonly pool?: Agent
  /** Caps the requests in flight (shared by the transports of a worker thread); no cap without one. */
  readonly gate?: InFlightGate
  /** Logs when each request was sent and answered, under the test that sent it (request-log.ts). */
  readonly log?: RequestLog
}

export interface RawRequest {
  readonly operationId: string
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly body?: string
  readonly timeoutMs?: number
  /** The id of the test that sends it, for the request log (none: the file's own request, such as its cleanup). */
  readonly test?: string
  /** The slots a race reserved (`Transport.reserve`), to send through instead of the worker's gate. */
  readonly gate?: InFlightGate
}

/**
 * A catalog that stops answering mid-run (it accepted GET /v1/config, then hangs or went away) would cost every
 * later request its whole timeout: hours, ending in hundreds of failures that say nothing about the spec. After
 * UNANSWERED_LIMIT requests in a row without any response (none within the timeout, or the connection refused), the
 * transports sharing a Silence send nothing more: their requests end at once, not sent, and the run ends as an error
 * (exit 2). The suites share one per run and thread (dsl.ts): a later run in the same thread (a re-run in the UI, the
 * negative controls' service) starts afresh.
 */
export const UNANSWERED_LIMIT = 5

export class Silence {
  /** Requests in a row that got no response; any response resets it. */
  inARow = 0
  /** Requests not sent because the catalog had stopped answering; 0 while it answers. */
  notSent = 0
  private lastError = ''

  get stopped(): boolean {
    return this.inARow >= UNANSWERED_LIMIT
  }

  unanswered(error: string): void {
    this.inARow++
    this.lastError = error
  }

  /** The one line that says so. */
  message(): string {
    return `the catalog stopped answering: ${UNANSWERED_LIMIT} requests in a row had no response (${this.lastError}); the requests after them were not sent, so the run is no verdict`
  }
}

/**
 * A keep-alive pool: at most `connections` per origin, idle ones kept IDLE_CONNECTION_MS. A server closes a
 * connection idle for its own timeout and tells no one that has not read its `Keep-Alive: timeout` hint (uvicorn and
 * gunicorn send none): a request written on the connection as it closes gets no answer, and a POST is not sent again,
 * so it would fail http/responds though the server did what HTTP allows. The pool lets such a connection go first. A
 * hint, when sent, decides instead (undici keeps the connection 2 s less than it says).
 */
export function keepAlivePool(timeoutMs: number, connections = 64): Agent {
  return new UndiciAgent({
    connections,
    keepAliveTimeout: IDLE_CONNECTION_MS,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: timeoutMs },
  })
}

export class Transport {
  private readonly agent: Agent
  private readonly ownsAgent: boolean
  private readonly silence: Silence

  private readonly opts: TransportOptions
  /** performance.now() when a request was last sent or answered (support/progress-watch.ts). */
  lastActivity = performance.now()
  constructor(opts: TransportOptions) {
    this.opts = opts
    this.silence = opts.silence ?? new Silence()
    this.ownsAgent = opts.pool === undefined
    this.agent = opts.pool ?? keepAlivePool(opts.timeoutMs, opts.connections)
  }

  get redactor(): Redactor {
    return this.opts.redactor
  }

  /** Sends `req`, once more on a new connection when it is idempotent and its connection was closed under it. */
  async send(req: RawRequest): Promise<Exchange> {
    const ex = await this.sendOnce(req)
    // A keep-alive connection the server closed after its last answer without saying so takes the next request on
    // it down unanswered (Jetty closes after the 400 it gives a URI it cannot parse, such as one holding %00; with
    // several requests in flight the next one is written before the close is seen). RFC 9112 §9.3.1 lets a client
    // send an idempotent request again on a new connection, as Iceberg's Java client does (its retry strategy
    // retries idempotent methods on an I/O failure). A server that closes on the request itself closes again.
    if (ex.transportError === CONNECTION_CLOSED && IDEMPOTENT_METHODS.has(req.method.toUpperCase()))
      return { ...(await this.honourRetryAfter(req, await this.sendOnNewConnection(req))), reconnects: 1 }
    return this.honourRetryAfter(req, ex)
  }

  /**
   * `req` on a connection opened for it, not one from the pool: the pool may hold other connections the server closed
   * the same way. Jetty closes a moment after its 400 to a malformed path, and a request waiting at the in-flight gate
   * is written on that connection as soon as the answer is in; a second try from the pool, waiting at the gate too, met
   * another such connection: the Java fixture 1.11.0 25 ms away with `--max-in-flight 4` failed three robustness rules
   * on http/responds with requests it never saw twice (transport.test.ts has the case).
   */
  private async sendOnNewConnection(req: RawRequest): Promise<Exchange> {
    const own = keepAlivePool(this.opts.timeoutMs, 1)
    try {
      return await this.sendOnce(req, own)
    } finally {
      await own.destroy()
    }
  }

  /**
   * A 503 or 429 that carries Retry-After is the server asking to come back later (RFC 9110 §10.2.3, RFC 6585 §4),
   * not an answer to judge: wait as asked (at most RETRY_WAIT_CAP_MS) and send again, up to MAX_RETRIES times. Such
   * answers mean the request was not processed, so resending a write is safe. The final exchange carries how many
   * retries it took; the last 503 or 429 is what the checks see if they never stop.
   */
  private async honourRetryAfter(req: RawRequest, first: Exchange): Promise<Exchange> {
    let ex = first
    let retries = 0
    while (retries < MAX_RETRIES && (ex.status === 503 || ex.status === 429)) {
      const wait = retryAfterMs(ex.headers['retry-after'])
      if (wait === undefined) break
      await new Promise((r) => setTimeout(r, Math.min(wait, RETRY_WAIT_CAP_MS)))
      retries++
      ex = await this.sendOnce(req)
    }
    return retries > 0 ? { ...ex, retries } : ex
  }

  private async sendOnce(req: RawRequest, pool: Dispatcher = this.agent): Promise<Exchange> {
    const started = performance.now()
    const timeoutMs = req.timeoutMs ?? this.opts.timeoutMs
    const silence = this.silence
    const stopped = silence.stopped
    const recorded = {
      method: req.method,
      url: this.opts.redactor.text(req.url),
      headers: this.opts.redactor.headers(req.headers),
      ...(req.body !== undefined
        ? {
            body: this.opts.redactor.body(
              req.body,
              req.headers['content-type'] ?? req.headers['Content-Type'],
            ),
          }
        : {}),
    }
    const curl = curlLine(recorded)
    // The exchange of a request that got no response (status 0), or was not sent at all.
    const noResponse = (transportError: string): Exchange => ({
      operationId: req.operationId,
      request: recorded,
      status: 0,
      headers: {},
      bodyText: '',
      json: undefined,
      durationMs: performance.now() - started,
      curl,
      transportError,
    })
    if (stopped) {
      silence.notSent++
      return noResponse(`not sent: ${silence.message()}`)
    }
    const gate = req.gate ?? this.opts.gate
    if (gate) await gate.acquire()
    this.lastActivity = performance.now()
    const sentAt = nowMs()
    try {
      // The answer's head within the timeout (undici's own timers: an AbortSignal per request cost more, ~2 % of a
      // worker's CPU under Node 20), then its whole body within what is left of it: a body that keeps trickling
      // never trips undici's bodyTimeout, which only bounds the pause between two chunks.
      const res = await undiciRequest(pool, req.url, {
        method: req.method as 'GET',
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // Its connection is closed after its answer, so no other request can be written on it (mayEndItsConnection).
        ...(mayEndItsConnection(req.url) ? { reset: true } : {}),
      })
      // From when it was sent: a wait for `--max-in-flight`'s gate is not the catalog's time.
      const bodyText = await textWithin(res.body, timeoutMs - (nowMs() - sentAt))
      silence.inARow = 0
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v
      }
      return {
        operationId: req.operationId,
        request: recorded,
        status: res.statusCode,
        headers,
        bodyText,
        json: bodyJson(bodyText),
        durationMs: performance.now() - started,
        curl,
      }
    } catch (e) {
      const failure = transportFailure(e, timeoutMs)
      if (failure.unanswered) silence.unanswered(failure.message)
      return noResponse(failure.message)
    } finally {
      this.lastActivity = performance.now()
      gate?.release()
      this.opts.log?.add(req.test ?? '', sentAt, nowMs())
    }
  }

  /**
   * `slots` of the worker's in-flight cap held together for a race's requests until `close` (InFlightGate.reserve):
   * requests that carry the reservation's gate go through it. Without a cap, nothing to reserve: undefined.
   */
  reserve(slots: number): Promise<Reservation> | undefined {
    return this.opts.gate?.reserve(slots)
  }

  /** Closes the transport's own pool; a shared one stays open for the transports that share it. */
  async close(): Promise<void> {
    if (this.ownsAgent) await this.agent.close()
  }
}

const MAX_RETRIES = 3
/**
 * How long the pool keeps an idle connection without a hint (keepAlivePool): below the shortest idle timeout of common
 * servers, gunicorn's 2 s (also uvicorn's under gunicorn, which takes gunicorn's `keepalive`); Node's HTTP server and
 * uvicorn alone close after 5 s. Was 4 s (undici's default), which a Python catalog served by gunicorn outlasts.
 */
const IDLE_CONNECTION_MS = 1_000
/** RFC 9110 §9.2.2: the methods a client may send again after a connection failure (the bench proxy does too). */
export const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE'])
/** What a request whose connection the server closed before answering records (transportFailure). */
export const CONNECTION_CLOSED = 'connection closed by the server'
/** The longest wait a Retry-After gets before the request is sent again (support/progress-watch.ts counts on it). */
export const RETRY_WAIT_CAP_MS = 5_000

/**
 * Whether a server may refuse the request's target before routing it and then close the connection without saying
 * so: a `%` that starts no escape (RFC 3986 §2.1), or an escaped control character (%00-%1F, %7F). The Java fixture's
 * Jetty answers such a path 400 and closes its kept-alive connection without `Connection: close` (seen behind a
 * logging proxy: every silent close of a run followed one of these, none any other request). A request written on
 * that connection in the moment before the close is seen gets no answer: an idempotent one is sent again, but a POST
 * of another test would fail http/responds for nothing it did. Such requests therefore go with `Connection: close`
 * and their connection is never reused (undici's `reset`).
 */
export function mayEndItsConnection(url: string): boolean {
  return /%(?![0-9A-Fa-f]{2})|%[01][0-9A-Fa-f]|%7[Ff]/.test(url)
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The body's text, or a TimeoutError (transportFailure: no response within the timeout) once `ms` have passed. */
async function textWithin(body: Dispatcher.ResponseData['body'], ms: number): Promise<string> {
  const timer = setTimeout(
    () => body.destroy(new DOMException('the answer did not end within the timeout', 'TimeoutError')),
    Math.max(1, ms),
  )
  try {
    return await body.text()
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The body as JSON, without loss: an integer beyond 2^53 (a random 63-bit snapshot id) is a bigint, every other
 * value what JSON.parse gives (schemas/model/json-int64.ts). Undefined when the body is empty or not JSON.
 */
function bodyJson(text: string): unknown {
  if (text === '') return undefined
  try {
    return parseJson(text)
  } catch {
    return undefined
  }
}

/** One human line for a failed request: timeout, refused, reset, DNS. */
/**
 * What went wrong, in words, and whether the catalog gave no answer at all (nothing within the timeout, or nobody
 * listening) rather than an answer of its own (a closed connection is one: a server may close on a bad request).
 */
export function transportFailure(e: unknown, timeoutMs: number): { message: string; unanswered: boolean } {
  const err = e as {
    name?: string
    code?: string
    message?: string
    cause?: { code?: string; message?: string }
  }
  const code = err.code ?? err.cause?.code
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  )
    return { message: `no response within ${timeoutMs} ms`, unanswered: true }
  if (code === 'ECONNREFUSED') return { message: 'connection refused', unanswered: true }
  if (code === 'UND_ERR_CONNECT_TIMEOUT')
    return { message: `could not connect within ${timeoutMs} ms`, unanswered: true }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return { message: CONNECTION_CLOSED, unanswered: false }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { message: 'host not found', unanswered: true }
  return {
    message: `${code ?? err.name ?? 'error'}: ${err.message ?? err.cause?.message ?? String(e)}`,
    unanswered: false,
  }
}
