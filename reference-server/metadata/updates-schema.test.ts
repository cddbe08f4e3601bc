import { describe, expect, it } from 'vitest'
import { applyTableCommit, createTableMetadata, type TableMetadata } from './index.ts'
import { createRequest, expectError, testContext } from './test-helpers.ts'

const table = (props: Record<string, string> = {}): TableMetadata =>
  createTableMetadata(
    createRequest({
      properties: props,
      'partition-spec': { fields: [{ 'source-id': 1, name: 'id_b', transform: 'bucket[4]' }] },
    }),
    'mem://wh/t',
    testContext(),
  )
const apply = (base: TableMetadata, ...updates: unknown[]) =>
  applyTableCommit(base, [], updates, testContext())
const schemaWith = (...extra: { id: number; name: string; type: string; required: boolean }[]) => ({
  type: 'struct',
  fields: [...(table().schemas[0]?.fields ?? []), ...extra],
})

describe('add-schema / set-current-schema / remove-schemas', () => {
  it('adds a schema with the next id; last-column-id = max(current, highest id); requested ids ignored', () => {
    const s = { ...schemaWith({ id: 10, name: 'n', type: 'int', required: false }), 'schema-id': 42 }
    const md = apply(table(), { action: 'add-schema', schema: s, 'last-column-id': 1 }).metadata
    expect(md.schemas.map((x) => x['schema-id'])).toEqual([0, 1])
    expect(md['last-column-id']).toBe(10)
    expect(md['current-schema-id']).toBe(0)
    const smaller = apply(md, {
      action: 'add-schema',
      schema: { type: 'struct', fields: [{ id: 1, name: 'id', type: 'long', required: true }] },
    })
    expect(smaller.metadata['last-column-id']).toBe(10)
  })

  it('reuses an identical schema: no change, same id', () => {
    const base = table()
    const r = apply(base, { action: 'add-schema', schema: base.schemas[0] })
    expect(r.changed).toBe(false)
    expect(r.metadata).toBe(base)
  })

  it('set-current-schema -1 takes the schema added in this commit', () => {
    const md = apply(
      table(),
      { action: 'add-schema', schema: schemaWith({ id: 4, name: 'n', type: 'int', required: false }) },
      { action: 'set-current-schema', 'schema-id': -1 },
    ).metadata
    expect(md['current-schema-id']).toBe(1)
  })

  it('-1 after a reused (pre-existing) schema is 400, as in Java', () => {
    const base = table()
    expectError(
      () =>
        apply(
          base,
          { action: 'add-schema', schema: base.schemas[0] },
          { action: 'set-current-schema', 'schema-id': -1 },
        ),
      400,
      'ValidationException',
      /no schema has been added/,
    )
  })

  it('-1 after re-adding a schema added earlier in the same commit resolves to it', () => {
    const s = schemaWith({ id: 4, name: 'n', type: 'int', required: false })
    const md = apply(
      table(),
      { action: 'add-schema', schema: s },
      { action: 'add-schema', schema: s },
      { action: 'set-current-schema', 'schema-id': -1 },
    ).metadata
    expect(md['current-schema-id']).toBe(1)
  })

  it('set-current-schema: same id is a no-op, an unknown id is 400', () => {
    expect(apply(table(), { action: 'set-current-schema', 'schema-id': 0 }).changed).toBe(false)
    expectError(
      () => apply(table(), { action: 'set-current-schema', 'schema-id': 7 }),
      400,
      undefined,
      /unknown schema/,
    )
  })

  it('a schema that drops a column of the default spec cannot become current (build check)', () => {
    const dropped = { type: 'struct', fields: [{ id: 2, name: 'data', type: 'string', required: false }] }
    expectError(
      () =>
        apply(
          table(),
          { action: 'add-schema', schema: dropped },
          { action: 'set-current-schema', 'schema-id': -1 },
        ),
      400,
      'ValidationException',
      /source column/,
    )
  })

  it('validates identifier fields, duplicate ids and v3-only types', () => {
    const base = table()
    const bad = (schema: unknown) => expectError(() => apply(base, { action: 'add-schema', schema }), 400)
    bad({
      type: 'struct',
      'identifier-field-ids': [2],
      fields: [{ id: 2, name: 'a', type: 'string', required: false }],
    })
    bad({
      type: 'struct',
      'identifier-field-ids': [2],
      fields: [{ id: 2, name: 'a', type: 'double', required: true }],
    })
    bad({
      type: 'struct',
      'identifier-field-ids': [9],
      fields: [{ id: 2, name: 'a', type: 'int', required: true }],
    })
    bad({
      type: 'struct',
      fields: [
        { id: 2, name: 'a', type: 'int', required: true },
        { id: 2, name: 'b', type: 'int', required: true },
      ],
    })
    bad({ type: 'struct', fields: [{ id: 2, name: 'a', type: 'variant', required: false }] })
    bad({
      type: 'struct',
      fields: [{ id: 2, name: 'a', type: 'int', required: false, 'initial-default': 1 }],
    })
    bad({ type: 'struct', fields: [{ id: 2, name: 'a', type: 'integer', required: false }] })
    bad({ type: 'struct', fields: 'x' })
    const v3 = table({ 'format-version': '3' })
    const md = apply(v3, {
      action: 'add-schema',
      schema: { type: 'struct', fields: [{ id: 9, name: 'v', type: 'variant', required: false }] },
    })
    expect(md.metadata.schemas).toHaveLength(2)
  })

  it('remove-schemas removes listed ids, ignores unknown ones, refuses the current schema', () => {
    const two = apply(table(), {
      action: 'add-schema',
      schema: schemaWith({ id: 4, name: 'n', type: 'int', required: false }),
    }).metadata
    const r = apply(two, { action: 'remove-schemas', 'schema-ids': [1, 99] })
    expect(r.metadata.schemas.map((s) => s['schema-id'])).toEqual([0])
    expect(apply(two, { action: 'remove-schemas', 'schema-ids': [] }).changed).toBe(false)
    expectError(
      () => apply(two, { action: 'remove-schemas', 'schema-ids': [0] }),
      400,
      undefined,
      /current schema/,
    )
  })
})

