import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { readAvroFile } from '../../../schemas/model/avro.ts'
import { manifestListFor, reachable, removeWrittenFiles } from './table-files.ts'

const root = mkdtempSync(join(tmpdir(), 'table-files-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A table folder as a server on this machine leaves it: a metadata file under `metadata/`. */
function serverTable(name: string): string {
  mkdirSync(join(root, name, 'metadata'), { recursive: true })
  writeFileSync(join(root, name, 'metadata', '00000-x.metadata.json'), '{}')
  // Java writes `file:/a/b`, others `file:///a/b`: both are the same folder.
  return `file:${join(root, name)}`
}

const md = (location: string, snapshots: { 'snapshot-id': number; 'manifest-list': string }[] = []) => ({
  location,
  'format-version': 2,
  'current-schema-id': 0,
  schemas: [
    { 'schema-id': 0, type: 'struct', fields: [{ id: 1, name: 'id', type: 'long', required: true }] },
  ],
  'partition-specs': [{ 'spec-id': 0, fields: [] }],
  snapshots,
})
const file = (path: string) => ({
  content: 'data' as const,
  'file-path': path,
  'file-format': 'parquet',
  'spec-id': 0,
  partition: [],
  'file-size-in-bytes': 10,
  'record-count': 2,
})

describe('table files', () => {
  it('reaches only a local folder with a metadata file in it', () => {
    expect(reachable(serverTable('t1'))).toBe(true)
    expect(reachable(pathToFileURL(join(root, 't1')).href)).toBe(true)
    mkdirSync(join(root, 'empty', 'metadata'), { recursive: true })
    expect(reachable(`file:${join(root, 'empty')}`)).toBe(false)
    expect(reachable(`file:${join(root, 'absent')}`)).toBe(false)
    expect(reachable('s3://bucket/t1')).toBe(false)
    expect(reachable('memory://reference/t1')).toBe(false)
    expect(reachable(undefined)).toBe(false)
  })

  it('writes a manifest list carrying the parent over, and removes what it wrote', () => {
    const location = serverTable('t2')
    const first = manifestListFor(md(location), { id: 1, sequenceNumber: 1 }, [file('a.parquet')])
    const second = manifestListFor(
      md(location, [{ 'snapshot-id': 1, 'manifest-list': first }]),
      { id: 2, parent: 1, sequenceNumber: 2 },
      [file('b.parquet')],
    )
    const entries = readAvroFile(readFileSync(fileURLToPath(second.replace(/^file:\/*/, 'file:///')))).records
    expect(entries.map((e) => (e as { added_snapshot_id: bigint }).added_snapshot_id)).toEqual([1n, 2n])
    expect(removeWrittenFiles()).toBe(4)
    expect(existsSync(join(root, 't2', 'metadata', '00000-x.metadata.json'))).toBe(true)
  })

  it('writes data and delete files into separate manifests of one list', () => {
    const location = serverTable('t4')
    const deletes = { ...file('d.parquet'), content: 'position-deletes' as const }
    const list = manifestListFor(md(location), { id: 4, sequenceNumber: 1 }, [file('a.parquet'), deletes])
    const entries = readAvroFile(readFileSync(fileURLToPath(list.replace(/^file:\/*/, 'file:///')))).records
    expect(entries.map((e) => (e as { content: number }).content)).toEqual([0, 1])
    expect(removeWrittenFiles()).toBe(3)
  })

  it('names an unwritten list where it cannot reach the location', () => {
    expect(manifestListFor(md('s3://bucket/t3'), { id: 3 })).toBe(
      's3://bucket/t3/metadata/snap-3-conformance.avro',
    )
    expect(removeWrittenFiles()).toBe(0)
  })
})
