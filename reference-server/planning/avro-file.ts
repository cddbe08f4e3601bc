/**
 * Reads an Avro object container file (the format of Iceberg manifest lists and manifests) from a buffer,
 * synchronously, so a planning handler never yields between reading metadata and answering. Records are
 * decoded with the file's own (writer) schema; longs are BigInt because snapshot ids use all 64 bits.
 * Codecs: null and deflate (what Iceberg writers use by default); any other is an error naming it.
 */
import { inflateRawSync } from 'node:zlib'
import avro from 'avsc'

const MAGIC = Buffer.from('Obj\u0001', 'latin1')

// 64-bit longs as BigInt (avsc's default long type refuses values beyond 2^53).
const bigLong = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint) => {
    const buf = Buffer.alloc(8)
    buf.writeBigInt64LE(n)
    return buf
  },
  fromJSON: (v: unknown) => BigInt(v as number),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === 'bigint',
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
})

/** An avsc type for a schema, with 64-bit longs as BigInt. */
export function avroType(schema: unknown): avro.Type {
  return avro.Type.forSchema(schema as avro.Schema, { registry: { long: bigLong } })
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
