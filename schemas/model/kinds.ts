/**
 * The requirement and update kinds of the spec, each with the schema component
 * that validates it. The unions TableRequirement / TableUpdate / ViewRequirement / ViewUpdate in
 * schemas/json/ list the same kinds; which of them a given release knows is in profiles.ts.
 */

/** `type` of a TableRequirement → schema name. */
export const TABLE_REQUIREMENT_KINDS = {
  'assert-create': 'AssertCreate',
  'assert-table-uuid': 'AssertTableUUID',
  'assert-ref-snapshot-id': 'AssertRefSnapshotId',
  'assert-last-assigned-field-id': 'AssertLastAssignedFieldId',
  'assert-current-schema-id': 'AssertCurrentSchemaId',
  'assert-last-assigned-partition-id': 'AssertLastAssignedPartitionId',
  'assert-default-spec-id': 'AssertDefaultSpecId',
  'assert-default-sort-order-id': 'AssertDefaultSortOrderId',
} as const

/** `type` of a ViewRequirement → schema name. */
export const VIEW_REQUIREMENT_KINDS = { 'assert-view-uuid': 'AssertViewUUID' } as const

/**
 * `action` of a TableUpdate → schema name: the 23 actions of the spec, `enable-row-lineage` (1.8/1.9 only)
 * and `append`.
 */
export const TABLE_UPDATE_KINDS = {
  'assign-uuid': 'AssignUUIDUpdate',
  'upgrade-format-version': 'UpgradeFormatVersionUpdate',
  'add-schema': 'AddSchemaUpdate',
  'set-current-schema': 'SetCurrentSchemaUpdate',
  'add-spec': 'AddPartitionSpecUpdate',
  'set-default-spec': 'SetDefaultSpecUpdate',
  'add-sort-order': 'AddSortOrderUpdate',
  'set-default-sort-order': 'SetDefaultSortOrderUpdate',
  'add-snapshot': 'AddSnapshotUpdate',
  'set-snapshot-ref': 'SetSnapshotRefUpdate',
  'remove-snapshots': 'RemoveSnapshotsUpdate',
  'remove-snapshot-ref': 'RemoveSnapshotRefUpdate',
  'set-location': 'SetLocationUpdate',
  'set-properties': 'SetPropertiesUpdate',
  'remove-properties': 'RemovePropertiesUpdate',
  'set-statistics': 'SetStatisticsUpdate',
  'remove-statistics': 'RemoveStatisticsUpdate',
  'set-partition-statistics': 'SetPartitionStatisticsUpdate',
  'remove-partition-statistics': 'RemovePartitionStatisticsUpdate',
  'remove-partition-specs': 'RemovePartitionSpecsUpdate',
  'remove-schemas': 'RemoveSchemasUpdate',
  'add-encryption-key': 'AddEncryptionKeyUpdate',
  'remove-encryption-key': 'RemoveEncryptionKeyUpdate',
  'enable-row-lineage': 'EnableRowLineageUpdate',
  append: 'AppendUpdate',
} as const

/** `action` of a ViewUpdate → schema name (shared with tables where the action is common). */
export const VIEW_UPDATE_KINDS = {
  'assign-uuid': 'AssignUUIDUpdate',
  'upgrade-format-version': 'UpgradeFormatVersionUpdate',
  'add-schema': 'AddSchemaUpdate',
  'set-location': 'SetLocationUpdate',
  'set-properties': 'SetPropertiesUpdate',
  'remove-properties': 'RemovePropertiesUpdate',
  'add-view-version': 'AddViewVersionUpdate',
  'set-current-view-version': 'SetCurrentViewVersionUpdate',
} as const

export type TableRequirementKind = keyof typeof TABLE_REQUIREMENT_KINDS
export type ViewRequirementKind = keyof typeof VIEW_REQUIREMENT_KINDS
export type TableUpdateKind = keyof typeof TABLE_UPDATE_KINDS
export type ViewUpdateKind = keyof typeof VIEW_UPDATE_KINDS
