import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { Redactor } from './redact.ts'
import { Transport, retryAfterMs } from './transport.ts'

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
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
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
})
