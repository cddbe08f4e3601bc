/**
 * The live data files of a snapshot written by a client (add-snapshot with a manifest list the client
 * wrote), read from its manifest list and manifests, as REST `DataFile` objects for scan planning.
 *
 * What it cannot plan it refuses, by throwing {@link CannotPlan}, rather than answer a partial scan:
 * a manifest list or manifest the server cannot read, live delete files (the planner returns no delete
 * files), and partition values whose JSON form it does not produce (only null, boolean, int, long, float,
 * double, string and date values are converted).
 *
 * {@link tableFiles} lists every file a table's metadata reaches, for a purge.
 */
import { readAvroFile } from '../../schemas/model/avro.ts'

type Json = Record<string, unknown>

/** The snapshot cannot be planned faithfully; the message says why. */
export class CannotPlan extends Error {}

/** Reads a file's bytes by location, or undefined when the server cannot read that location. */
export type ReadBytes = (location: string) => Buffer | undefined

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function read(readBytes: ReadBytes, location: string, what: string): ReturnType<typeof readAvroFile> {
  const bytes = readBytes(location)
  if (bytes === undefined) throw new CannotPlan(`cannot read the ${what} ${location}`)
  try {
    return readAvroFile(bytes)
  } catch (e) {
    throw new CannotPlan(`cannot decode the ${what} ${location}: ${(e as Error).message}`)
  }
}

function toNumber(v: unknown, what: string): number {
  const n = typeof v === 'bigint' ? Number(v) : v
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new CannotPlan(`${what} is not an integer`)
  return n
}

/** The (non-null branch of the) Avro type of a record field, from a writer schema. */
function fieldType(record: unknown, name: string): unknown {
  const fields = isObj(record) && Array.isArray(record.fields) ? (record.fields as unknown[]) : []
  const field = fields.find((f) => isObj(f) && f.name === name)
  const type = isObj(field) ? field.type : undefined
  return Array.isArray(type) ? type.find((t) => t !== 'null') : type
}

const DAY_MS = 86_400_000

/** A partition value in its JSON single-value form (the REST `PrimitiveTypeValue`). */
function partitionValue(v: unknown, avroType: unknown, name: string): unknown {
  if (v === null || v === undefined) return null
  const logical = isObj(avroType) ? avroType.logicalType : undefined
  if (logical === 'date') return new Date(toNumber(v, name) * DAY_MS).toISOString().slice(0, 10)
  if (logical !== undefined)
    throw new CannotPlan(`partition field ${name}: ${String(logical)} values are not converted`)
  if (typeof v === 'bigint') return toNumber(v, `partition field ${name}`)
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v
  throw new CannotPlan(`partition field ${name}: binary, fixed and decimal values are not converted`)
}

interface SpecField {
  readonly 'field-id': number
  readonly name: string
}

function specFields(md: Json, specId: number): SpecField[] {
  const specs = Array.isArray(md['partition-specs']) ? (md['partition-specs'] as unknown[]) : []
  const spec = specs.find((s) => isObj(s) && s['spec-id'] === specId)
  if (!isObj(spec) || !Array.isArray(spec.fields)) throw new CannotPlan(`unknown partition spec ${specId}`)
  return spec.fields as SpecField[]
}

/** The partition tuple in the spec's field order, matched to the manifest's partition record by field id. */
function partitionTuple(partition: unknown, partitionSchema: unknown, fields: SpecField[]): unknown[] {
  const avroFields =
    isObj(partitionSchema) && Array.isArray(partitionSchema.fields) ? partitionSchema.fields : []
  const values = isObj(partition) ? partition : {}
  return fields.map((f) => {
    const avroField = (avroFields as unknown[]).find((a) => isObj(a) && a['field-id'] === f['field-id'])
    const name = isObj(avroField) && typeof avroField.name === 'string' ? avroField.name : f.name
    return partitionValue(values[name], fieldType(partitionSchema, name), name)
  })
}

const CONTENT_DATA = 0
const STATUS_DELETED = 2

