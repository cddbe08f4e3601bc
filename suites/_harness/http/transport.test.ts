import { createServer } from 'node:http'
import { createServer as createTcpServer, type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { InFlightGate } from './in-flight-gate.ts'
import { Redactor } from './redact.ts'
import {
  CONNECTION_CLOSED,
  Transport,
  keepAlivePool,
  mayEndItsConnection,
  retryAfterMs,
} from './transport.ts'

/** The port `server` listens on, on the loopback address, once it does. */
async function listening(server: {
  listen(port: number, host: string, cb: () => void): unknown
  address(): unknown
}): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates; nothing else asks for a retry', () => {
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      5000,
    )
    expect(retryAfterMs(undefined)).toBeUndefined()
    expect(retryAfterMs('soon')).toBeUndefined()
  })
})

/** A transport whose pool holds one kept-alive connection, and a sender of bodiless requests (a POST sends `{}`). */
function overOneConnection(port: number) {
  const transport = new Transport({
    timeoutMs: 5000,
    redactor: new Redactor([]),
    pool: keepAlivePool(5000, 1),
  })
  const send = (method: string, path: string) =>
    transport.send({
      operationId: 'x',
      method,
      url: `http://127.0.0.1:${port}${path}`,
      headers: {},
      ...(method === 'POST' ? { body: '{}' } : {}),
    })
  return { transport, send }
}

