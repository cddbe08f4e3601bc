import { describe, expect, it } from 'vitest'
import { readAvroFile } from './avro-file.ts'
import { avroFile } from './avro-fixtures.ts'

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
})
