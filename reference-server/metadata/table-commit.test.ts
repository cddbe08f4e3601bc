import { describe, expect, it } from 'vitest'
import { applyTableCommit, checkTableInvariants, createTableMetadata, type TableMetadata } from './index.ts'
import { createRequest, expectError, fixture, T0, testContext } from './test-helpers.ts'

const table = (props: Record<string, string> = {}): TableMetadata =>
  createTableMetadata(createRequest({ properties: props }), 'mem://wh/t', testContext())
const setProp = (k: string) => ({ action: 'set-properties', updates: { [k]: 'v' } })

describe('applyTableCommit: general model', () => {
  it('an unknown action is 400 even when requirements would fail, and nothing is applied', () => {
    const base = table()
    expectError(
      () =>
        applyTableCommit(
          base,
          [{ type: 'assert-current-schema-id', 'current-schema-id': 9 }],
          [{ action: 'frobnicate' }],
          testContext(),
        ),
      400,
      'BadRequestException',
    )
    expectError(() => applyTableCommit(base, [], [{ action: 'enable-row-lineage' }], testContext()), 400)
    expectError(() => applyTableCommit(base, [], [{}], testContext()), 400)
  })

  it('actions match case-insensitively (Java)', () => {
    expect(
      applyTableCommit(table(), [], [{ action: 'SET-PROPERTIES', updates: { a: 'b' } }], testContext())
        .changed,
    ).toBe(true)
  })

  it('a no-op commit returns the base itself with changed=false (no new file, no log entry)', () => {
    const base = table()
    const r = applyTableCommit(
      base,
      [],
      [{ action: 'set-properties', updates: {} }],
      testContext(T0 + 5, { previousMetadataLocation: 'x' }),
    )
    expect(r).toEqual({ metadata: base, changed: false, files: new Map() })
  })

  it('never mutates the base, even when an update in the middle fails', () => {
    const base = table()
    const copy = structuredClone(base)
    expectError(
      () =>
        applyTableCommit(
          base,
          [],
          [setProp('a'), { action: 'set-current-schema', 'schema-id': 8 }],
          testContext(),
        ),
      400,
    )
    applyTableCommit(base, [], [setProp('a')], testContext())
    expect(base).toEqual(copy)
  })

  it('applies updates in order: a later update sees an earlier one', () => {
    const md = applyTableCommit(
      table(),
      [],
      [setProp('a'), { action: 'remove-properties', removals: ['a'] }, setProp('b')],
      testContext(),
    ).metadata
    expect(md.properties).toEqual({ b: 'v' })
  })

  it('sets last-updated-ms to the commit time', () => {
    expect(
      applyTableCommit(table(), [], [setProp('a')], testContext(T0 + 777)).metadata['last-updated-ms'],
    ).toBe(T0 + 777)
  })
})

describe('metadata-log', () => {
  const loc = (n: number) => `mem://wh/t/metadata/0000${n}-u.metadata.json`

  it('appends {previous last-updated-ms, previous location} once per commit that writes a file', () => {
    const base = table()
    const md = applyTableCommit(
      base,
      [],
      [setProp('a'), setProp('b')],
      testContext(T0 + 5, { previousMetadataLocation: loc(0) }),
    ).metadata
    expect(md['metadata-log']).toEqual([{ 'timestamp-ms': base['last-updated-ms'], 'metadata-file': loc(0) }])
    expect(checkTableInvariants(md)).toEqual([])
  })

  it('adds nothing without a previous location', () => {
    expect(applyTableCommit(table(), [], [setProp('a')], testContext()).metadata['metadata-log']).toEqual([])
  })

  it('keeps at most max(1, write.metadata.previous-versions-max) entries, read after this commit', () => {
    let md = table({ 'write.metadata.previous-versions-max': '2' })
    for (let i = 0; i < 4; i++) {
      md = applyTableCommit(
        md,
        [],
        [setProp(`k${i}`)],
        testContext(T0 + i + 1, { previousMetadataLocation: loc(i) }),
      ).metadata
    }
    expect(md['metadata-log'].map((e) => e['metadata-file'])).toEqual([loc(2), loc(3)])
    md = applyTableCommit(
      md,
      [],
      [{ action: 'set-properties', updates: { 'write.metadata.previous-versions-max': '0' } }],
      testContext(T0 + 9, { previousMetadataLocation: loc(4) }),
    ).metadata
    expect(md['metadata-log'].map((e) => e['metadata-file'])).toEqual([loc(4)])
  })
})

