import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startDelayProxy } from './delay-proxy.ts'

/** A server that answers every request with its method, path and body, on kept-alive connections it counts. */
async function echoServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = `${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' })
      res.end(text)
    })
  })
  server.on('connection', () => connections++)
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('delay proxy', () => {
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })

  const through = async (delayMs: number) => {
    const upstream = await echoServer()
    closers.push(upstream.close)
    const proxy = await startDelayProxy(upstream.url, delayMs)
    closers.push(proxy.close)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    closers.push(async () => agent.destroy())
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
        const started = performance.now()
        const req = http.request(`${proxy.url}${path}`, { method, agent }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          )
        })
        req.on('error', reject)
        req.end(body)
      })
    return { upstream, proxy, send }
  }

  it('passes requests and answers unchanged, an error answer too, on one end-to-end connection', async () => {
    const { upstream, proxy, send } = await through(0)
    const body = JSON.stringify({ namespace: ['a'], text: 'x'.repeat(200_000) })
    const first = await send('POST', '/v1/namespaces', body)
    expect(first).toMatchObject({ status: 200, text: `POST /v1/namespaces ${body}` })
    expect((await send('GET', '/missing')).status).toBe(404)
    expect((await send('GET', '/v1/config')).text).toBe('GET /v1/config ')
    // Kept alive through the proxy: one client connection, one server connection.
    expect(proxy.connections()).toBe(1)
    expect(upstream.connections()).toBe(1)
  })

  it('answers each request the delay later; without a delay at once (the control)', async () => {
    const near = await through(0)
    const far = await through(120)
    // The first request of each opens its connection; the second is timed on a kept-alive one.
    await near.send('GET', '/warm')
    await far.send('GET', '/warm')
    const nearMs = (await near.send('GET', '/v1/config')).ms
    const farMs = (await far.send('GET', '/v1/config')).ms
    expect(farMs).toBeGreaterThanOrEqual(115)
    expect(nearMs).toBeLessThan(60)
  })

  it('answers a client that ends its side after its request, the request still delayed', async () => {
    const { proxy } = await through(50)
    const { hostname, port } = new URL(proxy.url)
    const socket = net.connect({ host: hostname, port: Number(port) })
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.end('GET /half HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n')
    await new Promise((resolve) => socket.on('close', resolve))
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^HTTP\/1\.1 200 [^]*\r\n\r\n[^]*GET \/half /)
  })

  it('closes the client connection when the server goes away', async () => {
    const { upstream, send } = await through(0)
    await send('GET', '/v1/config')
    await upstream.close()
    await expect(send('GET', '/v1/config')).rejects.toThrow()
  })
})