describe('add-spec / set-default-spec / remove-partition-specs', () => {
  const daySpec = { 'spec-id': 9, fields: [{ 'source-id': 3, name: 'ts_day', transform: 'day' }] }

  it('adds a spec with the next id; new fields continue from last-partition-id', () => {
    const md = apply(
      table(),
      { action: 'add-spec', spec: daySpec },
      { action: 'set-default-spec', 'spec-id': -1 },
    ).metadata
    expect(md['partition-specs'][1]).toEqual({
      'spec-id': 1,
      fields: [{ name: 'ts_day', transform: 'day', 'source-id': 3, 'field-id': 1001 }],
    })
    expect(md['default-spec-id']).toBe(1)
    expect(md['last-partition-id']).toBe(1001)
  })

  it('reuses the field id of an equivalent field in an older spec (spec rule)', () => {
    const spec = {
      fields: [
        { 'source-id': 3, name: 'ts_day', transform: 'day' },
        { 'source-id': 1, name: 'id_b', transform: 'bucket[4]' },
      ],
    }
    const md = apply(table(), { action: 'add-spec', spec }).metadata
    expect(md['partition-specs'][1]?.fields.map((f) => f['field-id'])).toEqual([1001, 1000])
  })

  it('keeps client field ids when all are given; a partial set is 400', () => {
    const md = apply(table(), {
      action: 'add-spec',
      spec: { fields: [{ 'source-id': 3, 'field-id': 1005, name: 'd', transform: 'day' }] },
    }).metadata
    expect(md['last-partition-id']).toBe(1005)
    const partial = {
      fields: [
        { 'source-id': 3, 'field-id': 1005, name: 'd', transform: 'day' },
        { 'source-id': 1, name: 'i', transform: 'identity' },
      ],
    }
    expectError(() => apply(table(), { action: 'add-spec', spec: partial }), 400)
  })

  it('reuses a compatible spec (same source, transform, name) and then -1 is 400 (Java)', () => {
    const base = table()
    const same = { fields: [{ 'source-id': 1, 'field-id': 1010, name: 'id_b', transform: 'bucket[4]' }] }
    expect(apply(base, { action: 'add-spec', spec: same }).changed).toBe(false)
    expectError(
      () => apply(base, { action: 'add-spec', spec: same }, { action: 'set-default-spec', 'spec-id': -1 }),
      400,
      'ValidationException',
    )
  })

  it('binding errors are 400: unknown source, bad transform, duplicate/empty names, name of another column', () => {
    const bad = (fields: unknown[]) =>
      expectError(() => apply(table(), { action: 'add-spec', spec: { fields } }), 400)
    bad([{ 'source-id': 99, name: 'x', transform: 'identity' }])
    bad([{ 'source-id': 2, name: 'x', transform: 'day' }])
    bad([{ 'source-id': 2, name: 'x', transform: 'bucket[0]' }])
    bad([{ 'source-id': 2, name: 'x', transform: 'frobnicate' }])
    bad([
      { 'source-id': 2, name: 'x', transform: 'identity' },
      { 'source-id': 1, name: 'x', transform: 'identity' },
    ])
    bad([{ 'source-id': 2, name: '', transform: 'identity' }])
    bad([{ 'source-id': 2, name: 'id', transform: 'identity' }])
  })

  it('v1 specs need sequential ids from 1000', () => {
    const v1 = table({ 'format-version': '1' })
    const md = apply(v1, { action: 'add-spec', spec: daySpec }).metadata
    expect(md['partition-specs'][1]?.fields[0]?.['field-id']).toBe(1000)
    const gap = { fields: [{ 'source-id': 3, 'field-id': 1003, name: 'd', transform: 'day' }] }
    expectError(() => apply(v1, { action: 'add-spec', spec: gap }), 400, undefined, /sequential/)
  })

  it('set-default-spec: same id no-op, unknown id 400, -1 without add 400', () => {
    expect(apply(table(), { action: 'set-default-spec', 'spec-id': 0 }).changed).toBe(false)
    expectError(
      () => apply(table(), { action: 'set-default-spec', 'spec-id': 5 }),
      400,
      undefined,
      /unknown spec/,
    )
    expectError(
      () => apply(table(), { action: 'set-default-spec', 'spec-id': -1 }),
      400,
      undefined,
      /no spec/,
    )
  })

  it('remove-partition-specs removes non-default specs, refuses the default one', () => {
    const two = apply(table(), { action: 'add-spec', spec: daySpec }).metadata
    expect(
      apply(two, { action: 'remove-partition-specs', 'spec-ids': [1] }).metadata['partition-specs'],
    ).toHaveLength(1)
    expectError(
      () => apply(two, { action: 'remove-partition-specs', 'spec-ids': [0] }),
      400,
      undefined,
      /default partition spec/,
    )
    expect(apply(two, { action: 'remove-partition-specs', 'spec-ids': [] }).changed).toBe(false)
  })
})