function dataFilesOfManifest(readBytes: ReadBytes, md: Json, manifest: Json): Json[] {
  const path = String(manifest.manifest_path)
  const file = read(readBytes, path, 'manifest')
  const specId = toNumber(manifest.partition_spec_id ?? 0, 'partition_spec_id')
  const fields = specFields(md, specId)
  const partitionSchema = fieldType(fieldType(file.schema, 'data_file'), 'partition')
  const out: Json[] = []
  for (const entry of file.records) {
    if (!isObj(entry) || !isObj(entry.data_file)) throw new CannotPlan(`malformed manifest entry in ${path}`)
    if (toNumber(entry.status, 'status') === STATUS_DELETED) continue
    const f = entry.data_file
    if (toNumber(f.content ?? CONTENT_DATA, 'content') !== CONTENT_DATA) {
      throw new CannotPlan(`manifest ${path} holds delete files, which this planner does not apply`)
    }
    out.push({
      content: 'data',
      'file-path': String(f.file_path),
      'file-format': String(f.file_format).toLowerCase(),
      'spec-id': specId,
      partition: partitionTuple(f.partition, partitionSchema, fields),
      'file-size-in-bytes': toNumber(f.file_size_in_bytes, 'file_size_in_bytes'),
      'record-count': toNumber(f.record_count, 'record_count'),
    })
  }
  return out
}

/** The live data files of the snapshot, from its manifest list. Throws CannotPlan when it cannot. */
export function manifestDataFiles(readBytes: ReadBytes, md: Json, snapshot: Json): Json[] {
  const location = snapshot['manifest-list']
  if (typeof location !== 'string')
    throw new CannotPlan('the snapshot has no manifest list (format v1 manifests field)')
  const list = read(readBytes, location, 'manifest list')
  return list.records.flatMap((m) => {
    if (!isObj(m)) throw new CannotPlan(`malformed manifest list ${location}`)
    if (toNumber(m.content ?? CONTENT_DATA, 'content') !== CONTENT_DATA) {
      // A delete manifest without live files changes nothing; one with files would change the rows.
      const live =
        toNumber(m.added_files_count ?? 1, 'added_files_count') +
        toNumber(m.existing_files_count ?? 1, 'existing_files_count')
      if (live === 0) return []
      throw new CannotPlan(`the snapshot has delete files, which this planner does not apply`)
    }
    return dataFilesOfManifest(readBytes, md, m)
  })
}

const readQuietly = (readBytes: ReadBytes, location: string): unknown[] => {
  const bytes = readBytes(location)
  if (bytes === undefined) return []
  try {
    return readAvroFile(bytes).records
  } catch {
    return []
  }
}

/**
 * Every file the table's current metadata reaches that a client wrote: manifest lists (and v1 `manifests`),
 * manifests, the data and delete files of all their entries, and statistics files. For a purge: a file that
 * cannot be read is still listed, but what it would name is not (so nothing outside the metadata is guessed).
 */
export function tableFiles(readBytes: ReadBytes, md: Json): string[] {
  const out = new Set<string>()
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  const snapshots = Array.isArray(md.snapshots) ? md.snapshots.filter(isObj) : []
  for (const s of snapshots) {
    const manifests = strings(s.manifests)
    if (typeof s['manifest-list'] === 'string') {
      out.add(s['manifest-list'])
      for (const m of readQuietly(readBytes, s['manifest-list'])) {
        if (isObj(m) && typeof m.manifest_path === 'string') manifests.push(m.manifest_path)
      }
    }
    for (const path of manifests) {
      out.add(path)
      for (const e of readQuietly(readBytes, path)) {
        if (isObj(e) && isObj(e.data_file) && typeof e.data_file.file_path === 'string')
          out.add(e.data_file.file_path)
      }
    }
  }
  for (const key of ['statistics', 'partition-statistics']) {
    const stats = Array.isArray(md[key]) ? (md[key] as unknown[]).filter(isObj) : []
    for (const st of stats) if (typeof st['statistics-path'] === 'string') out.add(st['statistics-path'])
  }
  return [...out]
}
