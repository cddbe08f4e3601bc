/**
 * The table update kinds as data: what to send and how its effect
 * shows in table metadata. updates.test.ts turns each case into one rule; controls/faults/commits.ts makes a
 * fault per case that drops the action, so every case can fail.
 */
import { fixture } from '../_harness/support/fixtures.ts'
import { newSnapshot, nextSchemaId } from '../_harness/support/commit-steps.ts'
import type { TableMd } from '../_harness/support/commit-steps.ts'
import { inProfile } from '../../schemas/rules/catalog.ts'

export interface UpdateCase {
  /** The action under test (also the rule id segment). */
  readonly action: string
  readonly title: string
  /** Table format version to create (default 2). */
  readonly formatVersion?: number
  /** Add a snapshot on main first (its id is passed to the functions below as `sid`). */
  readonly snapshot?: boolean
  /** Updates committed as a setup step before the commit under test (`profile`: the run's spec profile). */
  readonly prepare?: (md: TableMd, sid: number, profile: string) => unknown[]
  readonly updates: (md: TableMd, sid: number, profile: string) => unknown[]
  /** undefined when the effect shows in `md`; otherwise what is wrong. `before` is the metadata before the commit. */
  readonly effect: (md: TableMd, before: TableMd, sid: number) => string | undefined
}

const schemaWithCategory = () => fixture('commits/schema-added-column.json')
const daySpec = () => fixture('commits/spec-day.json')
const idOrder = () => fixture('commits/sort-order-id.json')

const hasField = (md: TableMd, schemaId: number | undefined, name: string): boolean =>
  (md.schemas ?? []).some((s) => s['schema-id'] === schemaId && s.fields.some((f) => f.name === name))
const anySchemaHas = (md: TableMd, name: string): boolean =>
  (md.schemas ?? []).some((s) => s.fields.some((f) => f.name === name))
const specHasDay = (md: TableMd, specId?: number): boolean =>
  (md['partition-specs'] ?? []).some(
    (s) =>
      (specId === undefined || s['spec-id'] === specId) &&
      s.fields.some((f) => f.transform === 'day' && f['source-id'] === 3),
  )
const orderHasId = (md: TableMd, orderId?: number): boolean =>
  (md['sort-orders'] ?? []).some(
    (o) => (orderId === undefined || o['order-id'] === orderId) && o.fields.some((f) => f['source-id'] === 1),
  )
const why = (ok: boolean, msg: string): string | undefined => (ok ? undefined : msg)
const statistics = (location: string | undefined, sid: number) => ({
  'snapshot-id': sid,
  'statistics-path': `${location ?? ''}/metadata/stats-${sid}.puffin`,
  'file-size-in-bytes': 100,
  'file-footer-size-in-bytes': 10,
  'blob-metadata': [],
})
/**
 * set-statistics as the profile's release writes it: its top-level `snapshot-id` is required up to 1.7 and from 1.8
 * an optional, deprecated copy of `statistics.snapshot-id` (SetStatisticsUpdate in the OpenAPI document of each
 * release). A 1.7 server rightly refuses the later form ("Cannot parse missing long: snapshot-id").
 */
const setStatistics = (md: TableMd, sid: number, profile: string) => ({
  action: 'set-statistics',
  ...(inProfile('1.8', profile) ? {} : { 'snapshot-id': sid }),
  statistics: statistics(md.location, sid),
})
const partitionStatistics = (location: string | undefined, sid: number) => ({
  'snapshot-id': sid,
  'statistics-path': `${location ?? ''}/metadata/partition-stats-${sid}.parquet`,
  'file-size-in-bytes': 100,
})
/** A second snapshot on top of `sid` (a fixed offset keeps its id known to `effect`). */
const next = (sid: number): number => sid + 7
const addNext = (md: TableMd, sid: number) => ({
  action: 'add-snapshot',
  snapshot: newSnapshot(md, sid, next(sid)),
})
const setMain = (id: number) => ({
  action: 'set-snapshot-ref',
  'ref-name': 'main',
  type: 'branch',
  'snapshot-id': id,
})
const hasSnapshot = (md: TableMd, id: number): boolean =>
  (md.snapshots ?? []).some((s) => s['snapshot-id'] === id)
