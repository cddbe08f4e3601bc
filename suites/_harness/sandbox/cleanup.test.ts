import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseCapabilities } from '../capabilities.ts'
import { CatalogClient } from '../client.ts'
import { Redactor } from '../http/redact.ts'
import { RequestLog } from '../http/request-log.ts'
import { Transport } from '../http/transport.ts'
import { dropNamespaceTree } from './cleanup.ts'
import { ContentsLedger } from './contents-ledger.ts'
import { Sandbox } from './sandbox.ts'
import type { RunContext } from '../run-context.ts'

/** A tiny catalog of one namespace level: namespaces, tables and views by name; a non-empty namespace refuses to go. */
const tables = new Map<string, Set<string>>()
const views = new Map<string, Set<string>>()
const requests: string[] = []
let server: Server
let baseUrl: string

function handle(method: string, path: string, body: string): [number, unknown] {
  const m = /^\/v1\/namespaces(?:\/([^/]+))?(?:\/(tables|views)(?:\/([^/]+))?)?$/.exec(path)
  if (!m) return [404, {}]
  const [, ns, kind, name] = m.map((s) => (s === undefined ? undefined : decodeURIComponent(s)))
  const store = kind === 'views' ? views : tables
  if (!ns) {
    if (method === 'GET') return [200, { namespaces: [...tables.keys()].map((n) => [n]) }]
    const created = (JSON.parse(body) as { namespace: string[] }).namespace[0] ?? ''
    tables.set(created, new Set())
    views.set(created, new Set())
    return [200, { namespace: [created] }]
  }
  if (!tables.has(ns)) return [404, {}]
  if (!kind) {
    if (method !== 'DELETE') return [200, { namespace: [ns] }]
    if ((tables.get(ns)?.size ?? 0) + (views.get(ns)?.size ?? 0) > 0) return [409, {}]
    tables.delete(ns)
    views.delete(ns)
    return [204, undefined]
  }
  if (method === 'GET' && !name)
    return [200, { identifiers: [...(store.get(ns) ?? [])].map((n) => ({ namespace: [ns], name: n })) }]
  if (method === 'POST') store.get(ns)?.add((JSON.parse(body) as { name: string }).name)
  if (method === 'DELETE' && name && !store.get(ns)?.delete(name)) return [404, {}]
  return [method === 'DELETE' ? 204 : 200, method === 'DELETE' ? undefined : {}]
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const path = (req.url ?? '').replace(/\?.*/, '')
      requests.push(`${req.method} ${path}`)
      const [status, json] = handle(req.method ?? 'GET', path, body)
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(json === undefined ? '' : JSON.stringify(json))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  tables.clear()
  views.clear()
  requests.length = 0
})

const ENDPOINTS = [
  'GET /v1/{prefix}/namespaces',
  'POST /v1/{prefix}/namespaces',
  'DELETE /v1/{prefix}/namespaces/{namespace}',
  'GET /v1/{prefix}/namespaces/{namespace}/tables',
  'POST /v1/{prefix}/namespaces/{namespace}/tables',
  'DELETE /v1/{prefix}/namespaces/{namespace}/tables/{table}',
  'GET /v1/{prefix}/namespaces/{namespace}/views',
  'DELETE /v1/{prefix}/namespaces/{namespace}/views/{view}',
]

function client(ledger?: ContentsLedger): CatalogClient {
  return new CatalogClient({
    baseUrl,
    caps: parseCapabilities({ endpoints: ENDPOINTS }),
    transport: new Transport({ timeoutMs: 5_000, redactor: new Redactor([]) }),
    headers: {},
    runPrefix: 'ccrun_t',
    ...(ledger ? { ledger } : {}),
  })
}

const NS = ['ccrun_t_a']
const lists = () => requests.filter((r) => r.startsWith('GET'))

describe('dropNamespaceTree', () => {
  it('without a ledger, lists children, views and tables before the drop', async () => {
    const c = client()
    await c.op.createNamespace({ body: { namespace: NS } })
    await c.op.createTable({ namespace: NS, body: { name: 't' } })
    requests.length = 0
    expect(await dropNamespaceTree(c, NS)).toEqual(['table ccrun_t_a.t', 'namespace ccrun_t_a'])
    expect(lists()).toHaveLength(3)
  })

  it('with a ledger, drops the tables it knows by name without listing', async () => {
    const c = client(new ContentsLedger())
    await c.op.createNamespace({ body: { namespace: NS } })
    await c.op.createTable({ namespace: NS, body: { name: 't' } })
    await c.op.createTable({ namespace: NS, body: { name: 'u' } })
    await c.op.dropTable({ namespace: NS, table: 'u' })
    requests.length = 0
    expect(await dropNamespaceTree(c, NS)).toEqual(['table ccrun_t_a.t', 'namespace ccrun_t_a'])
    expect(lists()).toEqual([])
    // The table a test dropped itself is not dropped again.
    expect(requests).toEqual(['DELETE /v1/namespaces/ccrun_t_a/tables/t', 'DELETE /v1/namespaces/ccrun_t_a'])
  })

  it('with a ledger, lists only the kinds the namespace may hold by names it could not read', async () => {
    const c = client(new ContentsLedger())
    await c.op.createNamespace({ body: { namespace: NS } })
    // A raw body: the ledger cannot say the name, so the tables are listed.
    await c.op.createTable({ namespace: NS, rawBody: '{"name":"t"}' })
    requests.length = 0
    expect(await dropNamespaceTree(c, NS)).toEqual(['table ccrun_t_a.t', 'namespace ccrun_t_a'])
    expect(lists()).toEqual(['GET /v1/namespaces/ccrun_t_a/tables'])
  })

  it('lists everything and drops again when a table it knew by name is there under another', async () => {
    const c = client(new ContentsLedger())
    await c.op.createNamespace({ body: { namespace: NS } })
    await c.op.createTable({ namespace: NS, body: { name: 't' } })
    // The catalog stored it otherwise (a server that renames, or one that reports a drop it did not do).
    tables.get(NS[0] ?? '')?.delete('t')
    tables.get(NS[0] ?? '')?.add('T')
    requests.length = 0
    expect(await dropNamespaceTree(c, NS)).toEqual(['table ccrun_t_a.T', 'namespace ccrun_t_a'])
    expect(lists()).toHaveLength(3)
    expect(tables.size).toBe(0)
  })

  it('lists everything and drops again when the namespace holds what the ledger did not foresee', async () => {
    const c = client(new ContentsLedger())
    await c.op.createNamespace({ body: { namespace: NS } })
    views.get(NS[0] ?? '')?.add('planted')
    requests.length = 0
    expect(await dropNamespaceTree(c, NS)).toEqual(['view ccrun_t_a.planted', 'namespace ccrun_t_a'])
    expect(requests[0]).toBe('DELETE /v1/namespaces/ccrun_t_a')
    expect(lists()).toHaveLength(3)
    expect(tables.size).toBe(0)
  })
})

