/**
 * `serve` end to end, as a client developer starts it: where its tables live by default and with --in-memory,
 * what it prints, and what it leaves behind when stopped.
 */
import { existsSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { spawnServe } from './spawn-serve.ts'

/** Creates namespace `ns` and a one-column table `ns.t` and returns the table's location. */
async function createTable(url: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}/v1/ref/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  expect((await post('namespaces', { namespace: ['ns'] })).status).toBe(200)
  const schema = { type: 'struct', fields: [{ id: 1, name: 'id', type: 'long', required: false }] }
  const r = await post('namespaces/ns/tables', { name: 't', schema })
  expect(r.status).toBe(200)
  return ((await r.json()) as { metadata: { location: string } }).metadata.location
}

describe('serve', () => {
  it('by default puts tables in a fresh temporary folder it prints, and removes the folder when stopped', async () => {
    const serve = await spawnServe(['--port', '0'])
    let stopped = false
    try {
      const warehouse = serve.warehouse as string
      expect(serve.output()).toMatch(/scan plans completed at once/)
      expect(statSync(warehouse).isDirectory()).toBe(true)
      const location = await createTable(serve.url)
      expect(location.startsWith(`file://${warehouse}/`), location).toBe(true)
      expect(await serve.stop()).toBe(0)
      stopped = true
      expect(existsSync(warehouse)).toBe(false)
      // A second serve gets another folder: no tables of an earlier session.
      const again = await spawnServe(['--port', '0'])
      try {
        expect(again.warehouse).not.toBe(warehouse)
      } finally {
        expect(await again.stop()).toBe(0)
      }
      expect(existsSync(again.warehouse as string)).toBe(false)
    } finally {
      if (!stopped) await serve.stop()
    }
  })

  it('--in-memory keeps memory:// locations and prints no folder; --plans-async is said', async () => {
    const serve = await spawnServe(['--port', '0', '--in-memory', '--plans-async'])
    try {
      expect(serve.warehouse).toBeUndefined()
      expect(serve.output()).toMatch(/warehouse in memory; scan plans submitted/)
      expect(await createTable(serve.url)).toMatch(/^memory:\/\//)
    } finally {
      expect(await serve.stop()).toBe(0)
    }
  })
})
