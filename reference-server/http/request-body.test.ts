import { describe, expect, it } from 'vitest'
import { withoutNulls } from '../../schemas/model/json.ts'
import { parseBody } from './request-body.ts'

describe('request bodies', () => {
  it('read JSON null for an optional field as absent, as the Java client sends it', () => {
    const body = parseBody(
      'createTable',
      JSON.stringify({
        name: 't',
        location: null,
        schema: { type: 'struct', fields: [{ id: 1, name: 'id', type: 'long', required: true, doc: null }] },
        'partition-spec': null,
        'write-order': null,
        'stage-create': false,
        properties: {},
      }),
      true,
    ) as Record<string, unknown>
    expect(body).not.toHaveProperty('location')
    expect(body).not.toHaveProperty('partition-spec')
    expect((body.schema as { fields: Record<string, unknown>[] }).fields[0]).not.toHaveProperty('doc')
  })

  it('keep the null of assert-ref-snapshot-id, which means "the ref does not exist"', () => {
    expect(withoutNulls({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': null })).toEqual({
      type: 'assert-ref-snapshot-id',
      ref: 'main',
      'snapshot-id': null,
    })
  })

  it('ignore fields the spec does not name (the upstream schemas are open)', () => {
    expect(() => parseBody('createNamespace', '{"namespace":["a"],"vendor-extension":1}', true)).not.toThrow()
  })
})
