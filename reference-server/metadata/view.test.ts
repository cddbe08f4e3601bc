import { describe, expect, it } from 'vitest'
import {
  applyViewCommit,
  checkViewInvariants,
  createViewMetadata,
  VIEW_INVARIANT_IDS,
  type CreateViewInput,
  type ViewMetadata,
} from './index.ts'
import { expectError, fixture, T0, testContext } from './test-helpers.ts'

const rep = (sql: string, dialect = 'spark') => ({ type: 'sql', sql, dialect })
const version = (id: number, sql: string, extra: Record<string, unknown> = {}) => ({
  'version-id': id,
  'timestamp-ms': T0 + id,
  'schema-id': 0,
  summary: { engine: 'x' },
  representations: [rep(sql)],
  'default-namespace': ['ns'],
  ...extra,
})
const request = (): CreateViewInput => ({
  name: 'v',
  schema: { type: 'struct', 'schema-id': 5, fields: [{ id: 3, name: 'a', type: 'int', required: false }] },
  'view-version': version(7, 'select 1', { 'schema-id': 5, 'default-catalog': 'prod' }) as never,
  properties: { p: '1' },
})
const view = (): ViewMetadata => createViewMetadata(request(), 'mem://wh/ns/v/', testContext())
const commit = (base: ViewMetadata, ...updates: unknown[]) =>
  applyViewCommit(base, [], updates, testContext(T0 + 100))
const addAndSet = (base: ViewMetadata, id: number, sql: string, extra: Record<string, unknown> = {}) =>
  commit(
    base,
    { action: 'add-view-version', 'view-version': version(id, sql, extra) },
    { action: 'set-current-view-version', 'view-version-id': -1 },
  )

describe('createViewMetadata', () => {
  it('schema id 0 (field ids kept), version 1 stamped now with schema 0, one version-log entry', () => {
    const md = view()
    expect(md).toEqual({
      'view-uuid': '00000000-0000-4000-8000-aaaaaaaaaaa1',
      'format-version': 1,
      location: 'mem://wh/ns/v',
      'current-version-id': 1,
      versions: [{ ...version(1, 'select 1', { 'default-catalog': 'prod' }), 'timestamp-ms': T0 }],
      'version-log': [{ 'version-id': 1, 'timestamp-ms': T0 }],
      schemas: [
        { type: 'struct', 'schema-id': 0, fields: [{ id: 3, name: 'a', type: 'int', required: false }] },
      ],
      properties: { p: '1' },
    })
    expect(checkViewInvariants(md)).toEqual([])
  })

  it('rejects non-SQL representations, duplicate dialects (any case) and malformed requests with 400', () => {
    const ctx = testContext()
    const withReps = (representations: unknown[]) =>
      ({ ...request(), 'view-version': { ...version(1, 'x'), representations } }) as never
    expectError(
      () => createViewMetadata(withReps([{ type: 'substrait', sql: 'x', dialect: 'd' }]), 'l', ctx),
      400,
    )
    expectError(
      () => createViewMetadata(withReps([rep('a', 'Spark'), rep('b', 'spark')]), 'l', ctx),
      400,
      undefined,
      /dialect/,
    )
    expectError(() => createViewMetadata({ ...request(), schema: undefined } as never, 'l', ctx), 400)
    expectError(() => createViewMetadata(request(), '', ctx), 400)
  })
})

