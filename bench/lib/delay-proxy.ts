/**
 * A network distance for the distance benchmark: a TCP proxy that holds every byte the client sends `delayMs` before
 * passing it to the server, and passes the server's bytes back at once, so each request's answer comes `delayMs`
 * later, as from a catalog one round trip of that length away. It forwards bytes, not HTTP: each client connection
 * gets one server connection of its own and both end together, so the connections are end to end, as across a
 * network, and the proxy costs the machine little CPU. The HTTP-level recording proxy (recording-proxy.ts) it
 * replaces there took ~0.6 ms of CPU a request, ~2.9 s a certification, from the same two cores as the run it
 * measured, which no catalog across a network takes.
 *
 * It listens on this machine's own address (ownAddress): a catalog across a network has no loopback URL, and the CLI
 * takes a loopback one for this machine unless it is a long way off (app/config/workers.ts).
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { ownAddress } from './recording-proxy.ts'

export interface DelayProxy {
  /** Base URL of the proxy (http://address:port), the server's paths under it. */
  readonly url: string
  /** Client connections accepted so far. */
  readonly connections: () => number
  close(): Promise<void>
}

/**
 * The client's bytes of one connection, each chunk sent on `delayMs` after it came, in order: one timer at a time,
 * for the oldest chunk not yet due.
 */
function delayedWriter(to: net.Socket, delayMs: number): { push(chunk: Buffer): void; end(): void } {
  const queue: { at: number; chunk: Buffer | null }[] = []
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    timer = undefined
    const now = performance.now()
    while (queue.length > 0 && queue[0]!.at <= now) {
      const { chunk } = queue.shift()!
      if (chunk === null) to.end()
      else to.write(chunk)
    }
    if (queue.length > 0) timer = setTimeout(flush, queue[0]!.at - now)
  }
  const add = (chunk: Buffer | null) => {
    queue.push({ at: performance.now() + delayMs, chunk })
    timer ??= setTimeout(flush, delayMs)
  }
  return { push: (chunk) => add(chunk), end: () => add(null) }
}

/** Listens on a free port of this machine's own address and forwards to `target` (a base URL, no path). */
export async function startDelayProxy(target: string, delayMs: number): Promise<DelayProxy> {
  const to = new URL(target)
  const sockets = new Set<net.Socket>()
  let accepted = 0
  // Half-open: a client that ends its side still gets the answer to what it sent before, which is on its way.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    accepted++
    const upstream = net.connect({ host: to.hostname, port: Number(to.port) })
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.setNoDelay(true)
      s.on('close', () => sockets.delete(s))
    }
    const writer = delayedWriter(upstream, delayMs)
    client.on('data', (chunk: Buffer) => writer.push(chunk))
    // A client that ends its side ends the server's once what it sent before has gone on.
    client.on('end', () => writer.end())
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    upstream.on('end', () => client.end())
    // Either side failing ends both: the client sees its connection close, as with a server gone away.
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const host = ownAddress()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
