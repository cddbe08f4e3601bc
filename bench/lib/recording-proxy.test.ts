import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startRecordingProxy } from './recording-proxy.ts'

/**
 * A server that answers `GET /bad` with 400 and then closes that connection a moment later without saying so, taking
 * no further request on it (as Jetty does after the 400 it gives a path it cannot parse); anything else is 200.
 */
async function closingAfterErrors(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    let closing = false
    let pending = ''
    socket.on('data', (d) => {
      if (closing) return
      pending += d.toString('latin1')
      const end = pending.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = pending.slice(0, end)
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0)
      if (pending.length < end + 4 + length) return
      pending = pending.slice(end + 4 + length)
      if (head.startsWith('GET /bad')) {
        socket.write('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n')
        closing = true
        setTimeout(() => socket.destroy(), 150)
      } else socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok')
    })
    socket.on('close', () => sockets.delete(socket))
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('recording proxy', () => {
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })

  it('keeps no socket that carried an error answer: the POST after it gets the server, not a 502', async () => {
    const upstream = await closingAfterErrors()
    closers.push(upstream.close)
    const proxy = await startRecordingProxy(upstream.url)
    closers.push(proxy.close)
    const send = async (method: string, path: string) => {
      const res = await fetch(`${proxy.url}${path}`, {
        method,
        ...(method === 'POST' ? { body: '{}' } : {}),
      })
      await res.text()
      return res.status
    }
    // The POST follows the 400 at once, while the server has yet to close the connection the 400 came on.
    expect(await send('GET', '/bad')).toBe(400)
    expect(await send('POST', '/ok')).toBe(200)
    expect(proxy.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /bad 400',
      'POST /ok 200',
    ])
  })
})
