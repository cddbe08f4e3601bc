import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { validate } from '../index.ts'
import { forValidation, int64, int64Of, parseJson, stringifyJson } from './json-int64.ts'

const A = 2n ** 62n + 125n

describe('lossless int64 JSON', () => {
  it('reads integers beyond 2^53 as exact bigints and writes them back as sent', () => {
    const text = `{"snapshot-id":${A},"next":${A + 1n},"s":"${A}","neg":-9223372036854775808,"x":1.5e300}`
    const v = parseJson(text) as Record<string, unknown>
    expect(v['snapshot-id']).toBe(A)
    expect(v.next).toBe(A + 1n)
    expect(v['snapshot-id']).not.toBe(v.next)
    expect(v.s).toBe(String(A))
    expect(v.neg).toBe(-(2n ** 63n))
    expect(stringifyJson(v)).toBe(text.replace('1.5e300', '1.5e+300'))
  })

  it('keeps safe integers numbers, one representation per value, so === and Set compare ids exactly', () => {
    const v = parseJson(
      '{"a":9007199254740991,"b":9007199254740992,"c":12,"d":1234567890123456.5}',
    ) as Record<string, unknown>
    expect(v.a).toBe(Number.MAX_SAFE_INTEGER)
    expect(v.b).toBe(2n ** 53n)
    expect(v.c).toBe(12)
    expect(v.d).toBe(1234567890123456.5)
    const edges = parseJson('[-9007199254740991,-9007199254740992,1700000000000123,"99999999999999999",7]')
    expect(edges).toEqual([-Number.MAX_SAFE_INTEGER, -(2n ** 53n), 1700000000000123, '99999999999999999', 7])
    expect(int64(5n)).toBe(5)
    expect(int64Of(String(A))).toBe(A)
    expect(new Set([int64Of('7'), 7, A, int64Of(String(A))]).size).toBe(2)
  })

  it('reads every other JSON value as JSON.parse does: duplicate keys keep the last, __proto__ stays a key', () => {
    for (const text of [
      '{"a":1,"a":2}',
      `{"a":${A},"a":${A}0}`.replace(`${A}0`, '3'),
      '{"__proto__":{"x":1},"b":[true,null,"\\u00e9"]}',
      '[1e400, -0, 0.1]',
    ]) {
      const expected = JSON.parse(text) as unknown
      expect(parseJson(text)).toEqual(expected)
    }
    expect(() => parseJson(`{"a":${A},}`)).toThrow(SyntaxError)
    expect(() => parseJson('{"a":1,}')).toThrow(SyntaxError)
  })

  it('writes what JSON.stringify writes when there is no bigint, indentation included', () => {
    const v = { a: [1, 'x', null, undefined], b: undefined, c: { d: 1.5 } }
    expect(stringifyJson(v)).toBe(JSON.stringify(v))
    expect(stringifyJson({ ...v, e: A }, 2)).toBe(
      JSON.stringify({ ...v, e: 0 }, null, 2).replace(/0\n}$/, `${A}\n}`),
    )
  })
})

describe('schema validation of exact ids', () => {
  const ref = (id: unknown) => ({ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': id })

  it('accepts a 63-bit bigint where the schema says integer, format int64', () => {
    expect(validate('AssertRefSnapshotId', ref(A)).valid).toBe(true)
    expect(validate('AssertRefSnapshotId', ref(2n ** 63n - 1n)).valid).toBe(true)
    expect(validate('AssertRefSnapshotId', ref(-(2n ** 63n))).valid).toBe(true)
  })

  it('still refuses a value beyond a long, and a bigint beyond a bound the schema sets', () => {
    expect(validate('AssertRefSnapshotId', ref(2n ** 63n)).valid).toBe(false)
    expect(validate('AssertRefSnapshotId', ref(-(2n ** 63n) - 1n)).valid).toBe(false)
    // TableMetadata's format-version has maximum 3 (no field of ours says format int32; a bound is judged alike).
    const md = parseJson(
      readFileSync(new URL('../../fixtures/schemas/TableMetadata/valid.json', import.meta.url), 'utf8'),
    )
    expect(validate('TableMetadata', md).valid).toBe(true)
    const r = validate('TableMetadata', { ...(md as object), 'format-version': A })
    expect(r.valid).toBe(false)
    expect(r.errors.map((e) => e.keyword)).toContain('maximum')
  })

  it('judges a copy: the value itself keeps its bigints', () => {
    const v = { a: [A], b: 1 }
    expect(forValidation(v)).toEqual({ a: [Number(A)], b: 1 })
    expect(v.a[0]).toBe(A)
    const plain = { a: 1 }
    expect(forValidation(plain)).toBe(plain)
  })
})
