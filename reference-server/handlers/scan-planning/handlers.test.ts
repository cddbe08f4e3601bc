import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import {
  MANIFEST_LIST_SCHEMA,
  MANIFEST_SCHEMA,
  avroFile,
  entry,
  manifestFile,
} from '../../planning/avro-fixtures.ts'
import { SIMPLE_SCHEMA, dataFile, testClient, type Call } from '../../testing.ts'
import { FILES_PER_TASK, scanTasksBody } from './handlers.ts'

const T = '/v1/ref/namespaces/db/tables/t'

async function tableWithFiles(...batches: number[]): Promise<{ call: Call; snapshots: number[] }> {
  const call = testClient({ documentProfile: true })
  await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
  await call('POST', '/v1/ref/namespaces/db/tables', { body: { name: 't', schema: SIMPLE_SCHEMA } })
  const snapshots: number[] = []
  let n = 0
  for (const count of batches) {
    const files = Array.from({ length: count }, () => dataFile(`memory://data/f${n++}.parquet`))
    const r = await call('POST', T, {
      body: { requirements: [], updates: [{ action: 'append', 'data-files': files }] },
    })
    expect(r.status).toBe(200)
    snapshots.push(r.json.metadata['current-snapshot-id'])
  }
  return { call, snapshots }
}

const paths = (tasks: Array<{ 'data-file': { 'file-path': string } }>): string[] =>
  tasks.map((t) => t['data-file']['file-path']).sort()

