/**
 * Updates of a known kind that cannot be applied: each would leave table metadata that breaks the Iceberg table
 * spec (a current schema, default spec or sort order that does not exist, a ref to a snapshot that does not
 * exist, a format version that goes down or past what the spec defines, a snapshot id used twice, partition fields
 * with the same name). A server must refuse the commit and apply nothing. invalid-updates.test.ts turns each case
 * into one rule; controls/faults/commits-invalid.ts makes them fail.
 */
import { newSnapshot } from '../_harness/support/commit-steps.ts'
import type { TableMd } from '../_harness/support/commit-steps.ts'

export interface InvalidUpdateCase {
  /** Rule id segment. */
  readonly id: string
  /** What makes the update invalid. */
  readonly what: string
  /** The table needs a snapshot on main first (its id is passed as `sid`). */
  readonly snapshot?: boolean
  /** Table format version to create (default 2). */
  readonly formatVersion?: number
  readonly updates: (md: TableMd, sid: number) => unknown[]
}

/** An id no server assigns in a fresh table (ids are assigned from 0 or 1 upwards). */
export const UNKNOWN_ID = 4242

export const INVALID_UPDATE_CASES: readonly InvalidUpdateCase[] = [
  {
    id: 'set-current-schema-unknown',
    what: 'set-current-schema to a schema id the table does not have',
    updates: () => [{ action: 'set-current-schema', 'schema-id': UNKNOWN_ID }],
  },
  {
    id: 'set-current-schema-last-added-none',
    what: 'set-current-schema -1 (the last added) when the commit added no schema',
    updates: () => [{ action: 'set-current-schema', 'schema-id': -1 }],
  },
  {
    id: 'set-default-spec-unknown',
    what: 'set-default-spec to a spec id the table does not have',
    updates: () => [{ action: 'set-default-spec', 'spec-id': UNKNOWN_ID }],
  },
  {
    id: 'set-default-spec-last-added-none',
    what: 'set-default-spec -1 (the last added) when the commit added no spec',
    updates: () => [{ action: 'set-default-spec', 'spec-id': -1 }],
  },
  {
    id: 'set-default-sort-order-unknown',
    what: 'set-default-sort-order to a sort order id the table does not have',
    updates: () => [{ action: 'set-default-sort-order', 'sort-order-id': UNKNOWN_ID }],
  },
  {
    id: 'set-default-sort-order-last-added-none',
    what: 'set-default-sort-order -1 (the last added) when the commit added no sort order',
    updates: () => [{ action: 'set-default-sort-order', 'sort-order-id': -1 }],
  },
  {
    id: 'remove-current-schema',
    what: 'remove-schemas of the current schema',
    updates: (md) => [{ action: 'remove-schemas', 'schema-ids': [md['current-schema-id'] ?? 0] }],
  },
  {
    id: 'remove-default-spec',
    what: 'remove-partition-specs of the default spec',
    updates: (md) => [{ action: 'remove-partition-specs', 'spec-ids': [md['default-spec-id'] ?? 0] }],
  },
  {
    id: 'set-snapshot-ref-unknown-snapshot',
    what: 'set-snapshot-ref to a snapshot the table does not have',
    updates: () => [
      {
        action: 'set-snapshot-ref',
        'ref-name': 'conformance-branch',
        type: 'branch',
        'snapshot-id': UNKNOWN_ID,
      },
    ],
  },
  {
    id: 'upgrade-format-version-downgrade',
    what: 'upgrade-format-version to a lower version (2 to 1)',
    updates: () => [{ action: 'upgrade-format-version', 'format-version': 1 }],
  },
  {
    id: 'upgrade-format-version-unknown',
    what: 'upgrade-format-version past every version the table spec defines',
    updates: () => [{ action: 'upgrade-format-version', 'format-version': 99 }],
  },
  {
    id: 'add-snapshot-duplicate-id',
    what: 'add-snapshot with the id of a snapshot the table already has',
    snapshot: true,
    updates: (md, sid) => [{ action: 'add-snapshot', snapshot: newSnapshot(md, sid, sid) }],
  },
  {
    id: 'add-spec-duplicate-field-names',
    what: 'add-spec whose partition fields share a name',
    // The spec names its spec-id, as Iceberg's Java client sends it (readOnly in the schema): a server that needs it
    // fails tables/create/optional-ids-omitted, and this rule judges only the duplicate names.
    updates: (md) => [
      {
        action: 'add-spec',
        spec: {
          'spec-id': Math.max(-1, ...(md['partition-specs'] ?? []).map((s) => s['spec-id'] ?? -1)) + 1,
          fields: [
            { 'source-id': 1, 'field-id': 1000, name: 'part', transform: 'identity' },
            { 'source-id': 3, 'field-id': 1001, name: 'part', transform: 'day' },
          ],
        },
      },
    ],
  },
]
