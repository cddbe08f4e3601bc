/**
 * A NUL character in a name is schema-valid, but names become file paths, which cannot hold one: the reference server
 * refuses such a name with 400 instead of failing in the file system with a 500 (issue 38: the generated identifier
 * inputs found the 500 on createTable and createView).
 */
import { describe, expect, it } from 'vitest'
import { SIMPLE_SCHEMA, testClient, viewRequest } from '../testing.ts'

const NS = '/v1/ref/namespaces'

describe('names with a NUL character', () => {
  it('are refused with 400 in a namespace, a table, a view and a registered location', async () => {
    const call = testClient()
    const ns = await call('POST', NS, { body: { namespace: ['db\u0000'] } })
    expect([ns.status, ns.json.error.type]).toEqual([400, 'BadRequestException'])
    expect((await call('POST', NS, { body: { namespace: ['db'] } })).status).toBe(200)
    const table = await call('POST', `${NS}/db/tables`, { body: { name: 't\u0000', schema: SIMPLE_SCHEMA } })
    expect([table.status, table.json.error.type]).toEqual([400, 'BadRequestException'])
    const view = await call('POST', `${NS}/db/views`, { body: viewRequest('v\u0000') })
    expect([view.status, view.json.error.type]).toEqual([400, 'BadRequestException'])
    const register = await call('POST', `${NS}/db/register`, {
      body: { name: 'r', 'metadata-location': '/tmp/x\u0000/m.json' },
    })
    expect(register.status).toBe(400)
    // The names without the NUL are fine.
    expect(
      (await call('POST', `${NS}/db/tables`, { body: { name: 't', schema: SIMPLE_SCHEMA } })).status,
    ).toBe(200)
    expect((await call('POST', `${NS}/db/views`, { body: viewRequest('v') })).status).toBe(200)
  })
})
