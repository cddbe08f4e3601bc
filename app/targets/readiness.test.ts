import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { waitForHttp } from './readiness.ts'

async function serving(status: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(status).end())
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1/config`,
    close: () => new Promise((ok) => server.close(() => ok())),
  }
}

describe('waitForHttp', () => {
  it('stops at once when the server refuses the credentials (401), instead of waiting out the deadline', async () => {
    const s = await serving(401)
    try {
      const started = Date.now()
      const last = await waitForHttp({ url: s.url, deadline: Date.now() + 20_000 })
      expect(last).toEqual({ ok: false, detail: 'HTTP 401' })
      expect(Date.now() - started).toBeLessThan(10_000)
    } finally {
      await s.close()
    }
  })

  it('keeps waiting on a 503 until the deadline', async () => {
    const s = await serving(503)
    try {
      const last = await waitForHttp({ url: s.url, deadline: Date.now() + 300, intervalMs: 50 })
      expect(last).toEqual({ ok: false, detail: 'HTTP 503' })
    } finally {
      await s.close()
    }
  })
})
