/**
 * Random sequences of table commits, as intents that
 * are made concrete against the metadata each commit starts from (suites/_harness/support/commit-plan.ts):
 * indexes pick existing schemas, specs, orders, snapshots, refs and properties modulo what exists, so every
 * generated (and every shrunk) sequence stays valid whatever ids the server chose.
 *
 * Each commit has one structural step (schema, spec, sort order, snapshot, ref, format version) and up to
 * two independent side steps (set-properties, remove-properties, set-location), all in one update list.
 */
import fc from 'fast-check'
import { primitiveType } from './iceberg-type.ts'
import { propertyMap } from './property-map.ts'
import { longIdSnapshotDraft, snapshotDraft } from './snapshot-draft.ts'
import type { SnapshotDraft } from './snapshot-draft.ts'

/** A partition or sort field: the source and transform are picked among those the current schema allows. */
export interface FieldPick {
  readonly source: number
  readonly transform: number
  /** Parameter of bucket[N] / truncate[W]. */
  readonly param: number
  readonly descending: boolean
  readonly nullsFirst: boolean
}

export type StructuralStep =
  | {
      readonly kind: 'add-schema'
      /** New optional columns (name stems and primitive types). */
      readonly columns: readonly { readonly stem: string; readonly type: string }[]
      /** Drop one optional column the default spec and order do not use (index), or none. */
      readonly drop: number | null
      /** Follow with set-current-schema -1. */
      readonly setCurrent: boolean
    }
  | { readonly kind: 'set-current-schema'; readonly pick: number }
  | { readonly kind: 'add-spec'; readonly fields: readonly FieldPick[]; readonly setDefault: boolean }
  | { readonly kind: 'set-default-spec'; readonly pick: number }
  | { readonly kind: 'add-sort-order'; readonly fields: readonly FieldPick[]; readonly setDefault: boolean }
  | { readonly kind: 'set-default-sort-order'; readonly pick: number }
  | { readonly kind: 'snapshot'; readonly draft: SnapshotDraft; readonly onBranch: boolean }
  | {
      readonly kind: 'set-ref'
      readonly name: 'tag-a' | 'tag-b' | 'branch-a'
      readonly pick: number
      readonly retention: number | null
    }
  | { readonly kind: 'remove-ref'; readonly pick: number }
  | { readonly kind: 'rollback'; readonly pick: number }
  | { readonly kind: 'upgrade-format-version' }
  | { readonly kind: 'none' }

export type SideStep =
  | { readonly kind: 'set-properties'; readonly updates: Readonly<Record<string, string>> }
  | { readonly kind: 'remove-properties'; readonly picks: readonly number[]; readonly missing: boolean }
  | { readonly kind: 'set-location'; readonly suffix: string }

export interface CommitIntent {
  readonly step: StructuralStep
  readonly side: readonly SideStep[]
}

export interface CommitSequenceOptions {
  readonly maxCommits?: number
  /** Snapshots get random 63-bit ids, as Java, PyIceberg and iceberg-go write them (default: ids below 2^53). */
  readonly longIds?: boolean
}

/** Table property keys the sequences use: a prefix no server adds on its own. */
export const PROPERTY_PREFIX = 'p.'

const fieldPick: fc.Arbitrary<FieldPick> = fc.record({
  source: fc.nat(),
  transform: fc.nat(),
  param: fc.integer({ min: 1, max: 128 }),
  descending: fc.boolean(),
  nullsFirst: fc.boolean(),
})

const stem = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_', 'é', 'λ', '数'), { minLength: 1, maxLength: 6 })
  .map((u) => u.join(''))

const structural = (draft: fc.Arbitrary<SnapshotDraft>): fc.Arbitrary<StructuralStep> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('add-schema' as const),
        columns: fc.array(fc.record({ stem, type: primitiveType(false) }), { minLength: 1, maxLength: 3 }),
        drop: fc.option(fc.nat()),
        setCurrent: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('set-current-schema' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('add-spec' as const),
        fields: fc.array(fieldPick, { minLength: 1, maxLength: 3 }),
        setDefault: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('set-default-spec' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('add-sort-order' as const),
        fields: fc.array(fieldPick, { minLength: 1, maxLength: 3 }),
        setDefault: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('set-default-sort-order' as const), pick: fc.nat() }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('snapshot' as const),
        draft,
        onBranch: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('set-ref' as const),
        name: fc.constantFrom('tag-a' as const, 'tag-b' as const, 'branch-a' as const),
        pick: fc.nat(),
        retention: fc.option(fc.integer({ min: 1, max: 1_000_000_000 })),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove-ref' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollback' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'upgrade-format-version' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  )

const side: fc.Arbitrary<SideStep> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('set-properties' as const),
      updates: propertyMap({ maxKeys: 3, keyPrefix: PROPERTY_PREFIX }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('remove-properties' as const),
      picks: fc.array(fc.nat(), { maxLength: 2 }),
      missing: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('set-location' as const),
      suffix: fc.stringMatching(/^[a-z0-9]{1,8}$/),
    }),
  },
)

/** A sequence of commit intents (1 to maxCommits, default 6). */
export function commitSequence(opts: CommitSequenceOptions = {}): fc.Arbitrary<CommitIntent[]> {
  const step = structural(opts.longIds ? longIdSnapshotDraft : snapshotDraft)
  return fc.array(fc.record({ step, side: fc.array(side, { maxLength: 2 }) }), {
    minLength: 1,
    maxLength: opts.maxCommits ?? 6,
  })
}
