/**
 * Snapshot and ref steps of the commit planner: a new snapshot on main or on a branch, tags and branches with retention, removal of
 * a ref other than main, and a rollback of main to an earlier snapshot.
 */
import type { StructuralStep } from '../arbitraries/commit-sequence.ts'
import type { SnapshotDraft } from '../arbitraries/snapshot-draft.ts'
import type { Expectation, PlanContext, StepPlan } from './commit-plan.ts'
import type { Md } from './commit-plan-md.ts'
import { snapshotBody } from './snapshot-body.ts'
import { int64, isInt64 } from '../../../schemas/model/json-int64.ts'
import type { SnapshotId } from '../../../schemas/model/types.ts'

const NONE: StepPlan = { updates: [], expectations: [], changes: false }
type RefStep = Extract<StructuralStep, { kind: 'snapshot' | 'set-ref' | 'remove-ref' | 'rollback' }>

const current = (md: Md): SnapshotId | undefined => {
  const id = md['current-snapshot-id']
  return isInt64(id) && id >= 0 ? id : undefined
}

const refIs = (name: string, id: SnapshotId, type: string): Expectation => ({
  what: `refs.${name} after set-snapshot-ref`,
  actual: (m) => {
    const r = (m.refs ?? {})[name]
    return r ? { 'snapshot-id': r['snapshot-id'], type: r.type } : null
  },
  expected: { 'snapshot-id': id, type },
})

const mainIs = (id: SnapshotId): Expectation[] => [
  { what: 'current-snapshot-id after moving main', actual: (m) => m['current-snapshot-id'], expected: id },
  refIs('main', id, 'branch'),
]

/** The add-snapshot body of `draft` on `md` with parent `parent`. */
export function snapshotOf(draft: SnapshotDraft, md: Md, parent: SnapshotId | undefined, now: number) {
  const taken = new Set<SnapshotId>((md.snapshots ?? []).map((s) => s['snapshot-id']))
  // The next free id in the draft's own range: one below 2^53 stays below, a 63-bit id stays beyond.
  const [bottom, top] = typeof draft.id === 'bigint' ? [2n ** 53n, 2n ** 63n - 1n] : [1n, 2n ** 53n - 1n]
  let id = draft.id
  while (taken.has(id)) id = int64(BigInt(id) >= top ? bottom : BigInt(id) + 1n)
  return snapshotBody(md, {
    id,
    parent,
    timestampMs: now - 1000,
    operation: draft.operation,
    summary: draft.summary,
    addedRows: draft.addedRows,
  })
}

export function planRefStep(step: RefStep, md: Md, ctx: PlanContext): StepPlan {
  const snapshots = (md.snapshots ?? []).map((s) => s['snapshot-id'])
  const refs = md.refs ?? {}
  switch (step.kind) {
    case 'snapshot': {
      const branch = step.onBranch && refs['branch-a'] ? 'branch-a' : 'main'
      const parent = branch === 'main' ? current(md) : refs['branch-a']?.['snapshot-id']
      const snap = snapshotOf(step.draft, md, parent, ctx.now)
      const id = snap['snapshot-id']
      const expectations: Expectation[] =
        branch === 'main'
          ? mainIs(id)
          : [
              refIs(branch, id, 'branch'),
              {
                what: 'current-snapshot-id after a commit to another branch',
                actual: (m) => m['current-snapshot-id'],
                expected: md['current-snapshot-id'],
              },
            ]
      expectations.push({
        what: `snapshot ${id} is stored`,
        actual: (m) => (m.snapshots ?? []).some((s) => s['snapshot-id'] === id),
        expected: true,
      })
      if ((md['format-version'] ?? 2) >= 3)
        expectations.push({
          what: 'next-row-id grows by the added-rows of the snapshot (row lineage)',
          actual: (m) => m['next-row-id'],
          expected: (md['next-row-id'] ?? 0) + step.draft.addedRows,
        })
      return {
        updates: [
          { action: 'add-snapshot', snapshot: snap },
          { action: 'set-snapshot-ref', 'ref-name': branch, type: 'branch', 'snapshot-id': id },
        ],
        expectations,
        changes: true,
      }
    }
    case 'set-ref': {
      if (snapshots.length === 0) return NONE
      const id = snapshots[step.pick % snapshots.length]!
      const type = step.name === 'branch-a' ? 'branch' : 'tag'
      const retention =
        step.retention === null
          ? {}
          : type === 'tag'
            ? { 'max-ref-age-ms': step.retention }
            : { 'min-snapshots-to-keep': (step.retention % 100) + 1, 'max-snapshot-age-ms': step.retention }
      const update = {
        action: 'set-snapshot-ref',
        'ref-name': step.name,
        type,
        'snapshot-id': id,
        ...retention,
      }
      const before = refs[step.name] as Record<string, unknown> | undefined
      const wanted: Record<string, unknown> = { 'snapshot-id': id, type, ...retention }
      const keys = ['snapshot-id', 'type', 'min-snapshots-to-keep', 'max-snapshot-age-ms', 'max-ref-age-ms']
      const same = before !== undefined && keys.every((k) => (before[k] ?? null) === (wanted[k] ?? null))
      return { updates: [update], expectations: [refIs(step.name, id, type)], changes: !same }
    }
    case 'remove-ref': {
      const names = Object.keys(refs)
        .filter((n) => n !== 'main')
        .sort()
      if (names.length === 0) return NONE
      const name = names[step.pick % names.length]!
      return {
        updates: [{ action: 'remove-snapshot-ref', 'ref-name': name }],
        expectations: [
          {
            what: `refs.${name} after remove-snapshot-ref`,
            actual: (m) => (m.refs ?? {})[name] ?? null,
            expected: null,
          },
        ],
        changes: true,
      }
    }
    case 'rollback': {
      const others = snapshots.filter((s) => s !== current(md))
      if (others.length === 0) return NONE
      const id = others[step.pick % others.length]!
      return {
        updates: [{ action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': id }],
        expectations: mainIs(id),
        changes: true,
      }
    }
  }
}
