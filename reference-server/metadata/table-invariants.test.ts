import { describe, expect, it } from 'vitest'
import { checkTableInvariants, TABLE_INVARIANT_IDS, type TableMetadata } from './index.ts'
import { fixture } from './test-helpers.ts'

type Loose = Record<string, unknown> & TableMetadata
const v1 = () => fixture<Loose>('table-v1-legacy.json')
const v2 = () => fixture<Loose>('table-v2.json')
const v3 = () => fixture<Loose>('table-v3.json')

/** [invariant id, a valid document, a mutation that breaks exactly that invariant]. */
const BROKEN: [string, () => Loose, (md: Loose) => void][] = [
  ['table/format-version', v2, (md) => (md['format-version'] = 0)],
  ['table/uuid-present', v2, (md) => delete (md as Partial<Loose>)['table-uuid']],
  ['table/location-present', v2, (md) => (md.location = '')],
  ['table/schema-ids-unique', v2, (md) => md.schemas.push(structuredClone(md.schemas[1]!))],
  ['table/current-schema-exists', v2, (md) => (md['current-schema-id'] = 7)],
  ['table/current-schema-exists', v1, (md) => (md['current-schema-id'] = 3)],
  [
    'table/field-ids-unique',
    v2,
    (md) => md.schemas[0]!.fields.push({ id: 1, name: 'y', type: 'int', required: false }),
  ],
  ['table/last-column-id-covers-fields', v2, (md) => (md['last-column-id'] = 2)],
  ['table/spec-ids-unique', v2, (md) => md['partition-specs'].push({ 'spec-id': 0, fields: [] })],
  ['table/default-spec-exists', v2, (md) => (md['default-spec-id'] = 3)],
  ['table/last-partition-id-covers-fields', v2, (md) => (md['last-partition-id'] = 999)],
  ['table/default-spec-binds', v2, (md) => (md['partition-specs'][0]!.fields[0]!['source-id'] = 9)],
  [
    'table/default-spec-binds',
    v1,
    (md) => ((md['partition-spec'] as { 'source-id': number }[])[0]!['source-id'] = 9),
  ],
  ['table/sort-order-ids-unique', v2, (md) => md['sort-orders'].push(structuredClone(md['sort-orders'][1]!))],
  ['table/unsorted-order-is-zero', v2, (md) => (md['sort-orders'][0]!['order-id'] = 4)],
  ['table/default-sort-order-exists', v2, (md) => (md['default-sort-order-id'] = 8)],
  ['table/default-sort-order-binds', v2, (md) => (md['sort-orders'][1]!.fields[0]!['source-id'] = 9)],
  ['table/snapshot-ids-unique', v3, (md) => (md.snapshots[0]!['snapshot-id'] = 2002)],
  ['table/v1-sequence-number-zero', v1, (md) => (md['last-sequence-number'] = 3)],
  ['table/last-sequence-number-covers-snapshots', v3, (md) => (md['last-sequence-number'] = 1)],
  ['table/refs-exist', v3, (md) => (md.refs.old = { type: 'tag', 'snapshot-id': 77 })],
  [
    'table/ref-retention',
    v3,
    (md) => (md.refs.t = { type: 'tag', 'snapshot-id': 2001, 'min-snapshots-to-keep': 1 }),
  ],
  ['table/ref-retention', v3, (md) => (md.refs.main!['max-ref-age-ms'] = 0)],
  ['table/current-snapshot-exists', v1, (md) => (md['current-snapshot-id'] = 42)],
  ['table/main-matches-current', v3, (md) => (md.refs.main!['snapshot-id'] = 2001)],
  ['table/main-matches-current', v3, (md) => (md.refs.main!.type = 'tag')],
  ['table/main-matches-current', v3, (md) => (md['current-snapshot-id'] = null)],
  ['table/next-row-id', v3, (md) => delete md['next-row-id']],
  ['table/next-row-id-covers-snapshots', v3, (md) => (md['next-row-id'] = 149)],
  ['table/snapshot-log-sorted', v3, (md) => (md['snapshot-log'][0]!['timestamp-ms'] = 1700000062001)],
  ['table/metadata-log-sorted', v3, (md) => (md['metadata-log'][0]!['timestamp-ms'] = 1700000061001)],
  ['table/last-updated-after-snapshot-log', v3, (md) => (md['last-updated-ms'] = 1700000002000 - 60_001)],
  [
    'table/last-updated-after-metadata-log',
    v2,
    (md) => (md['metadata-log'][1]!['timestamp-ms'] = 1602638573590 + 60_001),
  ],
  [
    'table/statistics-unique-per-snapshot',
    v2,
    (md) => md.statistics.push(structuredClone(md.statistics[0]!)),
  ],
  [
    'table/partition-statistics-unique-per-snapshot',
    v2,
    (md) => md['partition-statistics'].push(structuredClone(md['partition-statistics'][0]!)),
  ],
  [
    'table/encryption-key-ids-unique',
    v3,
    (md) => md['encryption-keys']!.push({ 'key-id': 'k1', 'encrypted-key-metadata': 'AA' }),
  ],
]

describe('checkTableInvariants', () => {
  it('accepts valid v1 (legacy schema/partition-spec, no refs or sort orders), v2 and v3 metadata', () => {
    expect(checkTableInvariants(v1())).toEqual([])
    expect(checkTableInvariants(v2())).toEqual([])
    expect(checkTableInvariants(v3())).toEqual([])
  })

  it.each(BROKEN.map(([id, make, mutate], i) => [`${id} #${i}`, id, make, mutate] as const))(
    'detects %s',
    (_name, id, make, mutate) => {
      const md = make()
      mutate(md)
      const found = checkTableInvariants(md)
      expect(found.length).toBeGreaterThan(0)
      expect(found, JSON.stringify(found)).toEqual([expect.stringMatching(new RegExp(`^${id}: `))])
    },
  )

  it('accepts what the spec allows: 1 minute of log skew, void fields of dropped columns, -1 or null current', () => {
    const md = v3()
    md['snapshot-log'][0]!['timestamp-ms'] = 1700000062000
    md['last-updated-ms'] = 1700000002000 - 60_000
    expect(checkTableInvariants(md)).toEqual([])
    const voided = v2()
    voided['partition-specs'][0]!.fields[0] = {
      name: 'x',
      transform: 'void',
      'source-id': 99,
      'field-id': 1000,
    }
    expect(checkTableInvariants(voided)).toEqual([])
    const none = v2()
    none['current-snapshot-id'] = -1
    delete none.refs.main
    expect(checkTableInvariants(none)).toEqual([])
  })

  it('has a breaking case for every invariant id it can report', () => {
    expect([...new Set(BROKEN.map(([id]) => id))].sort()).toEqual([...TABLE_INVARIANT_IDS].sort())
  })

  it('never throws on malformed input, and reports it', () => {
    expect(checkTableInvariants({} as TableMetadata).length).toBeGreaterThan(0)
    expect(checkTableInvariants(null as unknown as TableMetadata).length).toBeGreaterThan(0)
    expect(
      checkTableInvariants({ 'format-version': 2, schemas: 'x', snapshots: 3 } as unknown as TableMetadata)
        .length,
    ).toBeGreaterThan(0)
  })
})
