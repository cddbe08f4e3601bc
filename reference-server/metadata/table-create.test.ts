import { describe, expect, it } from 'vitest'
import { checkTableInvariants, createTableMetadata } from './index.ts'
import { createRequest, expectError, T0, testContext } from './test-helpers.ts'

describe('createTableMetadata', () => {
  it('assigns fresh ids breadth-first from 1 and remaps identifier fields', () => {
    const md = createTableMetadata(
      {
        name: 't',
        schema: {
          type: 'struct',
          'identifier-field-ids': [10],
          fields: [
            { id: 10, name: 'id', type: 'long', required: true },
            {
              id: 20,
              name: 'point',
              required: false,
              type: { type: 'struct', fields: [{ id: 30, name: 'x', type: 'double', required: true }] },
            },
            {
              id: 40,
              name: 'tags',
              required: false,
              type: { type: 'list', 'element-id': 41, element: 'string', 'element-required': false },
            },
            {
              id: 50,
              name: 'attrs',
              required: false,
              type: {
                type: 'map',
                'key-id': 51,
                key: 'string',
                'value-id': 52,
                value: 'int',
                'value-required': true,
              },
            },
          ],
        },
      },
      'mem://wh/ns/t',
      testContext(),
    )
    const fields = md.schemas[0]?.fields ?? []
    expect(fields.map((f) => f.id)).toEqual([1, 2, 3, 4])
    expect(fields[1]?.type).toMatchObject({ fields: [{ id: 5 }] })
    expect(fields[2]?.type).toMatchObject({ 'element-id': 6 })
    expect(fields[3]?.type).toMatchObject({ 'key-id': 7, 'value-id': 8 })
    expect(md.schemas[0]?.['identifier-field-ids']).toEqual([1])
    expect(md['last-column-id']).toBe(8)
    expect(md['schemas'][0]?.['schema-id']).toBe(0)
  })

  it('writes the v2 defaults: unpartitioned spec 0 (last-partition-id 999), unsorted order 0, -1 current snapshot', () => {
    const md = createTableMetadata(createRequest(), 'mem://wh/ns/t/', testContext())
    expect(md).toMatchObject({
      'format-version': 2,
      location: 'mem://wh/ns/t',
      'last-sequence-number': 0,
      'last-updated-ms': T0,
      'current-schema-id': 0,
      'default-spec-id': 0,
      'partition-specs': [{ 'spec-id': 0, fields: [] }],
      'last-partition-id': 999,
      'default-sort-order-id': 0,
      'sort-orders': [{ 'order-id': 0, fields: [] }],
      'current-snapshot-id': -1,
      refs: {},
      snapshots: [],
      'snapshot-log': [],
      'metadata-log': [],
    })
    expect(md['table-uuid']).toBe('00000000-0000-4000-8000-aaaaaaaaaaa1')
    expect(md).not.toHaveProperty('next-row-id')
    expect(checkTableInvariants(md)).toEqual([])
  })

  it('numbers spec fields from 1000, maps sources by the fresh ids, and gives a write order id 1', () => {
    const req = createRequest({
      schema: {
        type: 'struct',
        fields: [
          { id: 7, name: 'id', type: 'long', required: true },
          { id: 9, name: 'ts', type: 'timestamp', required: false },
        ],
      },
      'partition-spec': {
        fields: [
          { 'source-id': 9, 'field-id': 5, name: 'ts_day', transform: 'day' },
          { 'source-id': 7, 'field-id': 3, name: 'id_b', transform: 'bucket[8]' },
        ],
      },
      'write-order': {
        'order-id': 7,
        fields: [{ 'source-id': 9, transform: 'identity', direction: 'desc', 'null-order': 'nulls-last' }],
      },
    })
    const md = createTableMetadata(req, 'mem://wh/t', testContext())
    expect(md['partition-specs'][0]?.fields).toEqual([
      { name: 'ts_day', transform: 'day', 'source-id': 2, 'field-id': 1000 },
      { name: 'id_b', transform: 'bucket[8]', 'source-id': 1, 'field-id': 1001 },
    ])
    expect(md['last-partition-id']).toBe(1001)
    expect(md['sort-orders']).toEqual([
      {
        'order-id': 1,
        fields: [{ 'source-id': 2, transform: 'identity', direction: 'desc', 'null-order': 'nulls-last' }],
      },
    ])
    expect(md['default-sort-order-id']).toBe(1)
  })

  it('takes format-version from the properties and strips every reserved property', () => {
    const md = createTableMetadata(
      createRequest({
        properties: { 'format-version': '3', uuid: 'x', 'current-snapshot-id': '1', owner: 'me' },
      }),
      'mem://wh/t',
      testContext(),
    )
    expect(md['format-version']).toBe(3)
    expect(md['next-row-id']).toBe(0)
    expect(md['current-snapshot-id']).toBeNull()
    expect(md.properties).toEqual({ owner: 'me' })
    const v1 = createTableMetadata(
      createRequest({ properties: { 'format-version': '1' } }),
      'mem://wh/t',
      testContext(),
    )
    expect(v1['format-version']).toBe(1)
    expect(v1).not.toHaveProperty('last-sequence-number')
    expect(checkTableInvariants(v1)).toEqual([])
  })

  it('prefers the request location over the default one', () => {
    const md = createTableMetadata(
      createRequest({ location: 's3://b/custom//' }),
      'mem://wh/t',
      testContext(),
    )
    expect(md.location).toBe('s3://b/custom')
  })

  it('rejects bad requests with 400', () => {
    const ctx = testContext()
    expectError(
      () => createTableMetadata(createRequest({ properties: { 'format-version': '9' } }), 'l', ctx),
      400,
    )
    expectError(() => createTableMetadata({ name: 't' } as never, 'l', ctx), 400)
    expectError(
      () =>
        createTableMetadata(
          createRequest({
            'partition-spec': { fields: [{ 'source-id': 99, name: 'x', transform: 'identity' }] },
          }),
          'l',
          ctx,
        ),
      400,
    )
    expectError(
      () =>
        createTableMetadata(
          createRequest({ 'partition-spec': { fields: [{ 'source-id': 2, name: 'x', transform: 'hour' }] } }),
          'l',
          ctx,
        ),
      400,
      'ValidationException',
      /transform/,
    )
    expectError(
      () =>
        createTableMetadata(
          createRequest({
            schema: { type: 'struct', fields: [{ id: 1, name: 'a', type: 'timestamp_ns', required: false }] },
          }),
          'l',
          ctx,
        ),
      400,
      'ValidationException',
      /v3/,
    )
    expectError(() => createTableMetadata(createRequest(), '', ctx), 400)
  })
})
