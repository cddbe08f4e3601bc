import { describe, expect, it } from 'vitest'
import { parseJson, stringifyJson } from './json-lossless.ts'

describe('lossless int64 JSON', () => {
  it('round-trips integers beyond 2^53 exactly, outside strings only', () => {
    const text =
      '{"snapshot-id":8744736658442914487,"s":"8744736658442914487","neg":-9223372036854775807,"x":1.5e300}'
    const v = parseJson(text) as Record<string, unknown>
    expect(v['snapshot-id']).toBe(Number('8744736658442914487'))
    expect(stringifyJson(v)).toBe(text.replace('1.5e300', '1.5e+300'))
  })

  it('remembers only integer tokens: a long decimal or exponent number prints as the double it is', () => {
    const v = parseJson('{"f":12345678901234567890.5,"e":12345678901234567890e0,"i":-12345678901234567890}')
    expect(stringifyJson(v)).toBe(
      '{"f":12345678901234567000,"e":12345678901234567000,"i":-12345678901234567890}',
    )
  })

  it('leaves safe integers and strings with escapes alone', () => {
    const v = parseJson('{"a":"q\\"8744736658442914488","b":[1,2,9007199254740991]}')
    expect(stringifyJson(v)).toBe('{"a":"q\\"8744736658442914488","b":[1,2,9007199254740991]}')
  })
})
