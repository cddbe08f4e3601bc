/**
 * The live data and delete files of a snapshot written by a client (add-snapshot with a manifest list the client
 * wrote), read from its manifest list and manifests, as REST `DataFile` and `DeleteFile` objects for scan planning.
 *
 * {@link planScan} pairs each live data file with the live delete files the table spec applies to it.
 *
 * What it cannot plan it refuses, by throwing {@link CannotPlan}, rather than answer a partial scan:
 * a manifest list or manifest the server cannot read, an equality delete file without equality ids, and
 * partition values whose JSON form it does not produce (only null, boolean, int, long, float, double,
 * string and date values are converted).
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
const CONTENT_POSITION_DELETES = 1
const CONTENT_EQUALITY_DELETES = 2
const STATUS_DELETED = 2

/** A live file of a snapshot with what planning needs beyond its REST form. */
interface LiveFile {
  /** The REST `DataFile` or `DeleteFile`. */
  readonly file: Json
  readonly content: number
  /** Data sequence number: the entry's, or inherited from the manifest list entry when the entry's is null. */
  readonly sequenceNumber: number
  readonly specId: number
  /** The spec of the file has no partition fields (an equality delete of it is global). */
  readonly unpartitioned: boolean
  /** `referenced_data_file` of a position delete file or deletion vector, when set. */
  readonly referencedDataFile?: string
  /** A deletion vector (a position delete in a Puffin file). */
  readonly vector: boolean
}

/** One file scan task: a live data file and the live delete files that apply to it. */
export interface ScanTask {
  readonly dataFile: Json
  readonly deletes: readonly Json[]
}

const CONTENT_NAMES: Record<number, string> = {
  [CONTENT_DATA]: 'data',
  [CONTENT_POSITION_DELETES]: 'position-deletes',
  [CONTENT_EQUALITY_DELETES]: 'equality-deletes',
}

function optionalNumber(v: unknown, what: string): number | undefined {
  return v === null || v === undefined ? undefined : toNumber(v, what)
}

function liveFilesOfManifest(readBytes: ReadBytes, md: Json, manifest: Json): LiveFile[] {
  const path = String(manifest.manifest_path)
  const file = read(readBytes, path, 'manifest')
  const specId = toNumber(manifest.partition_spec_id ?? 0, 'partition_spec_id')
  // Sequence number inheritance (table spec, "Sequence Number Inheritance"): a null entry sequence number is
  // the manifest's, which the manifest list records; a v1 manifest list has none (sequence number 0).
  const manifestSequence = optionalNumber(manifest.sequence_number, 'sequence_number') ?? 0
  const fields = specFields(md, specId)
  const partitionSchema = fieldType(fieldType(file.schema, 'data_file'), 'partition')
  const out: LiveFile[] = []
  for (const entry of file.records) {
    if (!isObj(entry) || !isObj(entry.data_file)) throw new CannotPlan(`malformed manifest entry in ${path}`)
    if (toNumber(entry.status, 'status') === STATUS_DELETED) continue
    const f = entry.data_file
    const content = toNumber(f.content ?? CONTENT_DATA, 'content')
    const name = CONTENT_NAMES[content]
    if (name === undefined) throw new CannotPlan(`manifest ${path} holds files of unknown content ${content}`)
    const format = String(f.file_format).toLowerCase()
    const equalityIds = Array.isArray(f.equality_ids)
      ? f.equality_ids.map((id) => toNumber(id, 'equality_ids'))
      : []
    if (content === CONTENT_EQUALITY_DELETES && equalityIds.length === 0)
      throw new CannotPlan(`equality delete file ${String(f.file_path)} has no equality_ids`)
    const offset = optionalNumber(f.content_offset, 'content_offset')
    const size = optionalNumber(f.content_size_in_bytes, 'content_size_in_bytes')
    const referenced = typeof f.referenced_data_file === 'string' ? f.referenced_data_file : undefined
    out.push({
      file: {
        content: name,
        'file-path': String(f.file_path),
        'file-format': format,
        'spec-id': specId,
        partition: partitionTuple(f.partition, partitionSchema, fields),
        'file-size-in-bytes': toNumber(f.file_size_in_bytes, 'file_size_in_bytes'),
        'record-count': toNumber(f.record_count, 'record_count'),
        ...(content === CONTENT_EQUALITY_DELETES ? { 'equality-ids': equalityIds } : {}),
        ...(content === CONTENT_POSITION_DELETES && offset !== undefined ? { 'content-offset': offset } : {}),
        ...(content === CONTENT_POSITION_DELETES && size !== undefined
          ? { 'content-size-in-bytes': size }
          : {}),
      },
      content,
      sequenceNumber: optionalNumber(entry.sequence_number, 'sequence_number') ?? manifestSequence,
      specId,
      unpartitioned: fields.length === 0,
      ...(referenced !== undefined ? { referencedDataFile: referenced } : {}),
      vector: content === CONTENT_POSITION_DELETES && format === 'puffin',
    })
  }
  return out
}

