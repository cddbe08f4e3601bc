/**
 * updateTable requirements: every requirement kind, holding (the
 * commit applies) and failing (409, nothing applied), assert-ref-snapshot-id on main and on another branch; all
 * requirements must hold; an unknown requirement type is refused (every release) with 400 (from 1.7); a commit to a
 * missing table is 404.
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { setupLoad, setupSnapshot, setupTable, stateOf, commit } from '../_harness/support/commit-steps.ts'
import type { TableMd, TableRef, TableState } from '../_harness/support/commit-steps.ts'
import { uuid4 } from '../_harness/support/uuid.ts'
import { anyClientError } from '../_harness/support/statuses.ts'
import {
  UNKNOWN_PROBE as PROBE,
  UNKNOWN_REQUIREMENT_COMMIT,
  probeUpdate,
} from '../_harness/support/unknown-kinds.ts'
import type { Exchange } from '../_harness/http/exchange.ts'

interface RequirementCase {
  /** Rule id segment. */
  readonly id: string
  readonly what: string
  /** The table needs a snapshot on main first. */
  readonly snapshot?: boolean
  /** The table needs a branch `b` at a first snapshot while main moved on to a second (`snapshotId`). */
  readonly branch?: boolean
  readonly holding: (md: TableMd, snapshotId: number, branchSnapshotId: number) => Record<string, unknown>
  readonly failing: (md: TableMd, snapshotId: number, branchSnapshotId: number) => Record<string, unknown>
}

/** The branch other than main that the branch case asserts. */
const BRANCH = 'b'

const n = (v: number | undefined | null): number => (typeof v === 'number' ? v : 0)

