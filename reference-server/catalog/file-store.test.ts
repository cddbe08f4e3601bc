import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { SIMPLE_SCHEMA, testClient } from '../testing.ts'

const dir = mkdtempSync(join(tmpdir(), 'ref-warehouse-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('warehouseDir', () => {
  it('writes one metadata file per version to disk, registers from it and purges it', async () => {
    const call = testClient({ warehouseDir: dir })
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
    const created = await call('POST', '/v1/ref/namespaces/db/tables', {
      body: { name: 't', schema: SIMPLE_SCHEMA },
    })
    const first = created.json['metadata-location'] as string
    expect(first.startsWith('file://')).toBe(true)
    expect(existsSync(fileURLToPath(first))).toBe(true)
    const commit = await call('POST', '/v1/ref/namespaces/db/tables/t', {
      body: { requirements: [], updates: [{ action: 'set-properties', updates: { a: 'b' } }] },
    })
    const second = commit.json['metadata-location'] as string
    expect(readdirSync(join(fileURLToPath(second), '..'))).toHaveLength(2)
    await call('DELETE', '/v1/ref/namespaces/db/tables/t')
    const reg = await call('POST', '/v1/ref/namespaces/db/register', {
      body: { name: 'r', 'metadata-location': second },
    })
    expect(reg.status).toBe(200)
    expect(reg.json.metadata.properties.a).toBe('b')
    await call('DELETE', '/v1/ref/namespaces/db/tables/r?purgeRequested=true')
    expect(existsSync(fileURLToPath(second))).toBe(false)
    expect(existsSync(fileURLToPath(first))).toBe(false)
  })

  it('stores tables whose names are too long for a file name, in distinct folders', async () => {
    const call = testClient({ warehouseDir: dir })
    const long = 'ü'.repeat(300)
    await call('POST', '/v1/ref/namespaces', { body: { namespace: [long] } })
    const path = `/v1/ref/namespaces/${encodeURIComponent(long)}/tables`
    const locations = []
    for (const name of [`${long}a`, `${long}b`]) {
      const created = await call('POST', path, { body: { name, schema: SIMPLE_SCHEMA } })
      expect(created.status).toBe(200)
      locations.push(created.json.metadata.location as string)
      expect(existsSync(fileURLToPath(created.json['metadata-location'] as string))).toBe(true)
    }
    expect(new Set(locations).size).toBe(2)
  })

  it('keeps files of tables located outside the directory in memory', async () => {
    const call = testClient({ warehouseDir: dir })
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
    const body = { name: 'ext', schema: SIMPLE_SCHEMA, location: 's3://bucket/ext' }
    const created = await call('POST', '/v1/ref/namespaces/db/tables', { body })
    expect(created.status).toBe(200)
    expect(created.json['metadata-location']).toMatch(/^s3:\/\/bucket\/ext\/metadata\//)
    await call('DELETE', '/v1/ref/namespaces/db/tables/ext')
    const reg = { name: 'back', 'metadata-location': created.json['metadata-location'] }
    expect((await call('POST', '/v1/ref/namespaces/db/register', { body: reg })).status).toBe(200)
  })

  it('purge empties the table location (data files too); a plain drop and a shared location keep it', async () => {
    const call = testClient({ warehouseDir: dir })
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['p'] } })
    const made = async (name: string) => {
      const res = await call('POST', '/v1/ref/namespaces/p/tables', { body: { name, schema: SIMPLE_SCHEMA } })
      const location = fileURLToPath(res.json.metadata.location as string)
      mkdirSync(join(location, 'data'), { recursive: true })
      writeFileSync(join(location, 'data', 'part-0.parquet'), 'rows')
      return location
    }
    const kept = await made('kept')
    await call('DELETE', '/v1/ref/namespaces/p/tables/kept')
    expect(existsSync(join(kept, 'data', 'part-0.parquet'))).toBe(true)
    const purged = await made('purged')
    expect((await call('DELETE', '/v1/ref/namespaces/p/tables/purged?purgeRequested=true')).status).toBe(204)
    expect(existsSync(purged)).toBe(false)
    // A table registered from another's metadata shares its location: purging one must not empty the other's.
    const shared = await made('one')
    const one = await call('GET', '/v1/ref/namespaces/p/tables/one')
    await call('DELETE', '/v1/ref/namespaces/p/tables/one')
    await call('POST', '/v1/ref/namespaces/p/register', {
      body: { name: 'two', 'metadata-location': one.json['metadata-location'] },
    })
    await call('POST', '/v1/ref/namespaces/p/register', {
      body: { name: 'three', 'metadata-location': one.json['metadata-location'] },
    })
    await call('DELETE', '/v1/ref/namespaces/p/tables/two?purgeRequested=true')
    expect(existsSync(join(shared, 'data', 'part-0.parquet'))).toBe(true)
  })
})