/** The live files of the snapshot, data and deletes, from its manifest list. Throws CannotPlan when it cannot. */
function liveFiles(readBytes: ReadBytes, md: Json, snapshot: Json): LiveFile[] {
  const location = snapshot['manifest-list']
  if (typeof location !== 'string')
    throw new CannotPlan('the snapshot has no manifest list (format v1 manifests field)')
  const list = read(readBytes, location, 'manifest list')
  return list.records.flatMap((m) => {
    if (!isObj(m)) throw new CannotPlan(`malformed manifest list ${location}`)
    // A delete manifest whose counts say it has no live files is skipped (the spec allows it) unread.
    const live =
      toNumber(m.added_files_count ?? 1, 'added_files_count') +
      toNumber(m.existing_files_count ?? 1, 'existing_files_count')
    if (toNumber(m.content ?? CONTENT_DATA, 'content') !== CONTENT_DATA && live === 0) return []
    return liveFilesOfManifest(readBytes, md, m)
  })
}

const samePartition = (a: LiveFile, b: LiveFile): boolean =>
  a.specId === b.specId && JSON.stringify(a.file.partition) === JSON.stringify(b.file.partition)

/** The table spec's scope of a position delete file or deletion vector ("Scan Planning"). */
const positionApplies = (d: LiveFile, data: LiveFile): boolean =>
  (d.referencedDataFile === undefined || d.referencedDataFile === data.file['file-path']) &&
  data.sequenceNumber <= d.sequenceNumber &&
  samePartition(d, data)

/** The scope of an equality delete file: older data, same partition or a global (unpartitioned) delete. */
const equalityApplies = (d: LiveFile, data: LiveFile): boolean =>
  data.sequenceNumber < d.sequenceNumber && (d.unpartitioned || samePartition(d, data))

/**
 * The file scan tasks of a snapshot: each live data file with the live delete files that the table spec's
 * "Scan Planning" scope rules apply to it. No filter is applied, so every delete file in scope applies. A
 * position delete file is not applied where a deletion vector applies (the vector holds its deletes).
 */
export function planScan(readBytes: ReadBytes, md: Json, snapshot: Json): ScanTask[] {
  const files = liveFiles(readBytes, md, snapshot)
  const deletes = files.filter((f) => f.content !== CONTENT_DATA)
  return files
    .filter((f) => f.content === CONTENT_DATA)
    .map((data) => {
      const vectors = deletes.filter((d) => d.vector && positionApplies(d, data))
      const positions =
        vectors.length > 0
          ? vectors
          : deletes.filter(
              (d) => !d.vector && d.content === CONTENT_POSITION_DELETES && positionApplies(d, data),
            )
      const equalities = deletes.filter(
        (d) => d.content === CONTENT_EQUALITY_DELETES && equalityApplies(d, data),
      )
      return { dataFile: data.file, deletes: [...positions, ...equalities].map((d) => d.file) }
    })
}

/** The live data files of the snapshot, from its manifest list. Throws CannotPlan when it cannot. */
export function manifestDataFiles(readBytes: ReadBytes, md: Json, snapshot: Json): Json[] {
  return liveFiles(readBytes, md, snapshot)
    .filter((f) => f.content === CONTENT_DATA)
    .map((f) => f.file)
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
