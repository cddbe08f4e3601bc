/**
 * Avro object container files (the format of Iceberg manifest lists and manifests), read and written
 * synchronously from and to buffers: the reference server plans scans without yielding between reading
 * metadata and answering, and the harness seeds tables with real manifests before a commit. Records are
 * decoded with the file's own (writer) schema; longs are BigInt because snapshot ids use all 64 bits (a
 * writer may pass plain integers). Codecs: null and deflate (what Iceberg writers use by default); any
 * other is an error naming it.
 */
import { randomBytes } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import avro from 'avsc'

const MAGIC = Buffer.from('Obj\u0001', 'latin1')

// 64-bit longs as BigInt (avsc's default long type refuses values beyond 2^53).
const bigLong = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint | number) => {
    const buf = Buffer.alloc(8)
    buf.writeBigInt64LE(BigInt(n))
    return buf
  },
  fromJSON: (v: unknown) => BigInt(v as number),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === 'bigint' || Number.isSafeInteger(n),
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
})

/**
 * Types already built, by their schema's JSON text. avsc generates code for every type it builds, and tables
 * share a few manifest schemas: building them once per schema saves that work on every manifest read or written.
 * Bounded, because each partition type makes another schema.
 */
const typesBySchema = new Map<string, avro.Type>()
const TYPES_KEPT = 256

/** An avsc type for a schema, with 64-bit longs as BigInt. */
export function avroType(schema: unknown): avro.Type {
  const key = JSON.stringify(schema)
  let type = typesBySchema.get(key)
  if (type === undefined) {
    type = avro.Type.forSchema(schema as avro.Schema, { registry: { long: bigLong } })
    if (typesBySchema.size >= TYPES_KEPT) typesBySchema.clear()
    typesBySchema.set(key, type)
  }
  return type
}

const headerType = avro.Type.forSchema({
  type: 'record',
  name: 'org.apache.avro.file.Header',
  fields: [
    { name: 'magic', type: { type: 'fixed', name: 'Magic', size: 4 } },
    { name: 'meta', type: { type: 'map', values: 'bytes' } },
    { name: 'sync', type: { type: 'fixed', name: 'Sync', size: 16 } },
  ],
})
const countType = avro.Type.forSchema('long')

export interface AvroFile {
  /** The file's key-value metadata as text (Iceberg keeps e.g. `format-version` and `partition-spec` there). */
  readonly meta: Record<string, string>
  /** The writer schema as parsed JSON; Iceberg annotates fields with `field-id`. */
  readonly schema: unknown
  readonly records: unknown[]
}

/** Decodes a whole container file. Throws an Error with a short reason on anything malformed. */
export function readAvroFile(buf: Buffer): AvroFile {
  if (buf.length < 4 || !buf.subarray(0, 4).equals(MAGIC)) throw new Error('not an Avro container file')
  const header = headerType.decode(buf, 0)
  if (header.offset < 0) throw new Error('truncated Avro header')
  const { meta: rawMeta, sync } = header.value as { meta: Record<string, Buffer>; sync: Buffer }
  const meta = Object.fromEntries(Object.entries(rawMeta).map(([k, v]) => [k, v.toString('utf8')]))
  const schemaText = meta['avro.schema']
  if (schemaText === undefined) throw new Error('Avro file without a schema')
  const schema: unknown = JSON.parse(schemaText)
  const codec = meta['avro.codec'] ?? 'null'
  if (codec !== 'null' && codec !== 'deflate') throw new Error(`unsupported Avro codec ${codec}`)
  const type = avroType(schema)

  const records: unknown[] = []
  let pos = header.offset
  while (pos < buf.length) {
    const count = countType.decode(buf, pos)
    const size = count.offset < 0 ? count : countType.decode(buf, count.offset)
    if (count.offset < 0 || size.offset < 0) throw new Error('truncated Avro block header')
    const start = size.offset
    const end = start + (size.value as number)
    if (end + 16 > buf.length) throw new Error('truncated Avro block')
    if (!buf.subarray(end, end + 16).equals(sync)) throw new Error('Avro block sync marker mismatch')
    const block = codec === 'deflate' ? inflateRawSync(buf.subarray(start, end)) : buf.subarray(start, end)
    let at = 0
    for (let i = 0; i < (count.value as number); i++) {
      const rec = type.decode(block, at)
      if (rec.offset < 0) throw new Error('truncated Avro record')
      records.push(rec.value)
      at = rec.offset
    }
    pos = end + 16
  }
  return { meta, schema, records }
}

/** Records per block: Iceberg's writers flush blocks of a similar size. */
const BLOCK_RECORDS = 1000

/**
 * Encodes `records` as a container file with `schema` as its writer schema (written to the header as given,
 * with Iceberg's `field-id` attributes) and `meta` as extra key-value metadata. Throws on a record that does
 * not match the schema, naming the first one.
 */
export function writeAvroFile(
  schema: unknown,
  records: readonly unknown[],
  opts: { meta?: Readonly<Record<string, string>>; codec?: 'null' | 'deflate' } = {},
): Buffer {
  const codec = opts.codec ?? 'deflate'
  const type = avroType(schema)
  const sync = randomBytes(16)
  const meta: Record<string, Buffer> = {}
  for (const [k, v] of Object.entries(opts.meta ?? {})) meta[k] = Buffer.from(v, 'utf8')
  meta['avro.schema'] = Buffer.from(JSON.stringify(schema), 'utf8')
  meta['avro.codec'] = Buffer.from(codec, 'utf8')
  const parts = [headerType.toBuffer({ magic: MAGIC, meta, sync })]
  for (let i = 0; i < records.length; i += BLOCK_RECORDS) {
    const chunk = records.slice(i, i + BLOCK_RECORDS)
    const encoded = chunk.map((r, j) => {
      let where = ''
      if (!type.isValid(r, { errorHook: (path: string[]) => void (where ||= path.join('.')) }))
        throw new Error(`record ${i + j} does not match the Avro schema at ${where || 'the top'}`)
      return type.toBuffer(r)
    })
    const raw = Buffer.concat(encoded)
    const data = codec === 'deflate' ? deflateRawSync(raw) : raw
    parts.push(countType.toBuffer(chunk.length), countType.toBuffer(data.length), data, sync)
  }
  return Buffer.concat(parts)
}