const CASES: readonly RequirementCase[] = [
  {
    id: 'assert-table-uuid',
    what: 'the table uuid',
    holding: (md) => ({ type: 'assert-table-uuid', uuid: md['table-uuid'] }),
    failing: () => ({ type: 'assert-table-uuid', uuid: uuid4() }),
  },
  {
    id: 'assert-ref-snapshot-id-absent',
    what: 'a ref that does not exist (snapshot-id null)',
    holding: () => ({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': null }),
    failing: () => ({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': 1 }),
  },
  {
    id: 'assert-ref-snapshot-id',
    what: 'the snapshot a ref points at',
    snapshot: true,
    holding: (_md, id) => ({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': id }),
    failing: (_md, id) => ({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': id + 1 }),
  },
  {
    id: 'assert-ref-snapshot-id-exists',
    what: 'an existing ref asserted absent (snapshot-id null)',
    snapshot: true,
    holding: (_md, id) => ({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': id }),
    failing: () => ({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': null }),
  },
  {
    // A server that checks only main, or ignores the ref it is given, accepts main's snapshot for branch b.
    id: 'assert-ref-snapshot-id-branch',
    what: 'the snapshot a branch other than main points at',
    branch: true,
    holding: (_md, _main, b) => ({ type: 'assert-ref-snapshot-id', ref: BRANCH, 'snapshot-id': b }),
    failing: (_md, main) => ({ type: 'assert-ref-snapshot-id', ref: BRANCH, 'snapshot-id': main }),
  },
  {
    id: 'assert-last-assigned-field-id',
    what: 'last-column-id',
    holding: (md) => ({
      type: 'assert-last-assigned-field-id',
      'last-assigned-field-id': n(md['last-column-id']),
    }),
    failing: (md) => ({
      type: 'assert-last-assigned-field-id',
      'last-assigned-field-id': n(md['last-column-id']) + 1,
    }),
  },
  {
    id: 'assert-current-schema-id',
    what: 'current-schema-id',
    holding: (md) => ({ type: 'assert-current-schema-id', 'current-schema-id': n(md['current-schema-id']) }),
    failing: (md) => ({
      type: 'assert-current-schema-id',
      'current-schema-id': n(md['current-schema-id']) + 1,
    }),
  },
  {
    id: 'assert-last-assigned-partition-id',
    what: 'last-partition-id',
    holding: (md) => ({
      type: 'assert-last-assigned-partition-id',
      'last-assigned-partition-id': n(md['last-partition-id']),
    }),
    failing: (md) => ({
      type: 'assert-last-assigned-partition-id',
      'last-assigned-partition-id': n(md['last-partition-id']) + 1,
    }),
  },
  {
    id: 'assert-default-spec-id',
    what: 'default-spec-id',
    holding: (md) => ({ type: 'assert-default-spec-id', 'default-spec-id': n(md['default-spec-id']) }),
    failing: (md) => ({ type: 'assert-default-spec-id', 'default-spec-id': n(md['default-spec-id']) + 1 }),
  },
  {
    id: 'assert-default-sort-order-id',
    what: 'default-sort-order-id',
    holding: (md) => ({
      type: 'assert-default-sort-order-id',
      'default-sort-order-id': n(md['default-sort-order-id']),
    }),
    failing: (md) => ({
      type: 'assert-default-sort-order-id',
      'default-sort-order-id': n(md['default-sort-order-id']) + 1,
    }),
  },
]

/**
 * A fresh table in a fresh namespace; with `snapshot`, a snapshot on main; with `branch`, branch BRANCH at a first
 * snapshot and main at a second one (`snapshotId` is main's, `branchSnapshotId` the branch's).
 */
async function prepare(
  { catalog, sandbox, check }: Fixtures,
  label: string,
  snapshot = false,
  branch = false,
): Promise<{ ref: TableRef; state: TableState; snapshotId: number; branchSnapshotId: number }> {
  const namespace = await sandbox.namespace(catalog, 'req')
  const ref = { namespace, table: sandbox.names.table(label) }
  let state = await setupTable(catalog, check, namespace, ref.table)
  let snapshotId = 0
  let branchSnapshotId = 0
  if (snapshot || branch) ({ state, snapshotId } = await setupSnapshot(catalog, check, ref, state))
  if (branch) {
    branchSnapshotId = snapshotId
    const ex = await commit(
      catalog,
      ref,
      [],
      [{ action: 'set-snapshot-ref', 'ref-name': BRANCH, type: 'branch', 'snapshot-id': branchSnapshotId }],
    )
    state = stateOf(check.setup(ex, `create branch ${BRANCH}`))
    ;({ state, snapshotId } = await setupSnapshot(catalog, check, ref, state))
  }
  return { ref, state, snapshotId, branchSnapshotId }
}

/** A fresh table and a commit to it whose one requirement has a type no release defines. */
async function commitUnknownRequirement(
  ctx: Fixtures,
): Promise<{ ref: TableRef; state: TableState; ex: Exchange }> {
  const { ref, state } = await prepare(ctx, 'unknown')
  const ex = await commit(
    ctx.catalog,
    ref,
    UNKNOWN_REQUIREMENT_COMMIT.requirements,
    UNKNOWN_REQUIREMENT_COMMIT.updates,
  )
  return { ref, state, ex }
}

/** After a rejected commit: the same metadata-location and no trace of the update. */
async function expectUnchanged(ctx: Fixtures, ref: TableRef, before: TableState): Promise<void> {
  const after = await setupLoad(ctx.catalog, ctx.check, ref)
  ctx.check.equal(
    after.metadataLocation,
    before.metadataLocation,
    'a rejected commit leaves metadata-location unchanged',
  )
  ctx.check.that(
    after.metadata.properties?.[PROBE] === undefined,
    'a rejected commit applies none of its updates',
    {
      received: after.metadata.properties,
    },
  )
}

operation('updateTable', () => {
  for (const c of CASES) {
    rule(
      {
        id: `commits/requirements/${c.id}/holds`,
        title: `a commit whose ${c.id} requirement holds (${c.what}) is applied`,
        requires: ['createTable', 'loadTable', 'updateTable'],
      },
      async (ctx) => {
        const { ref, state, snapshotId, branchSnapshotId } = await prepare(ctx, c.id, c.snapshot, c.branch)
        const ex = await commit(
          ctx.catalog,
          ref,
          [c.holding(state.metadata, snapshotId, branchSnapshotId)],
          [probeUpdate('holds')],
        )
        const after = stateOf(ctx.check.conform(ex, { status: 200 }))
        ctx.check.equal(
          after.metadata.properties?.[PROBE],
          'holds',
          'the committed update is in the response',
        )
        const loaded = await setupLoad(ctx.catalog, ctx.check, ref)
        ctx.check.equal(
          loaded.metadata.properties?.[PROBE],
          'holds',
          'the committed update is in the reloaded table',
        )
      },
    )

    rule(
      {
        id: `commits/requirements/${c.id}/fails-409`,
        title: `a commit whose ${c.id} requirement fails (${c.what}) is 409 and applies nothing`,
        requires: ['createTable', 'loadTable', 'updateTable'],
      },
      async (ctx) => {
        const { ref, state, snapshotId, branchSnapshotId } = await prepare(ctx, c.id, c.snapshot, c.branch)
        const ex = await commit(
          ctx.catalog,
          ref,
          [c.failing(state.metadata, snapshotId, branchSnapshotId)],
          [probeUpdate('fails')],
        )
        ctx.check.conform(ex, { status: 409, errorType: /CommitFailed/ })
        await expectUnchanged(ctx, ref, state)
      },
    )
  }

  rule(
    {
      id: 'commits/requirements/all-must-hold',
      title: 'one failing requirement among holding ones rejects the whole commit with 409',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const { ref, state } = await prepare(ctx, 'all')
      const md = state.metadata
      const ex = await commit(
        ctx.catalog,
        ref,
        [
          { type: 'assert-table-uuid', uuid: md['table-uuid'] },
          { type: 'assert-current-schema-id', 'current-schema-id': n(md['current-schema-id']) + 1 },
        ],
        [probeUpdate('partial')],
      )
      ctx.check.conform(ex, { status: 409, errorType: /CommitFailed/ })
      await expectUnchanged(ctx, ref, state)
    },
  )

  // Two parts with their own releases: that a requirement is validated before any change is made is in every
  // release's document, so an unknown one (which cannot be validated) is refused under every profile (any 4xx);
  // the 400 came with 1.7 and is judged from there.
  rule(
    {
      id: 'commits/requirements/unknown-type-refused',
      title: 'an unknown requirement type is refused with a 4xx and applies nothing',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const { ref, state, ex } = await commitUnknownRequirement(ctx)
      ctx.check.conform(ex, { status: anyClientError(ex.status, 400) })
      await expectUnchanged(ctx, ref, state)
    },
  )

  rule(
    {
      id: 'commits/requirements/unknown-type-400',
      title: 'an unknown requirement type is 400 and applies nothing',
      requires: ['createTable', 'loadTable', 'updateTable'],
    },
    async (ctx) => {
      const { ref, state, ex } = await commitUnknownRequirement(ctx)
      ctx.check.conform(ex, { status: 400 })
      await expectUnchanged(ctx, ref, state)
    },
  )

  rule(
    {
      id: 'commits/requirements/missing-table-404',
      title: 'a commit to a table that does not exist is 404',
      requires: ['updateTable', 'createNamespace'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'req')
      const ex = await commit(
        catalog,
        { namespace, table: sandbox.names.table('missing') },
        [{ type: 'assert-table-uuid', uuid: uuid4() }],
        [probeUpdate('missing')],
      )
      check.conform(ex, { status: 404, errorType: /NoSuchTable/ })
    },
  )
})