describe('add-sort-order / set-default-sort-order', () => {
  const byData = {
    'order-id': 5,
    fields: [{ 'source-id': 2, transform: 'identity', direction: 'asc', 'null-order': 'nulls-first' }],
  }

  it('a sorted order gets id >= 1 (requested id ignored) and -1 makes it default', () => {
    const md = apply(
      table(),
      { action: 'add-sort-order', 'sort-order': byData },
      { action: 'set-default-sort-order', 'sort-order-id': -1 },
    ).metadata
    expect(md['sort-orders'].map((o) => o['order-id'])).toEqual([0, 1])
    expect(md['default-sort-order-id']).toBe(1)
    const again = apply(md, { action: 'add-sort-order', 'sort-order': { ...byData, 'order-id': 9 } })
    expect(again.changed).toBe(false)
  })

  it('the unsorted order is always id 0 and reused; then -1 is 400 (Java)', () => {
    const unsorted = { 'order-id': 0, fields: [] }
    expect(apply(table(), { action: 'add-sort-order', 'sort-order': unsorted }).changed).toBe(false)
    expectError(
      () =>
        apply(
          table(),
          { action: 'add-sort-order', 'sort-order': unsorted },
          { action: 'set-default-sort-order', 'sort-order-id': -1 },
        ),
      400,
      undefined,
      /no sort order has been added/,
    )
  })

  it('order-id rules of the JSON and binding errors are 400', () => {
    const bad = (order: unknown) =>
      expectError(() => apply(table(), { action: 'add-sort-order', 'sort-order': order }), 400)
    bad({ 'order-id': 3, fields: [] })
    bad({ ...byData, 'order-id': 0 })
    bad({
      'order-id': 1,
      fields: [{ 'source-id': 99, transform: 'identity', direction: 'asc', 'null-order': 'nulls-first' }],
    })
    bad({
      'order-id': 1,
      fields: [{ 'source-id': 2, transform: 'identity', direction: 'up', 'null-order': 'nulls-first' }],
    })
    bad({
      'order-id': 1,
      fields: [{ 'source-id': 2, transform: 'hour', direction: 'asc', 'null-order': 'nulls-first' }],
    })
  })

  it('set-default-sort-order: same id no-op, unknown id 400', () => {
    expect(apply(table(), { action: 'set-default-sort-order', 'sort-order-id': 0 }).changed).toBe(false)
    expectError(
      () => apply(table(), { action: 'set-default-sort-order', 'sort-order-id': 4 }),
      400,
      undefined,
      /unknown order/,
    )
  })
})