describe('scan planning', () => {
  it('completes at once for an empty table', async () => {
    const { call } = await tableWithFiles()
    const r = await call('POST', `${T}/plan`, { body: {} })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      status: 'completed',
      'plan-id': expect.any(String),
      'file-scan-tasks': [],
    })
    expect((await call('POST', `${T}/plan`)).json.status).toBe('completed')
  })

  it('submits, then completes on fetch with every data file of the snapshot', async () => {
    const { call } = await tableWithFiles(2, 1)
    const plan = await call('POST', `${T}/plan`, { body: { filter: true } })
    expect(plan.json).toEqual({ status: 'submitted', 'plan-id': expect.any(String) })
    const fetched = await call('GET', `${T}/plan/${plan.json['plan-id']}`)
    expect(fetched.json.status).toBe('completed')
    expect(paths(fetched.json['file-scan-tasks'])).toEqual(
      ['f0', 'f1', 'f2'].map((f) => `memory://data/${f}.parquet`),
    )
  })

  it('plans a point in time and an incremental range', async () => {
    const { call, snapshots } = await tableWithFiles(1, 2)
    const at = await call('POST', `${T}/plan`, { body: { 'snapshot-id': snapshots[0] } })
    const first = await call('GET', `${T}/plan/${at.json['plan-id']}`)
    expect(paths(first.json['file-scan-tasks'])).toEqual(['memory://data/f0.parquet'])
    const inc = await call('POST', `${T}/plan`, {
      body: { 'start-snapshot-id': snapshots[0], 'end-snapshot-id': snapshots[1] },
    })
    const delta = await call('GET', `${T}/plan/${inc.json['plan-id']}`)
    expect(paths(delta.json['file-scan-tasks'])).toEqual([
      'memory://data/f1.parquet',
      'memory://data/f2.parquet',
    ])
  })

  it('splits large plans into plan tasks redeemed by fetchScanTasks', async () => {
    const { call } = await tableWithFiles(FILES_PER_TASK + 2)
    const plan = await call('POST', `${T}/plan`, { body: {} })
    const done = await call('GET', `${T}/plan/${plan.json['plan-id']}`)
    expect(done.json['file-scan-tasks']).toEqual([])
    expect(done.json['plan-tasks']).toHaveLength(2)
    const all: string[] = []
    for (const task of done.json['plan-tasks']) {
      const r = await call('POST', `${T}/tasks`, { body: { 'plan-task': task } })
      expect(r.status).toBe(200)
      all.push(...paths(r.json['file-scan-tasks']))
    }
    expect(all).toHaveLength(FILES_PER_TASK + 2)
    const bad = await call('POST', `${T}/tasks`, { body: { 'plan-task': 'nope' } })
    expect([bad.status, bad.json.error.type]).toEqual([404, 'NoSuchPlanTaskException'])
  })

  it('cancels: fetch says cancelled, tasks are gone, unknown plans are 404', async () => {
    const { call } = await tableWithFiles(FILES_PER_TASK + 1)
    const plan = await call('POST', `${T}/plan`, { body: {} })
    const id = plan.json['plan-id']
    expect((await call('DELETE', `${T}/plan/${id}`)).status).toBe(204)
    expect((await call('GET', `${T}/plan/${id}`)).json).toEqual({ status: 'cancelled' })
    expect((await call('DELETE', `${T}/plan/${id}`)).status).toBe(204)
    const unknown = await call('GET', `${T}/plan/nope`)
    expect([unknown.status, unknown.json.error.type]).toEqual([404, 'NoSuchPlanIdException'])
    expect((await call('DELETE', `${T}/plan/nope`)).status).toBe(404)
  })

  it('rejects invalid combinations (400) and missing tables (404)', async () => {
    const { call, snapshots } = await tableWithFiles(1)
    const s = snapshots[0]
    for (const body of [
      { 'snapshot-id': s, 'end-snapshot-id': s },
      { 'start-snapshot-id': s },
      { 'snapshot-id': 12345 },
      { select: 'id' },
      { 'case-sensitive': 'yes' },
    ]) {
      expect((await call('POST', `${T}/plan`, { body })).status, JSON.stringify(body)).toBe(400)
    }
    const missing = await call('POST', '/v1/ref/namespaces/db/tables/zz/plan', { body: {} })
    expect([missing.status, missing.json.error.type]).toEqual([404, 'NoSuchTableException'])
  })

  it('vends storage credentials on completed plans when asked', async () => {
    const { call } = await tableWithFiles()
    const r = await call('POST', `${T}/plan`, {
      body: {},
      headers: { 'X-Iceberg-Access-Delegation': 'vended-credentials' },
    })
    expect(r.json['storage-credentials']).toHaveLength(1)
  })

  describe('snapshots a client added with its own manifest list', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plan-manifests-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    // A 63-bit id as PyIceberg makes them: beyond 2^53, so it travels as raw digits.
    const ID = '7766554433221100123'

    /** A table in a disk warehouse whose current snapshot was added by a client (add-snapshot). */
    async function clientTable(opts: { writeFiles: boolean; completeAtOnce?: boolean }): Promise<Call> {
      const warehouseDir = mkdtempSync(join(dir, 'w-'))
      const call = testClient({ warehouseDir, plansCompleteAtOnce: opts.completeAtOnce ?? false })
      await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
      const created = await call('POST', '/v1/ref/namespaces/db/tables', {
        body: { name: 't', schema: SIMPLE_SCHEMA },
      })
      const location: string = created.json.metadata.location
      const list = `${location}/metadata/snap-${ID}.avro`
      const manifest = `${location}/metadata/m0.avro`
      if (opts.writeFiles) {
        mkdirSync(fileURLToPath(`${location}/metadata`), { recursive: true })
        writeFileSync(fileURLToPath(list), await avroFile(MANIFEST_LIST_SCHEMA, [manifestFile(manifest)]))
        const entries = [
          entry({ path: `${location}/data/a.parquet` }),
          entry({ path: `${location}/data/old.parquet`, status: 2 }),
        ]
        writeFileSync(fileURLToPath(manifest), await avroFile(MANIFEST_SCHEMA, entries))
      }
      const snapshot = `{"snapshot-id":${ID},"sequence-number":1,"timestamp-ms":1700000000000,"manifest-list":"${list}","summary":{"operation":"append"},"schema-id":0}`
      const commit = await call('POST', T, {
        raw: `{"requirements":[],"updates":[{"action":"add-snapshot","snapshot":${snapshot}},{"action":"set-snapshot-ref","ref-name":"main","type":"branch","snapshot-id":${ID}}]}`,
      })
      expect(commit.status, commit.body).toBe(200)
      return call
    }

    it('plans the live files read from its manifests, also by a 64-bit snapshot id', async () => {
      const call = await clientTable({ writeFiles: true })
      for (const raw of ['{}', `{"snapshot-id":${ID}}`]) {
        const plan = await call('POST', `${T}/plan`, { raw })
        expect(plan.status, plan.body).toBe(200)
        const done = await call('GET', `${T}/plan/${plan.json['plan-id']}`)
        expect(paths(done.json['file-scan-tasks'])).toEqual([expect.stringMatching(/\/data\/a\.parquet$/)])
      }
    })

    it('answers completed at once with plansCompleteAtOnce', async () => {
      const call = await clientTable({ writeFiles: true, completeAtOnce: true })
      const plan = await call('POST', `${T}/plan`, { body: {} })
      expect(plan.json.status).toBe('completed')
      expect(plan.json['file-scan-tasks']).toHaveLength(1)
    })

    it('refuses with 406 a snapshot whose manifest list it cannot read, instead of an empty plan', async () => {
      const call = await clientTable({ writeFiles: false })
      const plan = await call('POST', `${T}/plan`, { body: {} })
      expect([plan.status, plan.json.error.type]).toEqual([406, 'UnsupportedOperationException'])
      expect(plan.json.error.message).toMatch(/cannot read the manifest list/)
    })
  })
})

describe('scanTasksBody', () => {
  it('lists each delete file once and references it by its 0-based index in that response', () => {
    const data = (p: string): Record<string, unknown> => ({ 'file-path': p })
    const del = (p: string): Record<string, unknown> => ({ 'file-path': p, content: 'position-deletes' })
    const body = scanTasksBody([
      { dataFile: data('a'), deletes: [del('x'), del('y')] },
      { dataFile: data('b'), deletes: [] },
      { dataFile: data('c'), deletes: [del('y')] },
    ])
    expect(body['delete-files'].map((d) => d['file-path'])).toEqual(['x', 'y'])
    expect(body['file-scan-tasks']).toEqual([
      { 'data-file': data('a'), 'delete-file-references': [0, 1] },
      { 'data-file': data('b') },
      { 'data-file': data('c'), 'delete-file-references': [1] },
    ])
  })
})
