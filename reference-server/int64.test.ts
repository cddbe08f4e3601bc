/**
 * Snapshot ids are `long`s, and real writers pick them at random over 63 bits. Over a socket, with bodies written
 * and read as raw text (so no JSON reader of ours stands between the test and the wire): ids 1 apart near 2^62 stay
 * apart, requirements and refs compare them exactly, a request to another table leaves them alone, and error
 * messages and metadata files print them as sent. Near 2^62 doubles are 1024 apart, so every id here would round to
 * the same double: a server that passes ids through one fails each test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from './index.ts'
import { SIMPLE_SCHEMA } from './testing.ts'

const BASE = 2n ** 62n
/** main's snapshot, …125 as in the report (issue 34). */
const A = String(BASE + 125n)
/** One above A. */
const A1 = String(BASE + 126n)
/** …128: the stale id of the report. */
const B = String(BASE + 128n)

const NS = '/v1/ref/namespaces/db'
const TABLES = `${NS}/tables`

let server: { url: string; close(): Promise<void> }
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'int64-'))
  server = await start({ warehouseDir: dir })
  await send('POST', '/v1/ref/namespaces', '{"namespace":["db"]}')
})

afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

async function send(method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body } : {}),
    signal: AbortSignal.timeout(10_000),
  })
  return { status: res.status, text: await res.text() }
}

const snapshot = (id: string, seq: number, parent?: string): string =>
  `{"snapshot-id":${id},${parent ? `"parent-snapshot-id":${parent},` : ''}"timestamp-ms":${Date.now() - 1000},` +
  `"sequence-number":${seq},"manifest-list":"file:/nowhere/snap-${id}.avro","summary":{"operation":"append"},"schema-id":0}`

const commit = (
  table: string,
  requirements: string,
  updates: string,
): Promise<{ status: number; text: string }> =>
  send('POST', `${TABLES}/${table}`, `{"requirements":[${requirements}],"updates":[${updates}]}`)

/** A table whose main is at A (its only snapshot). */
async function tableAtA(name: string): Promise<void> {
  expect((await send('POST', TABLES, JSON.stringify({ name, schema: SIMPLE_SCHEMA }))).status).toBe(200)
  const r = await commit(
    name,
    '',
    `{"action":"add-snapshot","snapshot":${snapshot(A, 1)}},` +
      `{"action":"set-snapshot-ref","ref-name":"main","type":"branch","snapshot-id":${A}}`,
  )
  expect(r.status, r.text).toBe(200)
  expect(r.text).toContain(`"current-snapshot-id":${A}`)
}

/** The digits of every `"key":<integer>` in a JSON text, in order. */
const idsAt = (text: string, key: string): string[] =>
  [...text.matchAll(new RegExp(`"${key}":(-?\\d+)`, 'g'))].map((m) => m[1] as string)

describe('int64 snapshot ids over HTTP', () => {
  it('keeps two snapshots whose ids are 1 apart near 2^62 apart, in answers, reloads and metadata files', async () => {
    await tableAtA('apart')
    const r = await commit(
      'apart',
      `{"type":"assert-ref-snapshot-id","ref":"main","snapshot-id":${A}}`,
      `{"action":"add-snapshot","snapshot":${snapshot(A1, 2, A)}},` +
        `{"action":"set-snapshot-ref","ref-name":"main","type":"branch","snapshot-id":${A1}},` +
        `{"action":"set-snapshot-ref","ref-name":"first","type":"tag","snapshot-id":${A}}`,
    )
    expect(r.status, r.text).toBe(200)
    for (const text of [r.text, (await send('GET', `${TABLES}/apart?snapshots=all`)).text]) {
      expect(idsAt(text, 'current-snapshot-id')).toEqual([A1])
      expect(idsAt(text, 'parent-snapshot-id')).toEqual([A])
      // snapshots, refs (first, main) and snapshot-log carry each id exactly.
      expect(idsAt(text, 'snapshot-id').sort()).toEqual([A, A, A, A1, A1, A1].sort())
    }
    const location = (JSON.parse(r.text) as { 'metadata-location': string })['metadata-location']
    const file = readFileSync(fileURLToPath(location.replace(/^file:\/*/, 'file:///')), 'utf8')
    expect(idsAt(file, 'current-snapshot-id')).toEqual([A1])
    expect(idsAt(file, 'parent-snapshot-id')).toEqual([A])
  })

  it('refuses a stale assert-ref-snapshot-id (…128 while main is at …125) with 409, naming both ids exactly', async () => {
    await tableAtA('stale')
    const r = await commit(
      'stale',
      `{"type":"assert-ref-snapshot-id","ref":"main","snapshot-id":${B}}`,
      '{"action":"set-properties","updates":{"k":"v"}}',
    )
    expect(r.status, r.text).toBe(409)
    const message = (JSON.parse(r.text) as { error: { message: string } }).error.message
    expect(message).toContain(B)
    expect(message).toContain(A)
    expect(idsAt((await send('GET', `${TABLES}/stale`)).text, 'current-snapshot-id')).toEqual([A])
  })

  it('refuses set-snapshot-ref to a snapshot 1 away from the one that exists', async () => {
    await tableAtA('missing')
    for (const ref of ['main', 'other']) {
      const r = await commit(
        'missing',
        '',
        `{"action":"set-snapshot-ref","ref-name":"${ref}","type":"branch","snapshot-id":${A1}}`,
      )
      expect(r.status, r.text).toBe(400)
      expect(r.text).toContain(A1)
    }
    const loaded = await send('GET', `${TABLES}/missing`)
    expect(idsAt(loaded.text, 'current-snapshot-id')).toEqual([A])
    expect(loaded.text).not.toContain(A1)
  })

  it('shows the ids of a table unchanged after a request about another table (answered 404)', async () => {
    await tableAtA('mine')
    const other = await commit(
      'nosuch',
      `{"type":"assert-ref-snapshot-id","ref":"main","snapshot-id":${B}}`,
      `{"action":"set-snapshot-ref","ref-name":"main","type":"branch","snapshot-id":${B}}`,
    )
    expect(other.status, other.text).toBe(404)
    const loaded = await send('GET', `${TABLES}/mine`)
    expect(idsAt(loaded.text, 'current-snapshot-id')).toEqual([A])
    expect(loaded.text).not.toContain(B)
    // The next metadata file of the table, written after that request, still says A.
    const r = await commit('mine', '', '{"action":"set-properties","updates":{"k":"v"}}')
    expect(r.status, r.text).toBe(200)
    const location = (JSON.parse(r.text) as { 'metadata-location': string })['metadata-location']
    const file = readFileSync(fileURLToPath(location.replace(/^file:\/*/, 'file:///')), 'utf8')
    expect(idsAt(file, 'current-snapshot-id')).toEqual([A])
    expect(file).not.toContain(B)
  })
})
