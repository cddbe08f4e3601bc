/** A minimal JSON-over-undici caller for the benchmarks: one keep-alive Agent, a timeout on every request. */
import { Agent, request } from 'undici'

export interface Reply {
  readonly status: number
  readonly json: unknown
}

/** Calls on one base URL (no `/v1`) through a pool of `connections` keep-alive sockets. */
export class BenchHttp {
  readonly agent: Agent

  readonly baseUrl: string
  readonly timeoutMs: number
  constructor(baseUrl: string, connections = 64, timeoutMs = 30_000) {
    this.baseUrl = baseUrl
    this.timeoutMs = timeoutMs
    this.agent = new Agent({ connections, keepAliveTimeout: 30_000, connect: { timeout: timeoutMs } })
  }

  /** Sends `method path` with an optional JSON body; the reply body is parsed when it is JSON. */
  async call(method: string, path: string, body?: unknown): Promise<Reply> {
    const res = await request(`${this.baseUrl}${path}`, {
      method: method as 'GET',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      dispatcher: this.agent,
      signal: AbortSignal.timeout(this.timeoutMs),
    })
    const text = await res.body.text()
    let json: unknown
    try {
      json = text === '' ? undefined : (JSON.parse(text) as unknown)
    } catch {
      json = undefined
    }
    return { status: res.statusCode, json }
  }

  /** Like call, but throws unless the status is 2xx (setup steps). */
  async ok(method: string, path: string, body?: unknown): Promise<unknown> {
    const r = await this.call(method, path, body)
    if (r.status < 200 || r.status >= 300)
      throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`)
    return r.json
  }

  close(): Promise<void> {
    return this.agent.close()
  }
}
