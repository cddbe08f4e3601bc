import { describe, expect, it } from 'vitest'
import {
  MANIFEST_LIST_SCHEMA,
  MANIFEST_SCHEMA,
  SPEC,
  avroFile,
  entry,
  manifestFile,
} from './avro-fixtures.ts'
import { CannotPlan, manifestDataFiles, planScan, tableFiles } from './manifests.ts'
import { readAvroFile } from '../../schemas/model/avro.ts'
import {
  manifestBytes,
  manifestListBytes,
  manifestListEntry,
  type ContentFile,
} from '../../schemas/model/manifest-files.ts'

const MD = { 'partition-specs': [SPEC] }
const SNAPSHOT = { 'snapshot-id': 1, 'manifest-list': 'file:///w/t/metadata/snap-1.avro' }

async function files(byPath: Record<string, [object, object[]]>): Promise<(l: string) => Buffer | undefined> {
  const store = new Map<string, Buffer>()
  for (const [path, [schema, records]] of Object.entries(byPath))
    store.set(path, await avroFile(schema, records))
  return (location) => store.get(location)
}

describe('manifestDataFiles', () => {
  it('lists the live data files of every data manifest, partition values in spec order', async () => {
    const read = await files({
      [SNAPSHOT['manifest-list']]: [
        MANIFEST_LIST_SCHEMA,
        [manifestFile('file:///w/m1.avro'), manifestFile('file:///w/m2.avro')],
      ],
      'file:///w/m1.avro': [
        MANIFEST_SCHEMA,
        [
          entry({ path: 'a.parquet', category: 'books', day: 17_486, records: 5 }),
          entry({ path: 'gone.parquet', status: 2 }),
        ],
      ],
      'file:///w/m2.avro': [MANIFEST_SCHEMA, [entry({ path: 'b.parquet', status: 0 })]],
    })
    expect(manifestDataFiles(read, MD, SNAPSHOT)).toEqual([
      {
        content: 'data',
        'file-path': 'a.parquet',
        'file-format': 'parquet',
        'spec-id': 0,
        partition: ['books', '2017-11-16'],
        'file-size-in-bytes': 1234,
        'record-count': 5,
      },
      expect.objectContaining({ 'file-path': 'b.parquet', partition: [null, null] }),
    ])
  })

  it('skips a delete manifest without live files', async () => {
    const read = await files({
      [SNAPSHOT['manifest-list']]: [
        MANIFEST_LIST_SCHEMA,
        [manifestFile('file:///w/m1.avro'), manifestFile('file:///w/d.avro', 1, 0)],
      ],
      'file:///w/m1.avro': [MANIFEST_SCHEMA, [entry({ path: 'a.parquet' })]],
    })
    expect(manifestDataFiles(read, MD, SNAPSHOT).map((f) => f['file-path'])).toEqual(['a.parquet'])
  })

  it('refuses, rather than plans part of, what it cannot apply or read', async () => {
    const withDeletes = await files({
      [SNAPSHOT['manifest-list']]: [MANIFEST_LIST_SCHEMA, [manifestFile('file:///w/d.avro', 1, 2)]],
    })
    expect(() => manifestDataFiles(withDeletes, MD, SNAPSHOT)).toThrow(
      'cannot read the manifest file:///w/d.avro',
    )
    const equalityWithoutIds = await files({
      [SNAPSHOT['manifest-list']]: [MANIFEST_LIST_SCHEMA, [manifestFile('file:///w/m1.avro')]],
      'file:///w/m1.avro': [MANIFEST_SCHEMA, [entry({ path: 'eq.parquet', content: 2 })]],
    })
    expect(() => planScan(equalityWithoutIds, MD, SNAPSHOT)).toThrow(/no equality_ids/)
    const missingManifest = await files({
      [SNAPSHOT['manifest-list']]: [MANIFEST_LIST_SCHEMA, [manifestFile('file:///w/absent.avro')]],
    })
    expect(() => manifestDataFiles(missingManifest, MD, SNAPSHOT)).toThrow(
      'cannot read the manifest file:///w/absent.avro',
    )
    expect(() => manifestDataFiles(() => undefined, MD, SNAPSHOT)).toThrow(CannotPlan)
    expect(() => manifestDataFiles(() => Buffer.from('junk'), MD, SNAPSHOT)).toThrow(
      /cannot decode the manifest list/,
    )
    expect(() => manifestDataFiles(() => undefined, MD, { 'snapshot-id': 1 })).toThrow(/no manifest list/)
  })

  it('tableFiles: every file the metadata reaches; an unreadable file is listed, not guessed into', async () => {
    const read = await files({
      'l1.avro': [MANIFEST_LIST_SCHEMA, [manifestFile('m1.avro'), manifestFile('m-missing.avro')]],
      'm1.avro': [
        MANIFEST_SCHEMA,
        [entry({ path: 'a.parquet' }), entry({ path: 'deleted.parquet', status: 2 })],
      ],
      'v1-m.avro': [MANIFEST_SCHEMA, [entry({ path: 'b.parquet' })]],
    })
    const md = {
      snapshots: [
        { 'snapshot-id': 1, 'manifest-list': 'l1.avro' },
        { 'snapshot-id': 2, manifests: ['v1-m.avro'] },
        { 'snapshot-id': 3, 'manifest-list': 'l-missing.avro' },
      ],
      statistics: [{ 'snapshot-id': 1, 'statistics-path': 's.puffin' }],
      'partition-statistics': [{ 'snapshot-id': 1, 'statistics-path': 'p.parquet' }],
    }
    expect(tableFiles(read, md).sort()).toEqual(
      [
        'l1.avro',
        'm1.avro',
        'a.parquet',
        'deleted.parquet',
        'm-missing.avro',
        'v1-m.avro',
        'b.parquet',
        'l-missing.avro',
        's.puffin',
        'p.parquet',
      ].sort(),
    )
    expect(tableFiles(read, {})).toEqual([])
  })
})

