/**
 * A loopback HTTP proxy between the harness and the reference server, for faults that live below the
 * server's own hooks: a response that never comes, a connection closed without an answer, a body on a
 * HEAD/204 response (the server's adapter strips those after its hooks run, as it must when clean).
 */
import { createServer, request as httpRequest } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the proxy saw it; header names in lower case. */
export interface WireRequest {
  readonly method: string
  /** Path and query, as sent. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

/** The upstream answer, before the fault changes it. */
export interface WireResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

/** What the proxy does with one exchange. */
export type WireAction =
  | { readonly kind: 'pass' }
  /** Send this response instead (written raw, so a HEAD or 204 response can carry a body). */
  | { readonly kind: 'respond'; readonly response: WireResponse }
  /** Close the connection without writing anything. */
  | { readonly kind: 'destroy' }
  /** Never answer; the connection stays open until the client gives up or the proxy closes. */
  | { readonly kind: 'hang' }

export type WireHook = (req: WireRequest, res: WireResponse) => WireAction

export interface WireProxy {
  readonly url: string
  close(): Promise<void>
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: 'OK', 204: 'No Content', 304: 'Not Modified' }

/** Starts a proxy on 127.0.0.1:0 that forwards every request to `upstream` and applies `hook`. */
export async function startWireProxy(upstream: string, hook: WireHook): Promise<WireProxy> {
  const target = new URL(upstream)
  const server: Server = createServer((req) => {
    void (async () => {
      const wireReq = await readRequest(req)
      const upstreamRes = await forward(target, wireReq)
      const action = hook(wireReq, upstreamRes)
      if (action.kind === 'hang') return
      if (action.kind === 'destroy') {
        req.socket.destroy()
        return
      }
      const out = action.kind === 'respond' ? action.response : upstreamRes
      writeRaw(req, out)
    })().catch(() => req.socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function readRequest(req: IncomingMessage): Promise<WireRequest> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = String(v)
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks) }
}

function forward(target: URL, req: WireRequest): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host }
    const out = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const h: Record<string, string> = {}
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k] = String(v)
          resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) })
        })
        res.on('error', reject)
      },
    )
    out.on('timeout', () => out.destroy(new Error('upstream timeout')))
    out.on('error', reject)
    out.end(req.body)
  })
}

/**
 * Writes the response bytes straight to the socket: node:http would drop a body on HEAD/204, which is
 * exactly the violation some faults need. The connection is closed after it, so framing stays simple.
 */
function writeRaw(req: IncomingMessage, res: WireResponse): void {
  const headers = { ...res.headers }
  for (const h of ['content-length', 'transfer-encoding', 'connection', 'keep-alive']) delete headers[h]
  const lines = [`HTTP/1.1 ${res.status} ${STATUS_TEXT[res.status] ?? 'Status'}`]
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`)
  lines.push(`content-length: ${res.body.length}`, 'connection: close', '', '')
  req.socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), res.body]))
}
