/**
 * A forwarding HTTP proxy that records every request it passes on (method, path, content type, body) and when it
 * was sent and answered, on this process's `performance.now()` clock. The floor benchmark puts it between the CLI
 * and a server, then replays what it recorded. (The distance benchmark delays requests with delay-proxy.ts, which
 * forwards bytes at a fraction of this proxy's CPU.) It listens on this machine's own network address where it has
 * one: a catalog across a network has no loopback URL, and the CLI takes a loopback one for this machine unless it is
 * a long way off (app/config/workers.ts).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { IDEMPOTENT_METHODS } from '../../suites/_harness/http/transport.ts'

/** The first IPv4 address of a network interface (not loopback, not a container bridge); 127.0.0.1 without one. */
export function ownAddress(): string {
  for (const [name, addresses] of Object.entries(networkInterfaces())) {
    if (/^(docker|br-|veth|virbr)/.test(name)) continue
    const v4 = addresses?.find((a) => a.family === 'IPv4' && !a.internal)
    if (v4) return v4.address
  }
  return '127.0.0.1'
}

export interface RecordedRequest {
  readonly method: string
  /** Path and query, as the client sent them (still percent-encoded). */
  readonly path: string
  /** The request's headers but those of the connection (host, connection, content-length, …). */
  readonly headers: Record<string, string>
  readonly body?: Buffer
  /** performance.now() when the proxy had the whole request, and when it had the whole answer. */
  readonly sentAt: number
  readonly answeredAt: number
  readonly status: number
}

export interface RecordingProxy {
  readonly url: string
  readonly requests: RecordedRequest[]
  close(): Promise<void>
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

function endToEnd(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = Array.isArray(v) ? v.join(', ') : v
  return out
}

/**
 * Listens on a free port of this machine's own address (ownAddress) and forwards to `target` (a base URL, no path)
 * over keep-alive sockets. `delayMs` holds each request that long before passing it on: a catalog one round trip of
 * that length away. A socket that carried an error answer is not kept (Jetty closes after the 400 it gives a `%00`
 * path, without saying so), and an idempotent request whose kept-alive socket the server had closed anyway is sent
 * once more on a new one, as the harness's transport does.
 */
export async function startRecordingProxy(target: string, delayMs = 0): Promise<RecordingProxy> {
  const to = new URL(target)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const requests: RecordedRequest[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const sentAt = performance.now()
      if (delayMs > 0) setTimeout(forward, delayMs)
      else forward()
      function forward(resent = false): void {
        const upstream = http.request(
          {
            host: to.hostname,
            port: to.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
            // Resent on a connection of its own: another kept-alive one may be closed the same way.
            agent: resent ? false : agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            // Jetty may close the connection after an error answer without saying so; back in the pool, the socket
            // would take the next request (a POST, which is never sent again) down with a 502. Not kept.
            if ((answer.statusCode ?? 0) >= 400) upstream.shouldKeepAlive = false
            answer.on('end', () =>
              requests.push({
                method: req.method ?? 'GET',
                path: req.url ?? '/',
                headers: endToEnd(req.headers),
                ...(body.length > 0 ? { body } : {}),
                sentAt,
                answeredAt: performance.now(),
                status: answer.statusCode ?? 0,
              }),
            )
          },
        )
        upstream.on('error', (e) => {
          if (!resent && upstream.reusedSocket && IDEMPOTENT_METHODS.has(req.method ?? ''))
            return forward(true)
          res.writeHead(502)
          res.end(String(e))
        })
        upstream.end(body)
      }
    })
  })
  const host = ownAddress()
  server.listen(0, host)
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
        agent.destroy()
      }),
  }
}
