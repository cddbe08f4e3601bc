import { describe, expect, test } from 'vitest'
import { ConformanceFailure, SetupError } from '../results/errors.ts'
import type { Violation } from '../results/violation.ts'
import { failureSignature, normaliseMessage } from './failure-signature.ts'

const fiveHundred = (detail: string, status = 500): Violation => ({
  check: 'server-error',
  rule: 'errors/no-5xx',
  level: 'MUST',
  message: `a server error (${status} ${detail}) where 400 was due`,
  status,
})

describe('normaliseMessage', () => {
  test('blanks numbers, positions, quoted text and generated names; keeps the words', () => {
    expect(
      normaliseMessage('Numeric value (2147483648) out of range of int (-2147483648 - 2147483647)'),
    ).toBe('Numeric value (#) out of range of int (# - #)')
    expect(normaliseMessage(`Unrecognized field "x1" (class a.B), at [line: 1, column: 57]`)).toBe(
      'Unrecognized field "…" (class a.B), at […]',
    )
    expect(normaliseMessage("Unexpected character ('x' (code 120))")).toBe(
      "Unexpected character ('…' (code #))",
    )
    expect(normaliseMessage('Namespace already exists: cc_7f3a_gen_12')).toBe('Namespace already exists: #')
  })
  test('an apostrophe is no quotation; a quotation the 200-character cut left open runs to the end', () => {
    expect(normaliseMessage("Namespace doesn't exist")).toBe("Namespace doesn't exist")
    expect(normaliseMessage('Unrecognized token "abcdef')).toBe('Unrecognized token "…"')
  })
  test('echoed values with unbalanced quotes or in brackets (the Java fixture 1.11.0) come out alike', () => {
    const input = (s: string) =>
      normaliseMessage(`status 500 (NumberFormatException: For input string: ${s}), expected 400`)
    expect(input('""')).toBe('status # (NumberFormatException: For input string: "…"), expected #')
    expect(input('"""')).toBe(input('""'))
    expect(input('"a"b"')).toBe(input('""'))
    const kinds = (s: string) =>
      normaliseMessage(`IllegalStateException: Found unsupported view representations: ${s}`)
    expect(kinds('[conformance-unknown-kind]')).toBe(
      'IllegalStateException: Found unsupported view representations: […]',
    )
    expect(kinds('[]')).toBe(kinds('[conformance-unknown-kind]'))
    expect(kinds('[a\u0007\u001b[31m]')).toBe(kinds('[ ]'))
    expect(normaliseMessage('Cannot invoke "a.B.levels()" because "namespace" is null')).toBe(
      'Cannot invoke "…" because "…" is null',
    )
  })
  test('only the first line', () => {
    expect(normaliseMessage('boom\n  Received: 500')).toBe('boom')
  })
})

describe('failureSignature', () => {
  test('two shrunk cases of one defect share a key; two defects of one operation do not', () => {
    const nulAt = (col: number) =>
      fiveHundred(
        `JsonParseException: Illegal character ((CTRL-CHAR, code 0)): only regular white space is allowed; line: 1, column: ${col}`,
      )
    const overflow = (n: number) =>
      fiveHundred(`JsonMappingException: Numeric value (${n}) out of range of int`)
    expect(failureSignature([nulAt(23)], undefined)).toBe(failureSignature([nulAt(61)], undefined))
    expect(failureSignature([overflow(2147483648)], undefined)).toBe(
      failureSignature([overflow(-2147483649)], undefined),
    )
    expect(failureSignature([nulAt(23)], undefined)).not.toBe(
      failureSignature([overflow(2147483648)], undefined),
    )
  })
  test('the rule and the status are part of the key', () => {
    const other: Violation = { ...fiveHundred('x'), rule: 'http/json-body' }
    expect(failureSignature([other], undefined)).not.toBe(failureSignature([fiveHundred('x')], undefined))
    expect(failureSignature([fiveHundred('x', 502)], undefined)).not.toBe(
      failureSignature([fiveHundred('x', 500)], undefined),
    )
  })
  test('the first MUST violation decides; SHOULD ones recorded before it do not', () => {
    const should: Violation = { check: 'semantics', rule: 'robustness/x', level: 'SHOULD', message: 'soft' }
    expect(failureSignature([should, fiveHundred('x')], undefined)).toBe(
      failureSignature([fiveHundred('x')], undefined),
    )
  })
  test('without a MUST violation: the thrown error, by name and normalised first line', () => {
    expect(failureSignature([], new SetupError('setup step "t1" did not succeed: status 409'))).toBe(
      'SetupError | setup step "…" did not succeed: status #',
    )
    expect(failureSignature([], new ConformanceFailure('x'))).not.toBe(
      failureSignature([], new SetupError('x')),
    )
  })
})
