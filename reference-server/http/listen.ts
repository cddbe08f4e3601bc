/**
 * The only file that opens a socket: a node:http server that turns each message into a ServerRequest,
 * calls the adapter, and writes the ServerResponse back.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ServerRequest, ServerResponse } from './types.ts'

/** Largest request body accepted; a bigger one gets 413 before reaching the adapter. */
const MAX_BODY_BYTES = 16 * 1024 * 1024

export interface Listening {
  readonly url: string
  close(): Promise<void>
}

function readBody(msg: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    msg.on('data', (c: Buffer) => {
      size += c.length
      if (size <= MAX_BODY_BYTES) chunks.push(c)
    })
    msg.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')))
    msg.on('error', reject)
  })
}

function toRequest(msg: IncomingMessage, body: string): ServerRequest {
  const raw = msg.url ?? '/'
  const q = raw.indexOf('?')
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(msg.headers)) {
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v
  }
  return {
    method: msg.method ?? 'GET',
    path: q < 0 ? raw : raw.slice(0, q),
    query: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)),
    headers,
    body,
  }
}

const envelope = (status: number, type: string, message: string): ServerResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: { message, type, code: status } }),
})

/** Serves `handle` on host:port (port 0: an ephemeral port) until `close()`. */
export function listen(
  handle: (req: ServerRequest) => Promise<ServerResponse>,
  host: string,
  port: number,
): Promise<Listening> {
  const server = createServer((msg, out) => {
    void (async () => {
      let res: ServerResponse
      try {
        const body = await readBody(msg)
        res =
          body === null
            ? envelope(413, 'BadRequestException', 'Request body too large')
            : await handle(toRequest(msg, body))
      } catch (e) {
        res = envelope(500, 'InternalServerError', `Internal error: ${(e as Error).message}`)
      }
      const bytes = res.body === undefined ? undefined : Buffer.from(res.body, 'utf8')
      const headers: Record<string, string | number> = { ...res.headers }
      if (bytes) headers['content-length'] = bytes.length
      out.writeHead(res.status, headers)
      out.end(msg.method === 'HEAD' ? undefined : bytes)
    })()
  })
  // Clients keep connections for (server timeout - their own margin); undici's margin is 2 s, so 1 s made it
  // reconnect on every request (measured in bench/: ~30 % of a certification's CPU).
  server.keepAliveTimeout = 5000
  // A malformed request line or header never reaches the adapter; answer it with a plain 400.
  server.on('clientError', (_err, socket) => {
    if (socket.writable)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo
      const h = host.includes(':') ? `[${host}]` : host
      resolve({
        url: `http://${h}:${actual}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()))
            server.closeAllConnections()
          }),
      })
    })
  })
}
