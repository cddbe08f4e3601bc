/** Registering a metadata file written by someone else (a fixture copied into the warehouse directory). */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { testClient } from '../testing.ts'

const NAME = '00005-5f0c3a52-6a1e-4c5e-9d3b-2f5b8a9c1d7e.metadata.json'
const FIXTURE = new URL(`../../fixtures/reference-server/${NAME}`, import.meta.url)
const dir = mkdtempSync(join(tmpdir(), 'ref-register-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('register a foreign metadata file', () => {
  it('keeps int64 ids exact, trims snapshots=refs, and continues the version numbering', async () => {
    mkdirSync(join(dir, 'ext'), { recursive: true })
    copyFileSync(FIXTURE, join(dir, 'ext', NAME))
    const location = pathToFileURL(join(dir, 'ext', NAME)).href
    const call = testClient({ warehouseDir: dir })
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
    const reg = await call('POST', '/v1/ref/namespaces/db/register', {
      body: { name: 'h', 'metadata-location': location },
    })
    expect(reg.status).toBe(200)
    expect(reg.json['metadata-location']).toBe(location)
    expect(reg.body).toContain('"current-snapshot-id":8744736658442914487')
    const all = await call('GET', '/v1/ref/namespaces/db/tables/h?snapshots=all')
    expect(all.json.metadata.snapshots).toHaveLength(3)
    const refs = await call('GET', '/v1/ref/namespaces/db/tables/h?snapshots=refs')
    expect(refs.json.metadata.snapshots).toHaveLength(2)
    expect(refs.body).not.toContain('"snapshot-id":5183425826151029555,"parent-snapshot-id"')
    expect(all.body).toContain('"snapshot-id":5183425826151029555,"parent-snapshot-id"')
    expect(refs.json.metadata['snapshot-log']).toHaveLength(3)
    const commit = await call('POST', '/v1/ref/namespaces/db/tables/h', {
      // Raw JSON: the id is beyond what a JS number literal can hold exactly.
      raw: '{"requirements":[{"type":"assert-ref-snapshot-id","ref":"main","snapshot-id":8744736658442914487}],"updates":[{"action":"set-properties","updates":{"touched":"yes"}}]}',
    })
    expect(commit.status).toBe(200)
    expect(commit.json['metadata-location']).toMatch(/\/metadata\/00006-[0-9a-f-]{36}\.metadata\.json$/)
    expect(commit.json.metadata['metadata-log'].at(-1)['metadata-file']).toBe(location)
  })

  it('refuses a file that breaks table invariants (400)', async () => {
    const call = testClient({ warehouseDir: dir })
    await call('POST', '/v1/ref/namespaces', { body: { namespace: ['db'] } })
    const created = await call('POST', '/v1/ref/namespaces/db/views', {
      body: {
        name: 'v',
        schema: { type: 'struct', fields: [{ id: 1, name: 'a', type: 'int', required: false }] },
        'view-version': {
          'version-id': 1,
          'timestamp-ms': 0,
          'schema-id': 0,
          summary: {},
          representations: [{ type: 'sql', sql: 'select 1', dialect: 'spark' }],
          'default-namespace': ['db'],
        },
        properties: {},
      },
    })
    const viewFile = created.json['metadata-location']
    const r = await call('POST', '/v1/ref/namespaces/db/register', {
      body: { name: 'x', 'metadata-location': viewFile },
    })
    expect(r.status).toBe(400)
  })
})
