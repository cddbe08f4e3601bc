// The Silence shared by the transports of one run: what trips it, what it then sends (nothing), and that the next
// run's starts afresh.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { Redactor } from './redact.ts'
import { Silence, Transport, UNANSWERED_LIMIT } from './transport.ts'

const answered: string[] = []
// Answers /ok at once, resets /reset's connection, and never answers anything else.
const server = createServer((req, res) => {
  answered.push(req.url ?? '')
  if (req.url === '/ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  else if (req.url === '/reset') req.socket.destroy()
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const silence = new Silence()
const transport = new Transport({ timeoutMs: 200, redactor: new Redactor([]), silence })
// Another transport of the same run (another file), and one of the next run.
const sameRun = new Transport({ timeoutMs: 200, redactor: new Redactor([]), silence })
const nextRun = new Transport({ timeoutMs: 200, redactor: new Redactor([]), silence: new Silence() })
afterAll(async () => {
  await Promise.all([transport.close(), sameRun.close(), nextRun.close()])
  server.closeAllConnections()
  server.close()
})
const send = (path: string) =>
  transport.send({ operationId: 'getConfig', method: 'GET', url: `${base}${path}`, headers: {} })

describe('a catalog that stops answering', () => {
  it('is sent nothing more after UNANSWERED_LIMIT requests in a row without a response', async () => {
    // An answer in between starts the count again, and a closed connection is an answer of a sort.
    for (let i = 0; i < UNANSWERED_LIMIT - 1; i++)
      expect((await send('/hang')).transportError).toMatch(/no response/)
    expect((await send('/ok')).status).toBe(200)
    expect((await send('/reset')).transportError).toBe('connection closed by the server')
    for (let i = 0; i < UNANSWERED_LIMIT - 1; i++) await send('/hang')
    expect(silence.notSent).toBe(0)
    expect((await send('/hang')).transportError).toBe('no response within 200 ms')

    const seen = answered.length
    const started = performance.now()
    const ex = await send('/ok')
    expect(performance.now() - started).toBeLessThan(100)
    expect(answered).toHaveLength(seen)
    expect(ex.status).toBe(0)
    expect(ex.transportError).toBe(
      `not sent: the catalog stopped answering: ${UNANSWERED_LIMIT} requests in a row had no response (no response within 200 ms); the requests after them were not sent, so the run is no verdict`,
    )
    expect(silence.notSent).toBe(1)

    const get = (t: Transport) =>
      t.send({ operationId: 'getConfig', method: 'GET', url: `${base}/ok`, headers: {} })
    expect((await get(sameRun)).transportError).toMatch(/^not sent: the catalog stopped answering/)
    expect(silence.notSent).toBe(2)
    expect((await get(nextRun)).status).toBe(200)
  })
})
