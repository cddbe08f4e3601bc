/**
 * Avro container files written by avsc's own streaming encoder: for tests, so that the synchronous reader
 * and writer of avro.ts are checked against an independent implementation of the format.
 */
import avro from 'avsc'
import { avroType } from './avro.ts'

/**
 * An Avro container file of `records`, encoded by avsc's BlockEncoder. A schema given as JSON is written to
 * the header as it is (with Iceberg's `field-id` and logical types) and its longs are plain numbers; with
 * `bigLongs` the longs are BigInt, and the header holds avsc's rendering of the schema.
 */
export async function avroFile(
  schema: unknown,
  records: unknown[],
  opts: { codec?: string; codecs?: Record<string, unknown>; bigLongs?: boolean } = {},
): Promise<Buffer> {
  const writer = opts.bigLongs ? avroType(schema) : schema
  const codecs = opts.codecs ? { ...avro.streams.BlockEncoder.defaultCodecs(), ...opts.codecs } : undefined
  const encoder = new avro.streams.BlockEncoder(
    writer as avro.Schema,
    {
      codec: opts.codec ?? 'deflate',
      ...(codecs ? { codecs } : {}),
    } as never,
  )
  const chunks: Buffer[] = []
  encoder.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((resolve, reject) => {
    encoder.on('end', resolve)
    encoder.on('error', reject)
  })
  for (const r of records) encoder.write(r)
  encoder.end()
  await done
  return Buffer.concat(chunks)
}