describe('Sandbox.cleanup', () => {
  const sandbox = (skipCleanup: boolean, log?: RequestLog) =>
    new Sandbox(
      {
        baseUrl,
        runPrefix: 'ccrun_t',
        namespaceParent: [],
        caps: parseCapabilities({ endpoints: ENDPOINTS }),
        headers: {},
        skipCleanup,
      } as Partial<RunContext> as RunContext,
      new Transport({ timeoutMs: 5_000, redactor: new Redactor([]), ...(log ? { log } : {}) }),
      'suites/area/file.test.ts',
    )

  /** A sandbox whose file created one namespace holding table `t`; the requests recorded from then on. */
  async function withTable(skipCleanup: boolean): Promise<{ s: Sandbox; ns: string[] }> {
    const s = sandbox(skipCleanup)
    const c = s.client()
    const ns = await s.namespace(c)
    await c.op.createTable({ namespace: ns, body: { name: 't' } })
    requests.length = 0
    return { s, ns }
  }

  it('drops what the file created, tables first', async () => {
    const { s, ns } = await withTable(false)
    await s.cleanup()
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual([
      `DELETE /v1/namespaces/${ns[0]}/tables/t`,
      `DELETE /v1/namespaces/${ns[0]}`,
    ])
    expect(tables.size).toBe(0)
  })

  it('sends no drop for a namespace the file never asked for, or one a test dropped itself', async () => {
    const s = sandbox(false)
    const c = s.client()
    const never = s.names.namespace('never')
    const dropped = await s.namespace(c)
    expect((await c.op.dropNamespace({ namespace: dropped })).status).toBe(204)
    const kept = await s.namespace(c)
    requests.length = 0
    s.dropLater(never)
    s.dropLater(dropped)
    s.dropLater(kept)
    await s.cleanup()
    // The control: the namespace that may still be there is dropped, once.
    expect(requests).toEqual([`DELETE /v1/namespaces/${kept[0]}`])
    expect(tables.size).toBe(0)
  })

  it('drops a namespace the server says it created from a body the ledger could not read', async () => {
    const s = sandbox(false)
    const ns = s.names.namespace('raw')
    // A raw body names no namespace the ledger can read; the answer names the one created.
    const ex = await s.client().op.createNamespace({ rawBody: JSON.stringify({ namespace: ns }) })
    expect(ex.status).toBe(200)
    requests.length = 0
    await s.cleanup()
    expect(requests).toEqual([`DELETE /v1/namespaces/${ns[0]}`])
    expect(tables.size).toBe(0)
  })

  it('sends nothing when the target is discarded with its data after the run', async () => {
    const { s, ns } = await withTable(true)
    await s.dropQuietly(ns)
    await s.cleanup()
    expect(requests).toEqual([])
    expect([...(tables.get(ns[0] ?? '') ?? [])]).toEqual(['t'])
  })

  it("logs a test's requests under the test and the file's cleanup under none; the test's view is the file's", async () => {
    const log = new RequestLog()
    const file = sandbox(false, log)
    const a = file.forTest('test-a')
    const b = file.forTest('test-b')
    const ns = await a.namespace(a.client())
    await b.client().op.createTable({ namespace: ns, body: { name: 't' } })
    const later = await b.namespace(b.client())
    b.dropLater(later)
    expect([log.count('test-a'), log.count('test-b'), log.count('')]).toEqual([1, 2, 0])
    expect(a.names).toBe(b.names)
    expect(a.shared('k', () => 'first')).toBe('first')
    expect(b.shared('k', () => 'second')).toBe('first')
    await file.cleanup()
    // b's later drop is b's (started in its test); the file's drops of what a and b created are the file's own.
    expect(log.count('test-b')).toBeGreaterThan(2)
    expect(log.count('')).toBeGreaterThan(0)
    expect(tables.has(ns[0] ?? '')).toBe(false)
    expect(tables.has(later[0] ?? '')).toBe(false)
  })
})
