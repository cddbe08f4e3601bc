import { describe, expect, it } from 'vitest'
import { SIMPLE_SCHEMA, dataFile, testClient, type Call } from '../testing.ts'

const NS = '/v1/ref/namespaces'
const T = `${NS}/db/tables`

async function withTables(...names: string[]): Promise<Call> {
  const call = testClient({ documentProfile: true })
  await call('POST', NS, { body: { namespace: ['db'] } })
  for (const name of names) {
    expect((await call('POST', T, { body: { name, schema: SIMPLE_SCHEMA } })).status).toBe(200)
  }
  return call
}

const setProps = (updates: Record<string, string>): object => ({ action: 'set-properties', updates })

describe('updateTable', () => {
  it('commits, returns the new location with an ETag a following load shares', async () => {
    const call = await withTables('t')
    const before = await call('GET', `${T}/t`)
    const uuid = before.json.metadata['table-uuid']
    const r = await call('POST', `${T}/t`, {
      body: { requirements: [{ type: 'assert-table-uuid', uuid }], updates: [setProps({ k: 'v' })] },
    })
    expect(r.status).toBe(200)
    expect(r.json['metadata-location']).toMatch(/\/00001-[0-9a-f-]{36}\.metadata\.json$/)
    expect(r.json.metadata.properties.k).toBe('v')
    const after = await call('GET', `${T}/t`)
    expect(after.json['metadata-location']).toBe(r.json['metadata-location'])
    expect(after.headers.etag).toBe(r.headers.etag)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    const cached = await call('GET', `${T}/t`, {
      headers: { 'if-none-match': before.headers.etag as string },
    })
    expect(cached.status).toBe(200)
  })

  it('rejects a stale requirement with 409 and changes nothing', async () => {
    const call = await withTables('t')
    const before = await call('GET', `${T}/t`)
    const r = await call('POST', `${T}/t`, {
      body: {
        requirements: [{ type: 'assert-current-schema-id', 'current-schema-id': 42 }],
        updates: [setProps({ a: 'b' })],
      },
    })
    expect(r.status).toBe(409)
    expect(r.json.error).toMatchObject({ type: 'CommitFailedException', code: 409 })
    expect((await call('GET', `${T}/t`)).json['metadata-location']).toBe(before.json['metadata-location'])
  })

  it('answers 400 for unknown update actions and requirement types, 404 for a missing table', async () => {
    const call = await withTables('t')
    const unknownUpdate = await call('POST', `${T}/t`, {
      body: { requirements: [], updates: [{ action: 'frobnicate' }] },
    })
    expect(unknownUpdate.status).toBe(400)
    const unknownReq = await call('POST', `${T}/t`, {
      body: { requirements: [{ type: 'assert-magic' }], updates: [] },
    })
    expect(unknownReq.status).toBe(400)
    expect((await call('POST', `${T}/t`, { body: { updates: [] } })).status).toBe(400)
    const missing = await call('POST', `${T}/nope`, {
      body: { requirements: [], updates: [setProps({ a: 'b' })] },
    })
    expect([missing.status, missing.json.error.type]).toEqual([404, 'NoSuchTableException'])
  })

  it('keeps the location when nothing changes', async () => {
    const call = await withTables('t')
    const before = await call('GET', `${T}/t`)
    const r = await call('POST', `${T}/t`, { body: { requirements: [], updates: [] } })
    expect(r.status).toBe(200)
    expect(r.json['metadata-location']).toBe(before.json['metadata-location'])
  })

  it('completes a staged create with assert-create; a second create is 409', async () => {
    const call = await withTables()
    const staged = await call('POST', T, { body: { name: 's', schema: SIMPLE_SCHEMA, 'stage-create': true } })
    const md = staged.json.metadata
    const updates = [
      { action: 'assign-uuid', uuid: md['table-uuid'] },
      { action: 'upgrade-format-version', 'format-version': md['format-version'] },
      { action: 'add-schema', schema: md.schemas[0] },
      { action: 'set-current-schema', 'schema-id': -1 },
      { action: 'add-spec', spec: md['partition-specs'][0] },
      { action: 'set-default-spec', 'spec-id': -1 },
      { action: 'add-sort-order', 'sort-order': md['sort-orders'][0] },
      { action: 'set-default-sort-order', 'sort-order-id': -1 },
      { action: 'set-location', location: md.location },
      { action: 'append', 'data-files': [dataFile(`${md.location}/data/a.parquet`)] },
    ]
    const body = { requirements: [{ type: 'assert-create' }], updates }
    const r = await call('POST', `${T}/s`, { body })
    expect(r.status).toBe(200)
    expect(r.json.metadata['table-uuid']).toBe(md['table-uuid'])
    expect(r.json.metadata.snapshots).toHaveLength(1)
    expect((await call('HEAD', `${T}/s`)).status).toBe(204)
    const again = await call('POST', `${T}/s`, { body })
    expect(again.status).toBe(409)
  })

  it('keeps concurrent commits atomic: of N racing on one base, one wins and the rest get 409', async () => {
    const call = await withTables('t')
    const appendOn = (i: number): Promise<Awaited<ReturnType<Call>>> =>
      call('POST', `${T}/t`, {
        body: {
          requirements: [{ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': null }],
          updates: [{ action: 'append', 'data-files': [dataFile(`memory://x/${i}.parquet`)] }],
        },
      })
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => appendOn(i)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(7)
    expect((await call('GET', `${T}/t`)).json.metadata.snapshots).toHaveLength(1)
  })
})

describe('commitTransaction', () => {
  const change = (name: string, requirements: object[], updates: object[]): object => ({
    identifier: { namespace: ['db'], name },
    requirements,
    updates,
  })

  it('applies every table change and answers 204 without a body', async () => {
    const call = await withTables('a', 'b')
    const r = await call('POST', '/v1/ref/transactions/commit', {
      body: {
        'table-changes': [change('a', [], [setProps({ x: '1' })]), change('b', [], [setProps({ y: '2' })])],
      },
    })
    expect(r.status).toBe(204)
    expect(r.body).toBeUndefined()
    expect((await call('GET', `${T}/a`)).json.metadata.properties.x).toBe('1')
    expect((await call('GET', `${T}/b`)).json.metadata.properties.y).toBe('2')
  })

  it('is all or nothing: a failing requirement on one table changes none', async () => {
    const call = await withTables('a', 'b')
    const before = (await call('GET', `${T}/a`)).json['metadata-location']
    const r = await call('POST', '/v1/ref/transactions/commit', {
      body: {
        'table-changes': [
          change('a', [], [setProps({ x: '1' })]),
          change(
            'b',
            [{ type: 'assert-current-schema-id', 'current-schema-id': 99 }],
            [setProps({ y: '2' })],
          ),
        ],
      },
    })
    expect(r.status).toBe(409)
    expect((await call('GET', `${T}/a`)).json['metadata-location']).toBe(before)
    const missing = await call('POST', '/v1/ref/transactions/commit', {
      body: { 'table-changes': [change('a', [], [setProps({ x: '1' })]), change('zz', [], [])] },
    })
    expect(missing.status).toBe(404)
    expect((await call('GET', `${T}/a`)).json['metadata-location']).toBe(before)
  })

  it('requires identifiers and a non-empty list (400)', async () => {
    const call = await withTables('a')
    const url = '/v1/ref/transactions/commit'
    expect((await call('POST', url, { body: { 'table-changes': [] } })).status).toBe(400)
    expect(
      (await call('POST', url, { body: { 'table-changes': [{ requirements: [], updates: [] }] } })).status,
    ).toBe(400)
  })
})

describe('int64 ids', () => {
  it('keeps a snapshot id beyond 2^53 exact from request to response and stored file', async () => {
    const call = await withTables('t')
    const md = (await call('GET', `${T}/t`)).json.metadata
    const id = '8744736658442914487'
    const snapshot = `{"snapshot-id":${id},"timestamp-ms":${md['last-updated-ms'] + 1},"sequence-number":1,"manifest-list":"${md.location}/m.avro","summary":{"operation":"append"},"schema-id":0}`
    const raw = `{"requirements":[],"updates":[{"action":"add-snapshot","snapshot":${snapshot}},{"action":"set-snapshot-ref","ref-name":"main","type":"branch","snapshot-id":${id}}]}`
    const r = await call('POST', `${T}/t`, { raw })
    expect(r.status).toBe(200)
    expect(r.body).toContain(`"current-snapshot-id":${id}`)
    const loaded = await call('GET', `${T}/t`)
    expect(loaded.body).toContain(`"snapshot-id":${id}`)
    const reg = await call('POST', `${NS}/db/register`, {
      body: { name: 'r', 'metadata-location': loaded.json['metadata-location'] },
    })
    expect(reg.body).toContain(`"current-snapshot-id":${id}`)
  })
})