describe('Transport', () => {
  // The transport loads undici's Agent and request API from undici's own files (undici-parts.ts): if a new
  // undici moved them, this file would not even load.
  it('sends a request and records the answer: status, headers, body and parsed JSON', async () => {
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-seen': `${req.method} ${req.url}` })
        res.end(JSON.stringify({ echoed: JSON.parse(body) as unknown }))
      })
    })
    const port = await listening(server)
    const transport = new Transport({ timeoutMs: 5000, redactor: new Redactor([]) })
    try {
      const ex = await transport.send({
        operationId: 'createNamespace',
        method: 'POST',
        url: `http://127.0.0.1:${port}/v1/namespaces?x=1`,
        headers: { 'content-type': 'application/json' },
        body: '{"namespace":["a"]}',
      })
      expect(ex.status).toBe(201)
      expect(ex.headers['x-seen']).toBe('POST /v1/namespaces?x=1')
      expect(ex.json).toEqual({ echoed: { namespace: ['a'] } })
      const refused = await transport.send({
        operationId: 'getConfig',
        method: 'GET',
        url: 'ftp://h/v1/config',
        headers: {},
      })
      expect(refused.status).toBe(0)
      expect(refused.transportError).toMatch(/protocol/)
    } finally {
      await transport.close()
      server.close()
    }
  })

  // Jetty answers 400 to a URI holding %00 and then closes the connection without Connection: close; the request
  // written next on that kept-alive connection gets no answer. This server does the same after every answer, and
  // closes without answering a path ending in /close.
  it('sends an idempotent request again on a new connection when its connection was closed unanswered, never a POST', async () => {
    const seen: string[] = []
    const server = createTcpServer((socket) => {
      socket.once('data', (data: Buffer) => {
        const line = data.toString().split('\r\n')[0] ?? ''
        seen.push(line)
        if (line.includes('/close ')) socket.destroy()
        else socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}')
      })
    })
    const port = await listening(server)
    // One connection, so that the second request of a pair is written on the first one's connection.
    const { transport, send } = overOneConnection(port)
    try {
      let reconnected = 0
      for (let i = 0; i < 20; i++) {
        const [, second] = await Promise.all([send('GET', '/v1/config'), send('GET', '/v1/config')])
        expect(second.status).toBe(200)
        reconnected += second.reconnects ?? 0
      }
      // The closed connection was met (the case is real) and the request got its answer on a new one.
      expect(reconnected).toBeGreaterThan(0)

      // Nothing kept alive from here on: each request below meets the server on a connection of its own.
      await new Promise((r) => setTimeout(r, 50))
      seen.length = 0
      const get = await send('DELETE', '/v1/t/close')
      expect(get).toMatchObject({ status: 0, transportError: CONNECTION_CLOSED, reconnects: 1 })
      expect(seen).toHaveLength(2)
      seen.length = 0
      const post = await send('POST', '/v1/t/close')
      expect(post).toMatchObject({ status: 0, transportError: CONNECTION_CLOSED })
      expect(post.reconnects).toBeUndefined()
      expect(seen).toHaveLength(1)
    } finally {
      await transport.close()
      server.close()
    }
  })

  // Jetty answers 400 to a path holding %00, reads nothing more on that connection and closes it a moment later,
  // without Connection: close. This server does the same. A POST written on such a connection gets no answer and is
  // never sent again, so it would fail http/responds for another request's path.
  it('sends a request whose path a server may refuse with Connection: close, so no request follows it on that connection', async () => {
    const heads: string[] = []
    const server = createTcpServer((socket) => {
      let closing = false
      socket.on('data', (data: Buffer) => {
        const head = data.toString('latin1')
        if (closing || !/^[A-Z]+ /.test(head)) return
        heads.push(head)
        if (!head.includes('%00')) {
          socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}')
          return
        }
        closing = true
        socket.write('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n')
        setTimeout(() => socket.destroy(), 5)
      })
    })
    const port = await listening(server)
    // One connection, so that the POST is written on the refused request's connection unless that one is closed.
    const { transport, send } = overOneConnection(port)
    try {
      for (let i = 0; i < 20; i++) {
        const [refused, post] = await Promise.all([send('GET', '/v1/t/a%00b'), send('POST', '/v1/t')])
        expect(refused.status).toBe(400)
        expect(post.transportError).toBeUndefined()
        expect(post.status).toBe(200)
      }
      const refusedHeads = heads.filter((h) => h.includes('%00'))
      expect(refusedHeads).toHaveLength(20)
      for (const h of refusedHeads) expect(h).toMatch(/\r\nconnection: close\r\n/i)
    } finally {
      await transport.close()
      server.close()
    }
  })

  // A server closes a kept-alive connection after its idle timeout without a hint: gunicorn after 2 s (and uvicorn
  // under it), uvicorn alone after 5 s. A request written on it as it closes gets no answer, and a POST is not sent
  // again. This server plays that moment out for gunicorn: a request that arrives on a connection idle for 1.5 s or
  // more (its close crossing the request on the way) is dropped unanswered. The pool lets an idle connection go first,
  // and still reuses one that was busy a moment ago.
  it(
    "lets an idle connection go before a server with gunicorn's 2 s idle timeout closes it under a POST",
    { timeout: 15_000 },
    async () => {
      let connections = 0
      const server = createTcpServer((socket) => {
        connections++
        let lastAnswer = 0
        socket.on('data', (data: Buffer) => {
          if (!/^[A-Z]+ /.test(data.toString('latin1'))) return
          if (lastAnswer > 0 && Date.now() - lastAnswer >= 1_500) return void socket.destroy()
          lastAnswer = Date.now()
          socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}')
        })
      })
      const port = await listening(server)
      const { transport, send } = overOneConnection(port)
      try {
        expect((await send('POST', '/v1/t')).status).toBe(200)
        await new Promise((r) => setTimeout(r, 200))
        expect((await send('POST', '/v1/t')).status).toBe(200)
        expect(connections).toBe(1)
        await new Promise((r) => setTimeout(r, 1_800))
        const later = await send('POST', '/v1/t')
        expect(later.transportError).toBeUndefined()
        expect(later.status).toBe(200)
        expect(connections).toBe(2)
      } finally {
        await transport.close()
        server.close()
      }
    },
  )

  it('takes a stray %, a short escape and an escaped control character for a target a server may refuse', () => {
    for (const path of [
      '/v1/namespaces/%',
      '/v1/namespaces/%2',
      '/v1/n/%zz',
      '/v1/n/a%00b',
      '/v1/n/%1F',
      '/v1/n/%7f',
    ])
      expect(mayEndItsConnection(`http://h${path}`), path).toBe(true)
    for (const path of ['/v1/namespaces/a%20b', '/v1/n/%2F', '/v1/n/%25', '/v1/n/%C3%A9', '/v1/n?x=1'])
      expect(mayEndItsConnection(`http://h${path}`), path).toBe(false)
  })

  // Jetty closes a connection a moment after the 400 it gives a malformed path; with `--max-in-flight`, the request
  // waiting at the gate is written on that connection as soon as the answer is in, before the close. This server
  // answers the first request of each connection and closes it 5 ms later, so every kept-alive connection is such a
  // one; a second try from the pool, waiting at the gate as well, met another (about one request in five unanswered
  // twice, with two or four in flight).
  it('sends the request again on a connection of its own, not another kept-alive one the server is closing', async () => {
    const server = createTcpServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}')
        setTimeout(() => socket.destroy(), 5)
      })
    })
    const port = await listening(server)
    const transport = new Transport({
      timeoutMs: 5000,
      redactor: new Redactor([]),
      pool: keepAlivePool(5000, 4),
      gate: new InFlightGate(2),
    })
    const get = () =>
      transport.send({
        operationId: 'x',
        method: 'GET',
        url: `http://127.0.0.1:${port}/v1/config`,
        headers: {},
      })
    try {
      const all = await Promise.all(Array.from({ length: 40 }, get))
      // The case is real: requests met a closing connection.
      expect(all.filter((ex) => ex.reconnects === 1).length).toBeGreaterThan(0)
      expect(all.filter((ex) => ex.status !== 200).map((ex) => ex.transportError)).toEqual([])
    } finally {
      await transport.close()
      server.close()
    }
  })

  // undici's bodyTimeout bounds only the pause between two chunks: a server that answers at once and then trickles
  // its body forever must still end within the timeout, as one that never answers does.
  it('ends a request whose answer does not end within the timeout, even one that keeps trickling', async () => {
    const trickles = new Set<ReturnType<typeof setInterval>>()
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      if (req.url === '/v1/hang') return
      res.write('[')
      const t = setInterval(() => res.write('1,'), 20)
      trickles.add(t)
      res.on('close', () => clearInterval(t))
    })
    const port = await listening(server)
    const transport = new Transport({ timeoutMs: 300, redactor: new Redactor([]) })
    try {
      for (const path of ['/v1/trickle', '/v1/hang']) {
        const t0 = performance.now()
        const ex = await transport.send({
          operationId: 'getConfig',
          method: 'GET',
          url: `http://127.0.0.1:${port}${path}`,
          headers: {},
        })
        expect(ex).toMatchObject({ status: 0, transportError: 'no response within 300 ms' })
        expect(performance.now() - t0).toBeLessThan(2_000)
      }
    } finally {
      for (const t of trickles) clearInterval(t)
      await transport.close()
      server.closeAllConnections()
      server.close()
    }
  })

  // A race under `--max-in-flight`: its requests must be in flight together. Through the worker's gate, with one slot
  // taken by a slow request of another test, the first racer takes the free slot and the second waits until it is
  // answered, so the two never overlap; through slots reserved together they do.
  it('sends the requests of a reservation together, where the gate alone would send them one after another', async () => {
    let racing = 0
    let peak = 0
    const server = createServer((req, res) => {
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      if (req.url === '/slow') return void setTimeout(answer, 300)
      racing++
      peak = Math.max(peak, racing)
      setTimeout(() => {
        racing--
        answer()
      }, 50)
    })
    const port = await listening(server)
    const transport = new Transport({
      timeoutMs: 5000,
      redactor: new Redactor([]),
      gate: new InFlightGate(2),
    })
    const get = (path: string, gate?: InFlightGate) =>
      transport.send({
        operationId: 'getConfig',
        method: 'GET',
        url: `http://127.0.0.1:${port}${path}`,
        headers: {},
        ...(gate ? { gate } : {}),
      })
    try {
      const raceOnce = async (reserve: boolean) => {
        peak = 0
        const slow = get('/slow')
        await new Promise((r) => setTimeout(r, 20))
        const reserved = reserve ? await transport.reserve(2) : undefined
        try {
          const answers = await Promise.all([get('/race', reserved?.gate), get('/race', reserved?.gate)])
          expect(answers.map((a) => a.status)).toEqual([200, 200])
        } finally {
          reserved?.close()
        }
        await slow
        return peak
      }
      expect(await raceOnce(false)).toBe(1)
      expect(await raceOnce(true)).toBe(2)
    } finally {
      await transport.close()
      server.closeAllConnections()
      server.close()
    }
  })

  // `--max-in-flight` holds a request at its gate until one in flight answers: that wait is not the catalog's, and a
  // request that waited most of its timeout there must still get its whole answer.
  it("counts a request's timeout from when it is sent, not from its wait at the in-flight gate", async () => {
    const server = createServer((req, res) => {
      if (req.url === '/v1/slow') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 600)
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('[')
      setTimeout(() => res.end(']'), 500)
    })
    const port = await listening(server)
    const transport = new Transport({
      timeoutMs: 1000,
      redactor: new Redactor([]),
      gate: new InFlightGate(1),
    })
    const send = (path: string) =>
      transport.send({
        operationId: 'getConfig',
        method: 'GET',
        url: `http://127.0.0.1:${port}${path}`,
        headers: {},
      })
    try {
      const [slow, split] = await Promise.all([send('/v1/slow'), send('/v1/split')])
      expect(slow.status).toBe(200)
      expect(split).toMatchObject({ status: 200, bodyText: '[]' })
    } finally {
      await transport.close()
      server.closeAllConnections()
      server.close()
    }
  })
})