const otherSpecIds = (md: TableMd): number[] =>
  (md['partition-specs'] ?? [])
    .map((s) => s['spec-id'])
    .filter((id): id is number => typeof id === 'number' && id !== md['default-spec-id'])
const otherSchemaIds = (md: TableMd): number[] =>
  (md.schemas ?? [])
    .map((s) => s['schema-id'])
    .filter((id): id is number => typeof id === 'number' && id !== md['current-schema-id'])

const KEY = { 'key-id': 'conformance-key', 'encrypted-key-metadata': 'AAECAw==' }

export const UPDATE_CASES: readonly UpdateCase[] = [
  {
    action: 'upgrade-format-version',
    title: 'upgrade-format-version raises format-version (v1 → v2)',
    formatVersion: 1,
    updates: () => [{ action: 'upgrade-format-version', 'format-version': 2 }],
    effect: (md) => why(md['format-version'] === 2, `format-version is ${md['format-version']}, expected 2`),
  },
  {
    action: 'add-schema',
    title: 'add-schema adds a schema and raises last-column-id, the current schema stays',
    updates: () => [{ action: 'add-schema', schema: schemaWithCategory() }],
    effect: (md, before) =>
      why(anySchemaHas(md, 'category'), 'no schema has the added column') ??
      why((md['last-column-id'] ?? 0) >= 4, `last-column-id is ${md['last-column-id']}, expected >= 4`) ??
      why(md['current-schema-id'] === before['current-schema-id'], 'the current schema changed'),
  },
  {
    action: 'set-current-schema',
    title: 'set-current-schema -1 makes the schema added in the same commit current',
    // The add-schema names its id, as Iceberg's Java client does: add-schema without one is add-schema's to judge.
    updates: (md) => [
      { action: 'add-schema', schema: { ...schemaWithCategory(), 'schema-id': nextSchemaId(md) } },
      { action: 'set-current-schema', 'schema-id': -1 },
    ],
    effect: (md) =>
      why(hasField(md, md['current-schema-id'], 'category'), 'the current schema lacks the added column'),
  },
  {
    action: 'add-spec',
    title: 'add-spec adds a partition spec, the default spec stays',
    updates: () => [{ action: 'add-spec', spec: daySpec() }],
    effect: (md, before) =>
      why(specHasDay(md), 'no partition spec has the added day field') ??
      why(md['default-spec-id'] === before['default-spec-id'], 'the default spec changed'),
  },
  {
    action: 'set-default-spec',
    title: 'set-default-spec -1 makes the spec added in the same commit the default',
    updates: () => [
      { action: 'add-spec', spec: daySpec() },
      { action: 'set-default-spec', 'spec-id': -1 },
    ],
    effect: (md) => why(specHasDay(md, md['default-spec-id']), 'the default spec lacks the added day field'),
  },
  {
    action: 'add-sort-order',
    title: 'add-sort-order adds a sort order, the default order stays',
    updates: () => [{ action: 'add-sort-order', 'sort-order': idOrder() }],
    effect: (md, before) =>
      why(orderHasId(md), 'no sort order sorts by id') ??
      why(md['default-sort-order-id'] === before['default-sort-order-id'], 'the default sort order changed'),
  },
  {
    action: 'set-default-sort-order',
    title: 'set-default-sort-order -1 makes the order added in the same commit the default',
    updates: () => [
      { action: 'add-sort-order', 'sort-order': idOrder() },
      { action: 'set-default-sort-order', 'sort-order-id': -1 },
    ],
    effect: (md) =>
      why(orderHasId(md, md['default-sort-order-id']), 'the default sort order does not sort by id'),
  },
  {
    action: 'set-snapshot-ref',
    title: 'set-snapshot-ref main moves the current snapshot to a snapshot added in the same commit',
    snapshot: true,
    updates: (md, sid) => [addNext(md, sid), setMain(next(sid))],
    effect: (md, _b, sid) =>
      why(
        md['current-snapshot-id'] === next(sid),
        `current-snapshot-id is ${md['current-snapshot-id']}, expected ${next(sid)}`,
      ) ??
      why(
        md.refs?.main?.['snapshot-id'] === next(sid) && md.refs.main.type === 'branch',
        `refs.main is ${JSON.stringify(md.refs?.main)}`,
      ),
  },
  {
    action: 'add-snapshot',
    title: 'add-snapshot adds the snapshot without moving any ref',
    snapshot: true,
    updates: (md, sid) => [addNext(md, sid)],
    effect: (md, _b, sid) =>
      why(hasSnapshot(md, next(sid)), 'the added snapshot is not in snapshots') ??
      why(
        md['current-snapshot-id'] === sid && md.refs?.main?.['snapshot-id'] === sid,
        'main moved although no set-snapshot-ref was sent',
      ),
  },
  {
    action: 'set-snapshot-ref-tag',
    title: 'set-snapshot-ref of type tag creates a tag, the current snapshot stays',
    snapshot: true,
    updates: (_md, sid) => [
      { action: 'set-snapshot-ref', 'ref-name': 'conformance-tag', type: 'tag', 'snapshot-id': sid },
    ],
    effect: (md, _before, sid) =>
      why(
        md.refs?.['conformance-tag']?.type === 'tag' && md.refs['conformance-tag']['snapshot-id'] === sid,
        `refs has no tag conformance-tag at ${sid}: ${JSON.stringify(md.refs)}`,
      ) ?? why(md['current-snapshot-id'] === sid, 'the current snapshot moved'),
  },
  {
    action: 'remove-snapshot-ref',
    title: 'remove-snapshot-ref removes a branch, the snapshot stays',
    snapshot: true,
    prepare: (_md, sid) => [
      { action: 'set-snapshot-ref', 'ref-name': 'conformance-branch', type: 'branch', 'snapshot-id': sid },
    ],
    updates: () => [{ action: 'remove-snapshot-ref', 'ref-name': 'conformance-branch' }],
    effect: (md, _before, sid) =>
      why(md.refs?.['conformance-branch'] === undefined, 'the branch is still there') ??
      why(
        (md.snapshots ?? []).some((s) => s['snapshot-id'] === sid),
        'the snapshot was removed too',
      ),
  },
  {
    action: 'remove-snapshots',
    title: 'remove-snapshots removes a snapshot that is no longer current',
    snapshot: true,
    prepare: (md, sid) => [addNext(md, sid), setMain(next(sid))],
    updates: (_md, sid) => [{ action: 'remove-snapshots', 'snapshot-ids': [sid] }],
    effect: (md, _b, sid) =>
      why(!hasSnapshot(md, sid), 'the removed snapshot is still listed') ??
      why(
        hasSnapshot(md, next(sid)) && md['current-snapshot-id'] === next(sid),
        'the current snapshot was lost',
      ),
  },
  {
    action: 'set-location',
    title: 'set-location changes the table location',
    updates: (md) => [
      { action: 'set-location', location: `${md.location ?? 'file:/tmp/conformance'}-moved` },
    ],
    effect: (md, before) =>
      why(
        md.location === `${before.location ?? 'file:/tmp/conformance'}-moved`,
        `location is ${md.location}`,
      ),
  },
  {
    action: 'set-properties',
    title: 'set-properties adds and changes properties, others stay',
    updates: () => [{ action: 'set-properties', updates: { 'conformance.added': 'yes', owner: 'changed' } }],
    effect: (md) =>
      why(md.properties?.['conformance.added'] === 'yes', 'the added property is missing') ??
      why(md.properties?.owner === 'changed', 'the changed property kept its old value'),
  },
  {
    action: 'remove-properties',
    title: 'remove-properties removes a property',
    updates: () => [{ action: 'remove-properties', removals: ['owner'] }],
    effect: (md) => why(md.properties?.owner === undefined, 'the removed property is still there'),
  },
  {
    action: 'set-statistics',
    title: 'set-statistics records a statistics file for a snapshot',
    snapshot: true,
    updates: (md, sid, profile) => [setStatistics(md, sid, profile)],
    effect: (md, _b, sid) =>
      why(
        (md.statistics ?? []).some((s) => s['snapshot-id'] === sid),
        'no statistics entry for the snapshot',
      ),
  },
  {
    action: 'remove-statistics',
    title: 'remove-statistics removes the statistics file of a snapshot',
    snapshot: true,
    prepare: (md, sid, profile) => [setStatistics(md, sid, profile)],
    updates: (_md, sid) => [{ action: 'remove-statistics', 'snapshot-id': sid }],
    effect: (md, _b, sid) =>
      why(
        !(md.statistics ?? []).some((s) => s['snapshot-id'] === sid),
        'the statistics entry is still there',
      ),
  },
  {
    action: 'set-partition-statistics',
    title: 'set-partition-statistics records a partition statistics file',
    snapshot: true,
    updates: (md, sid) => [
      { action: 'set-partition-statistics', 'partition-statistics': partitionStatistics(md.location, sid) },
    ],
    effect: (md, _b, sid) =>
      why(
        (md['partition-statistics'] ?? []).some((s) => s['snapshot-id'] === sid),
        'no partition statistics entry for the snapshot',
      ),
  },
  {
    action: 'remove-partition-statistics',
    title: 'remove-partition-statistics removes the partition statistics file',
    snapshot: true,
    prepare: (md, sid) => [
      { action: 'set-partition-statistics', 'partition-statistics': partitionStatistics(md.location, sid) },
    ],
    updates: (_md, sid) => [{ action: 'remove-partition-statistics', 'snapshot-id': sid }],
    effect: (md, _b, sid) =>
      why(
        !(md['partition-statistics'] ?? []).some((s) => s['snapshot-id'] === sid),
        'the partition statistics entry is still there',
      ),
  },
  {
    action: 'remove-partition-specs',
    title: 'remove-partition-specs removes a spec that is not the default',
    prepare: () => [
      { action: 'add-spec', spec: daySpec() },
      { action: 'set-default-spec', 'spec-id': -1 },
    ],
    updates: (md) => [{ action: 'remove-partition-specs', 'spec-ids': otherSpecIds(md) }],
    effect: (md, before) =>
      why(otherSpecIds(before).length > 0, 'setup left no spec to remove') ??
      why(
        !(md['partition-specs'] ?? []).some((s) => otherSpecIds(before).includes(s['spec-id'] ?? -2)),
        'the removed spec is still listed',
      ) ??
      why(md['default-spec-id'] === before['default-spec-id'], 'the default spec changed'),
  },
  {
    action: 'remove-schemas',
    title: 'remove-schemas removes a schema that is not current',
    // The setup names the new schema's id, as Iceberg's Java client does: the rule judges the removal, and
    // add-schema without an id is commits/updates/add-schema's to judge.
    prepare: (md) => [
      { action: 'add-schema', schema: { ...schemaWithCategory(), 'schema-id': nextSchemaId(md) } },
      { action: 'set-current-schema', 'schema-id': -1 },
    ],
    updates: (md) => [{ action: 'remove-schemas', 'schema-ids': otherSchemaIds(md) }],
    effect: (md, before) =>
      why(otherSchemaIds(before).length > 0, 'setup left no schema to remove') ??
      why(
        !(md.schemas ?? []).some((s) => otherSchemaIds(before).includes(s['schema-id'] ?? -2)),
        'the removed schema is still listed',
      ) ??
      why(md['current-schema-id'] === before['current-schema-id'], 'the current schema changed'),
  },
  {
    action: 'add-encryption-key',
    title: 'add-encryption-key adds an encryption key (v3)',
    formatVersion: 3,
    updates: () => [{ action: 'add-encryption-key', 'encryption-key': KEY }],
    effect: (md) =>
      why(
        (md['encryption-keys'] ?? []).some((k) => k['key-id'] === KEY['key-id']),
        'the key is not listed',
      ),
  },
  {
    action: 'remove-encryption-key',
    title: 'remove-encryption-key removes an encryption key (v3)',
    formatVersion: 3,
    prepare: () => [{ action: 'add-encryption-key', 'encryption-key': KEY }],
    updates: () => [{ action: 'remove-encryption-key', 'key-id': KEY['key-id'] }],
    effect: (md) =>
      why(
        !(md['encryption-keys'] ?? []).some((k) => k['key-id'] === KEY['key-id']),
        'the key is still listed',
      ),
  },
]