describe('manifests written by the shared writers (schemas/model/manifest-files.ts)', () => {
  const md = {
    'format-version': 2,
    'current-schema-id': 0,
    schemas: [
      {
        'schema-id': 0,
        type: 'struct' as const,
        fields: [
          { id: 1, name: 'id', type: 'long', required: true },
          { id: 2, name: 'category', type: 'string', required: false },
          { id: 3, name: 'day', type: 'date', required: false },
        ],
      },
    ],
    'partition-specs': [SPEC],
  }
  const file = (path: string, category: string | null, day: string | null, records: number) => ({
    content: 'data' as const,
    'file-path': path,
    'file-format': 'parquet',
    'spec-id': 0,
    partition: [category, day],
    'file-size-in-bytes': 100 + records,
    'record-count': records,
  })

  it('plan back the files of the snapshot and of its parent, partition values exact', () => {
    const first = [file('file:///w/a.parquet', 'books', '2017-11-16', 5)]
    const second = [file('file:///w/b.parquet', null, null, 7), file('file:///w/c.parquet', 'toys', null, 1)]
    const store = new Map<string, Buffer>()
    const m1 = manifestBytes(md, first, 1)
    store.set('file:///w/m1.avro', m1)
    const list1 = [
      manifestListEntry(
        { path: 'file:///w/m1.avro', length: m1.length, files: first },
        { id: 1, sequenceNumber: 1 },
      ),
    ]
    store.set('file:///w/l1.avro', manifestListBytes(list1, { id: 1, sequenceNumber: 1, formatVersion: 2 }))
    const m2 = manifestBytes(md, second, 2)
    store.set('file:///w/m2.avro', m2)
    const carried = readAvroFile(store.get('file:///w/l1.avro')!).records as Record<string, unknown>[]
    const list2 = [
      ...carried,
      manifestListEntry(
        { path: 'file:///w/m2.avro', length: m2.length, files: second },
        { id: 2, sequenceNumber: 2 },
      ),
    ]
    store.set(
      'file:///w/l2.avro',
      manifestListBytes(list2, { id: 2, parentId: 1, sequenceNumber: 2, formatVersion: 2 }),
    )
    const read = (l: string): Buffer | undefined => store.get(l)
    expect(manifestDataFiles(read, md, { 'snapshot-id': 1, 'manifest-list': 'file:///w/l1.avro' })).toEqual(
      first,
    )
    expect(manifestDataFiles(read, md, { 'snapshot-id': 2, 'manifest-list': 'file:///w/l2.avro' })).toEqual([
      ...first,
      ...second,
    ])
  })

  /** A snapshot `id` (sequence number `id`) of one manifest per group of files, on top of `parent`'s list. */
  function commit(
    store: Map<string, Buffer>,
    id: number,
    groups: ContentFile[][],
    parent?: number,
  ): Record<string, unknown> {
    const carried =
      parent === undefined
        ? []
        : (readAvroFile(store.get(`file:///w/l${parent}.avro`)!).records as Record<string, unknown>[])
    const entries = groups.map((files, i) => {
      const path = `file:///w/m${id}-${i}.avro`
      const bytes = manifestBytes(md, files, id)
      store.set(path, bytes)
      return manifestListEntry({ path, length: bytes.length, files }, { id, sequenceNumber: id })
    })
    const list = `file:///w/l${id}.avro`
    store.set(list, manifestListBytes([...carried, ...entries], { id, sequenceNumber: id, formatVersion: 2 }))
    return { 'snapshot-id': id, 'manifest-list': list }
  }

  it('planScan applies delete files by the spec scope: sequence numbers inherited, partition or global', () => {
    const store = new Map<string, Buffer>()
    const read = (l: string): Buffer | undefined => store.get(l)
    const books = file('file:///w/books.parquet', 'books', null, 5)
    const toys = file('file:///w/toys.parquet', 'toys', null, 5)
    commit(store, 1, [[books, toys]])
    const later = file('file:///w/later-books.parquet', 'books', null, 2)
    const pos = {
      ...file('file:///w/pos-books.parquet', 'books', null, 1),
      content: 'position-deletes' as const,
    }
    const eq = {
      ...file('file:///w/eq-books.parquet', 'books', null, 1),
      content: 'equality-deletes' as const,
      'equality-ids': [1],
    }
    const s2 = commit(store, 2, [[later], [pos, eq]], 1)
    const refs = planScan(read, md, s2).map((t) => [
      t.dataFile['file-path'],
      t.deletes.map((d) => d['file-path']),
    ])
    expect(refs).toEqual([
      // Older data of the same partition: the position delete (<=) and the equality delete (<).
      ['file:///w/books.parquet', ['file:///w/pos-books.parquet', 'file:///w/eq-books.parquet']],
      // Another partition: neither.
      ['file:///w/toys.parquet', []],
      // The same commit (equal sequence numbers): only the position delete.
      ['file:///w/later-books.parquet', ['file:///w/pos-books.parquet']],
    ])
    expect(planScan(read, md, s2)[0]!.deletes[1]).toEqual({ ...eq, 'equality-ids': [1] })
  })

  it('planScan: an equality delete of an unpartitioned spec is global; a referenced data file limits a position delete', () => {
    const unpartitioned = { 'spec-id': 1, fields: [] }
    const md2 = { ...md, 'partition-specs': [SPEC, unpartitioned] }
    const store = new Map<string, Buffer>()
    const read = (l: string): Buffer | undefined => store.get(l)
    const a = file('file:///w/a.parquet', 'books', null, 5)
    const b = file('file:///w/b.parquet', 'toys', null, 5)
    const m1 = manifestBytes(md2, [a, b], 1)
    store.set('file:///w/m1.avro', m1)
    const eq = {
      content: 'equality-deletes' as const,
      'file-path': 'file:///w/eq.parquet',
      'file-format': 'parquet',
      'spec-id': 1,
      partition: [],
      'file-size-in-bytes': 10,
      'record-count': 1,
      'equality-ids': [1],
    }
    const m2 = manifestBytes(md2, [eq], 2)
    store.set('file:///w/m2.avro', m2)
    const list = [
      manifestListEntry(
        { path: 'file:///w/m1.avro', length: m1.length, files: [a, b] },
        { id: 1, sequenceNumber: 1 },
      ),
      manifestListEntry(
        { path: 'file:///w/m2.avro', length: m2.length, files: [eq] },
        { id: 2, sequenceNumber: 2 },
      ),
    ]
    store.set('file:///w/l.avro', manifestListBytes(list, { id: 2, sequenceNumber: 2, formatVersion: 2 }))
    const tasks = planScan(read, md2, { 'snapshot-id': 2, 'manifest-list': 'file:///w/l.avro' })
    expect(tasks.map((t) => t.deletes.map((d) => d['file-path']))).toEqual([
      ['file:///w/eq.parquet'],
      ['file:///w/eq.parquet'],
    ])
  })

  it('refuse what they cannot write, with a reason', () => {
    expect(() => manifestBytes(md, [file('x', 'books', 'not a date', 1)], 1)).toThrow('not a date')
    expect(() => manifestBytes(md, [{ ...file('x', null, null, 1), partition: [] }], 1)).toThrow(
      '0 partition values for 2 fields',
    )
  })
})
