import { describe, expect, it } from 'vitest'
import avro from 'avsc'
import { avroType, readAvroFile, writeAvroFile } from './avro.ts'
import { avroFile } from './avro-stream-writer.ts'

const SCHEMA = {
  type: 'record',
  name: 'row',
  fields: [
    { name: 'id', type: 'long' },
    { name: 'name', type: ['null', 'string'] },
  ],
}
const ROWS = [
  { id: 2n ** 62n + 3n, name: 'big' },
  { id: -1n, name: null },
  { id: 0n, name: 'zero' },
]

describe('readAvroFile', () => {
  it.each(['deflate', 'null'])(
    'reads what avsc wrote with the %s codec, 64-bit longs exact',
    async (codec) => {
      const file = readAvroFile(await avroFile(SCHEMA, ROWS, { codec, bigLongs: true }))
      expect(file.records).toEqual(ROWS)
      expect(file.schema).toMatchObject({ name: 'row' })
      expect(file.meta['avro.codec']).toBe(codec)
    },
  )

  it('reads many blocks', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: BigInt(i), name: `n${i}` }))
    expect(readAvroFile(await avroFile(SCHEMA, rows, { bigLongs: true })).records).toHaveLength(5000)
  })

  it('refuses what it cannot read, with a reason', async () => {
    expect(() => readAvroFile(Buffer.from('{"not":"avro"}'))).toThrow('not an Avro container file')
    const good = await avroFile(SCHEMA, ROWS, { codec: 'null', bigLongs: true })
    expect(() => readAvroFile(good.subarray(0, good.length - 3))).toThrow(/truncated|sync/)
    const identity = (buf: Buffer, cb: (e: null, b: Buffer) => void): void => cb(null, buf)
    const snappy = await avroFile(SCHEMA, ROWS, {
      codec: 'snappy',
      codecs: { snappy: identity },
      bigLongs: true,
    })
    expect(() => readAvroFile(snappy)).toThrow('unsupported Avro codec snappy')
  })

  it.each(['deflate', 'null'] as const)(
    'reads back what it wrote with the %s codec, across blocks, with its metadata',
    (codec) => {
      const rows = Array.from({ length: 2500 }, (_, i) => ({
        id: BigInt(i) * 2n ** 40n,
        name: i % 3 ? `n${i}` : null,
      }))
      const file = readAvroFile(writeAvroFile(SCHEMA, rows, { codec, meta: { 'format-version': '2' } }))
      expect(file.records).toEqual(rows)
      expect(file.meta['format-version']).toBe('2')
      expect(file.schema).toEqual(SCHEMA)
    },
  )

  it('writes what avsc reads, and takes plain integers for longs', async () => {
    const buf = writeAvroFile(SCHEMA, [{ id: 5, name: 'five' }])
    const decoded: unknown[] = []
    const decoder = new avro.streams.BlockDecoder()
    decoder.on('data', (r: unknown) => decoded.push(r))
    await new Promise((resolve, reject) => {
      decoder.on('end', resolve)
      decoder.on('error', reject)
      decoder.end(buf)
    })
    expect(decoded).toEqual([{ id: 5, name: 'five' }])
  })

  it('builds the type of a schema once, and another schema its own', () => {
    const again = JSON.parse(JSON.stringify(SCHEMA)) as unknown
    expect(avroType(again)).toBe(avroType(SCHEMA))
    const other = { ...SCHEMA, name: 'other' }
    expect(avroType(other)).not.toBe(avroType(SCHEMA))
    expect(avroType(other).toString({ id: 1, name: 'a' })).toBe(
      avroType(SCHEMA).toString({ id: 1, name: 'a' }),
    )
  })

  it('refuses a record that does not match the schema, naming it', () => {
    expect(() =>
      writeAvroFile(SCHEMA, [
        { id: 1, name: 'a' },
        { id: 'x', name: null },
      ]),
    ).toThrow('record 1')
  })
})
