/**
 * `cleanup` removes what runs left, where they left it: run namespaces at the top level, or under the
 * `--namespace-parent` they ran with; never the parent, never a namespace without the run marker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../../reference-server/index.ts'
import { cleanupCommand } from './cleanup.ts'

let server: Awaited<ReturnType<typeof start>>
const post = (path: string, body: unknown) =>
  fetch(`${server.url}/v1/ref${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const create = (namespace: string[]) => post('/namespaces', { namespace })
async function names(parent?: string): Promise<string[]> {
  const q = parent ? `?parent=${encodeURIComponent(parent)}` : ''
  const body = (await (await fetch(`${server.url}/v1/ref/namespaces${q}`)).json()) as {
    namespaces: string[][]
  }
  return body.namespaces.map((ns) => ns.join('.')).sort()
}

beforeAll(async () => {
  server = await start({ port: 0 })
  for (const ns of [['bronze'], ['bronze', 'ccrun_left1'], ['bronze', 'keep'], ['ccrun_left2'], ['keep']])
    expect((await create(ns)).status).toBe(200)
  const table = await post('/namespaces/bronze%1Fccrun_left1/tables', {
    name: 't',
    schema: { type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'a', type: 'int', required: false }] },
  })
  expect(table.status).toBe(200)
})
afterAll(() => server.close())

describe('cleanup', () => {
  it('under --namespace-parent removes the runs there, with their tables, and nothing else', async () => {
    const lines: string[] = []
    expect(await cleanupCommand({ url: server.url, namespaceParent: 'bronze' }, (l) => lines.push(l))).toBe(0)
    expect(lines).toEqual([
      'removed table bronze.ccrun_left1.t',
      'removed namespace bronze.ccrun_left1',
      'removed 2 object(s)',
    ])
    expect(await names('bronze')).toEqual(['bronze.keep'])
    expect(await names()).toEqual(['bronze', 'ccrun_left2', 'keep'])
  })

  it('without it removes the top-level runs', async () => {
    const lines: string[] = []
    expect(await cleanupCommand({ url: server.url }, (l) => lines.push(l))).toBe(0)
    expect(lines).toEqual(['removed namespace ccrun_left2', 'removed 1 object(s)'])
    expect(await names()).toEqual(['bronze', 'keep'])
  })

  it('refuses an option it does not read', async () => {
    await expect(cleanupCommand({ url: server.url, runs: 3 }, () => {}, { runs: 3 })).rejects.toThrow(
      'cleanup does not take --runs; see cleanup --help',
    )
  })
})
