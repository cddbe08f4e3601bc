/**
 * A commit is judged as a whole, not update by update: the spec orders no updates, and DuckDB 1.5 completes a
 * staged create with set-current-schema after add-spec and add-sort-order (issue #34, S1).
 */
import { describe, expect, it } from 'vitest'
import { testClient } from '../testing.ts'

const NS = '/v1/ref/namespaces'
const T = `${NS}/db/tables`

/** The schema DuckDB sends for `CREATE TABLE t (id INTEGER, name VARCHAR)`. */
const DUCKDB_SCHEMA = {
  type: 'struct',
  'schema-id': 0,
  fields: [
    { id: 1, name: 'id', type: 'int', required: false },
    { id: 2, name: 'name', type: 'string', required: false },
  ],
}

describe('a staged create committed in DuckDB order', () => {
  it('is accepted and creates the table with schema 0, spec 0 and order 0 current', async () => {
    const call = testClient()
    await call('POST', NS, { body: { namespace: ['db'] } })
    const staged = await call('POST', T, {
      body: { name: 't', schema: DUCKDB_SCHEMA, 'stage-create': true, properties: {} },
    })
    expect(staged.status).toBe(200)
    const location = staged.json.metadata.location as string
    const uuid = 'a6f5f1d0-6b5c-4f43-9b1d-2b6f1f0d6c11'
    const updates = [
      { action: 'assign-uuid', uuid },
      { action: 'upgrade-format-version', 'format-version': 2 },
      { action: 'add-schema', schema: DUCKDB_SCHEMA, 'last-column-id': 2 },
      { action: 'add-spec', spec: { 'spec-id': 0, fields: [] } },
      { action: 'set-default-spec', 'spec-id': -1 },
      { action: 'add-sort-order', 'sort-order': { 'order-id': 0, fields: [] } },
      { action: 'set-default-sort-order', 'sort-order-id': -1 },
      { action: 'set-location', location },
      { action: 'set-properties', updates: { 'write.format.default': 'parquet' } },
      { action: 'set-current-schema', 'schema-id': -1 },
    ]
    const r = await call('POST', `${T}/t`, { body: { requirements: [{ type: 'assert-create' }], updates } })
    expect([r.status, r.json.error?.message]).toEqual([200, undefined])
    const md = r.json.metadata
    expect(md['table-uuid']).toBe(uuid)
    expect([md['current-schema-id'], md['default-spec-id'], md['default-sort-order-id']]).toEqual([0, 0, 0])
    expect(md.properties['write.format.default']).toBe('parquet')
    const loaded = await call('GET', `${T}/t`)
    expect(loaded.status).toBe(200)
    expect(loaded.json.metadata.schemas).toHaveLength(1)
  })
})