describe('applyViewCommit', () => {
  it('assert-view-uuid passes case-insensitively and fails with 409; table requirements are 400', () => {
    const md = view()
    const up = [{ action: 'set-properties', updates: { q: '2' } }]
    expect(
      applyViewCommit(
        md,
        [{ type: 'assert-view-uuid', uuid: md['view-uuid'].toUpperCase() }],
        up,
        testContext(),
      ).changed,
    ).toBe(true)
    expectError(
      () => applyViewCommit(md, [{ type: 'assert-view-uuid', uuid: 'other' }], up, testContext()),
      409,
      'CommitFailedException',
    )
    expectError(
      () =>
        applyViewCommit(
          md,
          [{ type: 'assert-current-schema-id', 'current-schema-id': 0 }],
          up,
          testContext(),
        ),
      400,
    )
    expectError(() => applyViewCommit(md, [{ type: 'assert-anything' }], up, testContext()), 400)
  })

  it('table-only and unknown actions are 400', () => {
    expectError(
      () => commit(view(), { action: 'set-current-schema', 'schema-id': 0 }),
      400,
      undefined,
      /to a view/,
    )
    expectError(() => commit(view(), { action: 'nope' }), 400)
  })

  it('add-view-version + set-current-view-version -1: new id, one version-log entry with the version timestamp', () => {
    const md = addAndSet(view(), 2, 'select 2').metadata
    expect(md['current-version-id']).toBe(2)
    expect(md['version-log']).toEqual([
      { 'version-id': 1, 'timestamp-ms': T0 },
      { 'version-id': 2, 'timestamp-ms': T0 + 2 },
    ])
    expect(checkViewInvariants(md)).toEqual([])
  })

  it('version ids: max(requested, highest + 1) as Java', () => {
    expect(addAndSet(view(), 1, 'select 2').metadata['current-version-id']).toBe(2)
    expect(addAndSet(view(), 9, 'select 2').metadata['current-version-id']).toBe(9)
  })

  it('an equivalent version is reused without change; -1 after reusing a pre-existing version is 400', () => {
    const md = view()
    const same = version(5, 'select 1', { 'default-catalog': 'prod' })
    expect(commit(md, { action: 'add-view-version', 'view-version': same }).changed).toBe(false)
    expectError(
      () =>
        commit(
          md,
          { action: 'add-view-version', 'view-version': same },
          { action: 'set-current-view-version', 'view-version-id': -1 },
        ),
      400,
    )
  })

  it('a rollback to an existing version logs the commit time; the same version is a no-op; unknown is 400', () => {
    const two = addAndSet(view(), 2, 'select 2').metadata
    const back = commit(two, { action: 'set-current-view-version', 'view-version-id': 1 }).metadata
    expect(back['version-log'].at(-1)).toEqual({ 'version-id': 1, 'timestamp-ms': T0 + 100 })
    expect(commit(two, { action: 'set-current-view-version', 'view-version-id': 2 }).changed).toBe(false)
    expectError(() => commit(two, { action: 'set-current-view-version', 'view-version-id': 8 }), 400)
    expectError(() => commit(two, { action: 'set-current-view-version', 'view-version-id': -1 }), 400)
  })

  it('schema-id -1 in a version means the schema added in this commit; unknown schema is 400', () => {
    const schema = { type: 'struct', fields: [{ id: 1, name: 'b', type: 'string', required: false }] }
    const md = commit(
      view(),
      { action: 'add-schema', schema },
      { action: 'add-view-version', 'view-version': version(2, 'select b', { 'schema-id': -1 }) },
      { action: 'set-current-view-version', 'view-version-id': -1 },
    ).metadata
    expect(md.schemas.map((s) => s['schema-id'])).toEqual([0, 1])
    expect(md.versions.at(-1)?.['schema-id']).toBe(1)
    expectError(
      () => addAndSet(view(), 2, 'x', { 'schema-id': -1 }),
      400,
      undefined,
      /no schema has been added/,
    )
    expectError(() => addAndSet(view(), 2, 'x', { 'schema-id': 4 }), 400, undefined, /unknown schema/)
    expect(commit(view(), { action: 'add-schema', schema: view().schemas[0] }).changed).toBe(false)
  })

  it('dropping a dialect of the current version is rejected unless replace.drop-dialect.allowed=true', () => {
    const two = commit(
      view(),
      {
        action: 'add-view-version',
        'view-version': { ...version(2, 'x'), representations: [rep('a', 'spark'), rep('b', 'trino')] },
      },
      { action: 'set-current-view-version', 'view-version-id': -1 },
    ).metadata
    expectError(() => addAndSet(two, 3, 'only spark'), 400, undefined, /loss of view dialects/)
    const allowed = commit(two, {
      action: 'set-properties',
      updates: { 'replace.drop-dialect.allowed': 'true' },
    }).metadata
    expect(addAndSet(allowed, 3, 'only spark').metadata['current-version-id']).toBe(3)
  })

  it('expires versions beyond version.history.num-entries, keeping the current one, and cuts the log', () => {
    let md = commit(view(), {
      action: 'set-properties',
      updates: { 'version.history.num-entries': '2' },
    }).metadata
    for (let i = 2; i <= 4; i++) md = addAndSet(md, i, `select ${i}`).metadata
    expect(md.versions.map((v) => v['version-id'])).toEqual([3, 4])
    expect(md['version-log'].map((e) => e['version-id'])).toEqual([3, 4])
    expect(checkViewInvariants(md)).toEqual([])
    expectError(
      () => commit(md, { action: 'set-properties', updates: { 'version.history.num-entries': '0' } }),
      400,
    )
  })

  it('assign-uuid (same: no-op, different: 400), upgrade-format-version, set-location, properties', () => {
    const md = view()
    expect(commit(md, { action: 'assign-uuid', uuid: md['view-uuid'] }).changed).toBe(false)
    expectError(() => commit(md, { action: 'assign-uuid', uuid: 'x' }), 400, undefined, /reassign/)
    expect(commit(md, { action: 'upgrade-format-version', 'format-version': 1 }).changed).toBe(false)
    expectError(() => commit(md, { action: 'upgrade-format-version', 'format-version': 2 }), 400)
    expectError(
      () => commit(md, { action: 'upgrade-format-version', 'format-version': 0 }),
      400,
      undefined,
      /downgrade/,
    )
    expect(commit(md, { action: 'set-location', location: 's3://x/' }).metadata.location).toBe('s3://x')
    expect(commit(md, { action: 'set-location', location: 'mem://wh/ns/v' }).changed).toBe(false)
    expect(commit(md, { action: 'remove-properties', removals: ['p'] }).metadata.properties).toEqual({})
    expect(commit(md, { action: 'remove-properties', removals: [] }).changed).toBe(false)
    expect(md).toEqual(view())
  })
})

