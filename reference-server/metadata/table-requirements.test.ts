import { describe, expect, it } from 'vitest'
import { applyTableCommit, type TableMetadata } from './index.ts'
import { expectError, fixture, testContext } from './test-helpers.ts'

const base = (): TableMetadata => fixture<TableMetadata>('table-v2.json')
// The fixture's Java-style 63-bit ids, as JSON.parse reads them.
const MAIN = base()['current-snapshot-id'] as number
const AUDIT = base().refs.audit?.['snapshot-id'] as number
const setProp = [{ action: 'set-properties', updates: { k: 'v' } }]
const passes = (req: unknown) =>
  expect(applyTableCommit(base(), [req], setProp, testContext()).metadata.properties.k).toBe('v')
const fails = (req: unknown, message: RegExp) => {
  const b = base()
  expectError(() => applyTableCommit(b, [req], setProp, testContext()), 409, 'CommitFailedException', message)
  expect(b).toEqual(base())
}

describe('table requirements', () => {
  it('assert-table-uuid compares case-insensitively', () => {
    passes({ type: 'assert-table-uuid', uuid: '9C12D441-03FE-4693-9A96-A0705DDF69C1' })
    fails({ type: 'assert-table-uuid', uuid: '00000000-0000-0000-0000-000000000000' }, /UUID does not match/)
  })

  it('assert-ref-snapshot-id: equal id passes, other id / missing ref fail, branches and tags both count', () => {
    passes({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': MAIN })
    passes({ type: 'assert-ref-snapshot-id', ref: 'v1.0', 'snapshot-id': AUDIT })
    fails({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': AUDIT }, /branch main has changed/)
    fails({ type: 'assert-ref-snapshot-id', ref: 'v1.0', 'snapshot-id': MAIN }, /tag v1.0 has changed/)
    fails({ type: 'assert-ref-snapshot-id', ref: 'nope', 'snapshot-id': MAIN }, /is missing/)
  })

  it('assert-ref-snapshot-id with null (or absent) snapshot-id means the ref must not exist', () => {
    passes({ type: 'assert-ref-snapshot-id', ref: 'new-branch', 'snapshot-id': null })
    passes({ type: 'assert-ref-snapshot-id', ref: 'new-branch' })
    fails({ type: 'assert-ref-snapshot-id', ref: 'audit', 'snapshot-id': null }, /created concurrently/)
  })

  it('the id requirements compare with last-column-id, current-schema-id, last-partition-id, default ids', () => {
    const cases: [string, string, number, number][] = [
      ['assert-last-assigned-field-id', 'last-assigned-field-id', 3, 4],
      ['assert-current-schema-id', 'current-schema-id', 1, 0],
      ['assert-last-assigned-partition-id', 'last-assigned-partition-id', 1000, 999],
      ['assert-default-spec-id', 'default-spec-id', 0, 1],
      ['assert-default-sort-order-id', 'default-sort-order-id', 3, 0],
    ]
    for (const [type, field, good, bad] of cases) {
      passes({ type, [field]: good })
      fails({ type, [field]: bad }, /Requirement failed/)
    }
  })

  it('assert-create fails with 409 when the table exists', () => {
    fails({ type: 'assert-create' }, /table already exists/)
  })

  it('the first failing requirement aborts; requirements are checked against the base, before any update', () => {
    // set-current-schema 0 would make assert-current-schema-id 0 true, but requirements see the base only.
    const b = base()
    expectError(
      () =>
        applyTableCommit(
          b,
          [{ type: 'assert-current-schema-id', 'current-schema-id': 0 }],
          [{ action: 'set-current-schema', 'schema-id': 0 }],
          testContext(),
        ),
      409,
    )
  })

  it('a commit with no requirements is unconditional; a missing list counts as empty', () => {
    expect(applyTableCommit(base(), [], setProp, testContext()).changed).toBe(true)
    expect(applyTableCommit(base(), undefined as never, setProp, testContext()).changed).toBe(true)
  })

  it('discriminators match case-insensitively (as Java)', () => {
    passes({ type: 'ASSERT-DEFAULT-SPEC-ID', 'default-spec-id': 0 })
  })

  it('unknown, view-only or malformed requirements are 400 even when another requirement would fail', () => {
    const ctx = testContext()
    expectError(
      () => applyTableCommit(base(), [{ type: 'assert-everything' }], setProp, ctx),
      400,
      'BadRequestException',
    )
    expectError(() => applyTableCommit(base(), [{ type: 'assert-view-uuid', uuid: 'x' }], setProp, ctx), 400)
    expectError(() => applyTableCommit(base(), [{ type: 'assert-table-uuid' }], setProp, ctx), 400)
    expectError(
      () =>
        applyTableCommit(
          base(),
          [{ type: 'assert-current-schema-id', 'current-schema-id': 'x' }],
          setProp,
          ctx,
        ),
      400,
    )
    expectError(
      () => applyTableCommit(base(), [{ type: 'assert-create' }, { type: 'assert-nothing' }], setProp, ctx),
      400,
    )
    expectError(() => applyTableCommit(base(), [{ nope: 1 }], setProp, ctx), 400)
    expectError(() => applyTableCommit(base(), 'x' as never, setProp, ctx), 400)
  })

  it('assert-create with any other requirement is 400 "Invalid create requirements"', () => {
    const reqs = [{ type: 'assert-create' }, { type: 'assert-table-uuid', uuid: 'x' }]
    expectError(
      () => applyTableCommit(null, reqs, setProp, testContext()),
      400,
      undefined,
      /Invalid create requirements/,
    )
  })

  it('a missing table without assert-create is 404', () => {
    expectError(() => applyTableCommit(null, [], setProp, testContext()), 404, 'NoSuchTableException')
  })
})
