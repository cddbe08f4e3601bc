/**
 * Test data for planning/: Avro container files written with avsc's own encoder (so the reader is checked
 * against an independent writer), and manifest list / manifest schemas shaped like Iceberg's (field names
 * and ids of the table spec's manifest and manifest-list sections). Written by hand, not derived from
 * schemas/model/manifest-files.ts, so that the planner is checked against files that writer did not produce.
 */
export { avroFile } from '../../schemas/model/avro-stream-writer.ts'

const optional = (type: unknown): unknown => ['null', type]

export const MANIFEST_LIST_SCHEMA = {
  type: 'record',
  name: 'manifest_file',
  fields: [
    { name: 'manifest_path', 'field-id': 500, type: 'string' },
    { name: 'manifest_length', 'field-id': 501, type: 'long' },
    { name: 'partition_spec_id', 'field-id': 502, type: 'int' },
    { name: 'content', 'field-id': 517, type: 'int' },
    { name: 'added_snapshot_id', 'field-id': 503, type: 'long' },
    { name: 'added_files_count', 'field-id': 504, type: 'int' },
    { name: 'existing_files_count', 'field-id': 505, type: 'int' },
  ],
}

/** A manifest entry schema whose partition is (category string, day date), field ids 1000 and 1001. */
export const MANIFEST_SCHEMA = {
  type: 'record',
  name: 'manifest_entry',
  fields: [
    { name: 'status', 'field-id': 0, type: 'int' },
    { name: 'snapshot_id', 'field-id': 1, type: optional('long') },
    {
      name: 'data_file',
      'field-id': 2,
      type: {
        type: 'record',
        name: 'r2',
        fields: [
          { name: 'content', 'field-id': 134, type: 'int' },
          { name: 'file_path', 'field-id': 100, type: 'string' },
          { name: 'file_format', 'field-id': 101, type: 'string' },
          {
            name: 'partition',
            'field-id': 102,
            type: {
              type: 'record',
              name: 'r102',
              fields: [
                // Written in the opposite order of the spec's fields: values are matched by field id.
                { name: 'day', 'field-id': 1001, type: optional({ type: 'int', logicalType: 'date' }) },
                { name: 'category', 'field-id': 1000, type: optional('string') },
              ],
            },
          },
          { name: 'record_count', 'field-id': 103, type: 'long' },
          { name: 'file_size_in_bytes', 'field-id': 104, type: 'long' },
        ],
      },
    },
  ],
}

/** A partition spec matching MANIFEST_SCHEMA's partition record. */
export const SPEC = {
  'spec-id': 0,
  fields: [
    { name: 'category', transform: 'identity', 'source-id': 2, 'field-id': 1000 },
    { name: 'day', transform: 'identity', 'source-id': 3, 'field-id': 1001 },
  ],
}

export interface EntryInput {
  path: string
  status?: number
  content?: number
  category?: string | null
  day?: number | null
  records?: number
}

export const entry = (e: EntryInput): object => ({
  status: e.status ?? 1,
  snapshot_id: 7,
  data_file: {
    content: e.content ?? 0,
    file_path: e.path,
    file_format: 'PARQUET',
    partition: { day: e.day ?? null, category: e.category ?? null },
    record_count: e.records ?? 3,
    file_size_in_bytes: 1234,
  },
})

export const manifestFile = (path: string, content = 0, live = 1): object => ({
  manifest_path: path,
  manifest_length: 100,
  partition_spec_id: 0,
  content,
  added_snapshot_id: 7,
  added_files_count: live,
  existing_files_count: 0,
})