describe('checkViewInvariants', () => {
  const broken: [string, (md: ViewMetadata) => void][] = [
    ['view/format-version', (md) => (md['format-version'] = 2)],
    ['view/uuid-present', (md) => (md['view-uuid'] = '')],
    ['view/location-present', (md) => (md.location = '')],
    [
      'view/current-version-exists',
      (md) => {
        md['current-version-id'] = 9
        md['version-log'].at(-1)!['version-id'] = 9
      },
    ],
    ['view/version-schema-exists', (md) => (md.versions[0]!['schema-id'] = 4)],
    ['view/version-ids-unique', (md) => (md.versions[0]!['version-id'] = 2)],
    ['view/schema-ids-unique', (md) => md.schemas.push(structuredClone(md.schemas[0]!))],
    ['view/field-ids-unique', (md) => (md.schemas[0]!.fields[1]!.id = 1)],
    ['view/dialects-unique', (md) => md.versions[1]!.representations.push(rep('again', 'TRINO'))],
    [
      'view/version-log-ends-at-current',
      (md) => md['version-log'].push({ 'version-id': 1, 'timestamp-ms': 1 }),
    ],
  ]

  it('accepts the fixture view', () => {
    expect(checkViewInvariants(fixture<ViewMetadata>('view-v1.json'))).toEqual([])
  })

  it.each(broken)('detects %s', (id, mutate) => {
    const md = fixture<ViewMetadata>('view-v1.json')
    mutate(md)
    expect(checkViewInvariants(md)).toEqual([expect.stringMatching(new RegExp(`^${id}: `))])
  })

  it('has a breaking case for every invariant id', () => {
    expect(broken.map(([id]) => id).sort()).toEqual([...VIEW_INVARIANT_IDS].sort())
  })
})