describe('staged create completed with assert-create', () => {
  /** What a Java client sends from its staged metadata (createChanges). */
  function javaCreateChanges(staged: TableMetadata): unknown[] {
    return [
      { action: 'assign-uuid', uuid: staged['table-uuid'] },
      { action: 'upgrade-format-version', 'format-version': staged['format-version'] },
      { action: 'add-schema', schema: staged.schemas[0] },
      { action: 'set-current-schema', 'schema-id': -1 },
      { action: 'add-spec', spec: staged['partition-specs'][0] },
      { action: 'set-default-spec', 'spec-id': -1 },
      { action: 'add-sort-order', 'sort-order': staged['sort-orders'][0] },
      { action: 'set-default-sort-order', 'sort-order-id': -1 },
      { action: 'set-location', location: staged.location },
      { action: 'set-properties', updates: staged.properties },
    ]
  }

  it('builds the table from an empty builder, keeping the staged uuid, ids and version', () => {
    const staged = createTableMetadata(
      createRequest({
        properties: { 'format-version': '3', owner: 'x' },
        'partition-spec': { fields: [{ 'source-id': 1, name: 'id_b', transform: 'bucket[4]' }] },
        'write-order': {
          'order-id': 1,
          fields: [{ 'source-id': 2, transform: 'identity', direction: 'asc', 'null-order': 'nulls-first' }],
        },
      }),
      'mem://wh/t',
      testContext(T0),
    )
    const r = applyTableCommit(
      null,
      [{ type: 'assert-create' }],
      javaCreateChanges(staged),
      testContext(T0 + 50),
    )
    expect(r.changed).toBe(true)
    expect(r.metadata).toEqual({ ...staged, 'last-updated-ms': T0 + 50 })
    expect(checkTableInvariants(r.metadata)).toEqual([])
  })

  it('accepts further updates such as append (CTAS) and writes no metadata-log entry', () => {
    const staged = createTableMetadata(createRequest(), 'mem://wh/t', testContext())
    const changes = [...javaCreateChanges(staged), { action: 'append', 'data-files': [] }]
    const md = applyTableCommit(
      null,
      [{ type: 'assert-create' }],
      changes,
      testContext(T0, { previousMetadataLocation: 'x', documentProfile: true }),
    ).metadata
    expect(md.snapshots).toHaveLength(1)
    expect(md['metadata-log']).toEqual([])
  })

  it('defaults to v2 and needs a schema, spec, order and location (400 otherwise)', () => {
    const staged = createTableMetadata(createRequest(), 'mem://wh/t', testContext())
    const all = javaCreateChanges(staged).filter(
      (u) => (u as { action: string }).action !== 'upgrade-format-version',
    )
    expect(
      applyTableCommit(null, [{ type: 'assert-create' }], all, testContext()).metadata['format-version'],
    ).toBe(2)
    for (const missing of ['add-schema', 'add-spec', 'add-sort-order', 'set-location']) {
      const ups = all.filter((u) => (u as { action: string }).action !== missing)
      expectError(() => applyTableCommit(null, [{ type: 'assert-create' }], ups, testContext()), 400)
    }
  })

  it('takes the updates in any order: DuckDB sends set-current-schema last, after add-spec and add-sort-order', () => {
    const staged = createTableMetadata(
      createRequest({
        'partition-spec': { fields: [{ 'source-id': 1, name: 'id_b', transform: 'bucket[4]' }] },
        'write-order': {
          'order-id': 1,
          fields: [{ 'source-id': 2, transform: 'identity', direction: 'asc', 'null-order': 'nulls-first' }],
        },
      }),
      'mem://wh/t',
      testContext(T0),
    )
    const java = javaCreateChanges(staged) as { action: string }[]
    const duckdb = [...java.filter((u) => u.action !== 'set-current-schema'), java[3]]
    const r = applyTableCommit(null, [{ type: 'assert-create' }], duckdb, testContext(T0 + 50))
    expect(r.metadata).toEqual({ ...staged, 'last-updated-ms': T0 + 50 })
    // Before any add-schema, a spec and an order wait for the final current schema.
    const first = [java[3], java[4], java[6]].map((u) => u as { action: string })
    const early = [java[4], java[6], ...java.filter((u) => !first.includes(u)), java[3]]
    const e = applyTableCommit(null, [{ type: 'assert-create' }], early, testContext(T0 + 50))
    expect(e.metadata).toEqual({ ...staged, 'last-updated-ms': T0 + 50 })
    // ...and are still bound: a spec on a column the schema lacks is 400 at the end.
    const bad = {
      action: 'add-spec',
      spec: { fields: [{ 'source-id': 9, name: 'x', transform: 'identity' }] },
    }
    expectError(
      () =>
        applyTableCommit(
          null,
          [{ type: 'assert-create' }],
          early.map((u) => (u === java[4] ? bad : u)),
          testContext(),
        ),
      400,
      'ValidationException',
      /source column/,
    )
  })

  it('on an existing table assert-create is 409', () => {
    const staged = table()
    expectError(
      () => applyTableCommit(staged, [{ type: 'assert-create' }], javaCreateChanges(staged), testContext()),
      409,
    )
  })
})

describe('replace transaction on an existing table', () => {
  it('keeps the uuid, adds the new schema, drops main, resets the order, and logs the previous file once', () => {
    const base = fixture<TableMetadata>('table-v2.json')
    const md = applyTableCommit(
      base,
      [
        { type: 'assert-table-uuid', uuid: base['table-uuid'] },
        { type: 'assert-last-assigned-field-id', 'last-assigned-field-id': 3 },
      ],
      [
        { action: 'remove-snapshot-ref', 'ref-name': 'main' },
        {
          action: 'add-schema',
          schema: {
            type: 'struct',
            fields: [
              { id: 4, name: 'n', type: 'string', required: false },
              { id: 1, name: 'x', type: 'long', required: true },
            ],
          },
        },
        { action: 'set-current-schema', 'schema-id': -1 },
        // The old default order sorts by column 2, which the new schema drops: the replace resets it.
        { action: 'set-default-sort-order', 'sort-order-id': 0 },
      ],
      testContext(1_700_000_000_000, {
        previousMetadataLocation: 's3://bucket/test/location/metadata/00002-c.metadata.json',
      }),
    ).metadata
    expect(md['table-uuid']).toBe(base['table-uuid'])
    expect(md['current-schema-id']).toBe(2)
    expect(md['current-snapshot-id']).toBe(-1)
    expect(md['metadata-log']).toHaveLength(3)
    expect(checkTableInvariants(md)).toEqual([])
  })
})
