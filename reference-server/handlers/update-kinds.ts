/**
 * The requirement types and update actions of the spec (spec-digest §3, §4). The metadata builder
 * owns their semantics; this list only serves the `ignoreUnknownUpdates` fault.
 */
export const KNOWN_REQUIREMENTS: ReadonlySet<string> = new Set([
  'assert-create',
  'assert-table-uuid',
  'assert-ref-snapshot-id',
  'assert-last-assigned-field-id',
  'assert-current-schema-id',
  'assert-last-assigned-partition-id',
  'assert-default-spec-id',
  'assert-default-sort-order-id',
  'assert-view-uuid',
])

export const KNOWN_TABLE_UPDATES: ReadonlySet<string> = new Set([
  'assign-uuid',
  'upgrade-format-version',
  'add-schema',
  'set-current-schema',
  'add-spec',
  'set-default-spec',
  'add-sort-order',
  'set-default-sort-order',
  'add-snapshot',
  'set-snapshot-ref',
  'remove-snapshots',
  'remove-snapshot-ref',
  'set-location',
  'set-properties',
  'remove-properties',
  'set-statistics',
  'remove-statistics',
  'set-partition-statistics',
  'remove-partition-statistics',
  'remove-partition-specs',
  'remove-schemas',
  'add-encryption-key',
  'remove-encryption-key',
  'add-view-version',
  'set-current-view-version',
])
