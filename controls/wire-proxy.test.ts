import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWireProxy } from './wire-proxy.ts'
import type { WireHook, WireProxy } from './wire-proxy.ts'

let upstream: Server
let upstreamUrl: string
// A pool of the file's own, not undici's global one: where Node's own fetch ran before undici was loaded (another file
// of the worker), the global dispatcher is Node's bundled undici (they share its key), which reads the body of a 204
// that this file expects refused.
const pool = new Agent()

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (req.url === '/v1/empty') return void res.writeHead(204).end()
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ method: req.method, url: req.url, body }))
    })
  })
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})

afterAll(async () => {
  await pool.close()
  upstream.closeAllConnections()
  await new Promise<void>((r) => upstream.close(() => r()))
})

async function withProxy(hook: WireHook, fn: (p: WireProxy) => Promise<void>): Promise<void> {
  const proxy = await startWireProxy(upstreamUrl, hook)
  try {
    await fn(proxy)
  } finally {
    await proxy.close()
  }
}

const send = (url: string, method = 'GET', body?: string) =>
  request(url, {
    dispatcher: pool,
    method: method as 'GET',
    ...(body ? { body } : {}),
    signal: AbortSignal.timeout(1500),
  })

describe('the wire proxy', () => {
  it('passes requests and answers through unchanged', async () => {
    await withProxy(
      () => ({ kind: 'pass' }),
      async (p) => {
        const res = await send(`${p.url}/v1/x?y=1`, 'POST', '{"a":1}')
        expect(res.statusCode).toBe(200)
        expect(await res.body.json()).toEqual({ method: 'POST', url: '/v1/x?y=1', body: '{"a":1}' })
      },
    )
  })

  it('can answer a 204 with a body, which the client sees as a broken response', async () => {
    await withProxy(
      (_req, res) =>
        res.status === 204
          ? { kind: 'respond', response: { ...res, body: Buffer.from('{"x":1}') } }
          : { kind: 'pass' },
      async (p) => {
        await expect(send(`${p.url}/v1/empty`, 'DELETE').then((r) => r.body.text())).rejects.toMatchObject({
          code: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
        })
      },
    )
  })

  it('closes the connection without an answer, or never answers', async () => {
    await withProxy(
      () => ({ kind: 'destroy' }),
      async (p) => {
        await expect(send(`${p.url}/v1/x`)).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' })
      },
    )
    await withProxy(
      () => ({ kind: 'hang' }),
      async (p) => {
        await expect(send(`${p.url}/v1/x`)).rejects.toMatchObject({ name: 'TimeoutError' })
      },
    )
  })
})
