import { describe, expect, test } from 'vitest'
import { ConformanceFailure, SetupError } from '../results/errors.ts'
import type { Violation } from '../results/violation.ts'
import { failureSignature, generatedStrings, normaliseMessage } from './failure-signature.ts'
import { serverErrorText } from '../results/answer-text.ts'

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
      'IllegalStateException: Found unsupported view representations: #',
    )
    expect(kinds('[]')).toBe(kinds('[conformance-unknown-kind]'))
    expect(kinds('[a\u0007\u001b[31m]')).toBe(kinds('[ ]'))
    expect(normaliseMessage('Cannot invoke "a.B.levels()" because "namespace" is null')).toBe(
      'Cannot invoke "…" because "…" is null',
    )
  })
  test('an echoed value at the end reads the same whatever its JSON type', () => {
    const at = (v: string) => normaliseMessage(`Cannot parse to a boolean value: case-sensitive: ${v}`)
    expect(at('"true"')).toBe('Cannot parse to a boolean value: case-sensitive: #')
    expect(at('0')).toBe(at('"true"'))
    expect(at('null')).toBe(at('"true"'))
    // Not inside the text: a null there is a word of it.
    expect(normaliseMessage('Cannot invoke "a.B.levels()" because "namespace" is null')).toContain('is null')
  })
  test('echoes in HTML entities, before a reference chain or as objects come out alike (the Java fixture 1.11.0)', () => {
    // Jetty's error page escapes the exception's text.
    expect(normaliseMessage('Unexpected character (&apos;c&apos; (code 99))')).toBe(
      normaliseMessage('Unexpected character (&apos;x&apos; (code 120))'),
    )
    expect(normaliseMessage('Unexpected character (&apos;&apos;&apos; (code 39))')).toBe(
      normaliseMessage('Unexpected character (&apos;x&apos; (code 120))'),
    )
    const identifier = (v: string) =>
      normaliseMessage(
        `Cannot parse missing or non-object table identifier: ${v} (through reference chain: org.apache.iceberg.rest.requests.RenameTableRequest["source"])`,
      )
    expect(identifier('false')).toBe('Cannot parse missing or non-object table identifier: #')
    expect(identifier('true')).toBe(identifier('false'))
    expect(identifier('0')).toBe(identifier('false'))
    // Which wrong JSON type the generator drew (Jackson names it) is no other defect.
    const mismatch = (t: string) =>
      normaliseMessage(
        `Cannot deserialize value of type \`java.util.LinkedHashMap\` from ${t} value (token \`JsonToken.X\`)`,
      )
    expect(mismatch('Boolean')).toBe('Cannot deserialize value of type `…` from # value (token `…`)')
    expect(mismatch('Integer')).toBe(mismatch('Boolean'))
    expect(mismatch('Array')).toBe(mismatch('Boolean'))
    // The 200-character cut may leave the chain open.
    expect(normaliseMessage('Cannot parse x: 1 (through reference chain: org.apache.ice')).toBe(
      'Cannot parse x: #',
    )
    const type = (v: string) => normaliseMessage(`Cannot parse type from json: ${v}`)
    expect(type('{}')).toBe('Cannot parse type from json: #')
    expect(type('{&quot;type&quot;:&quot;&quot;,&quot;schema-id&quot;:0,&quot;fields&quot;:[]}')).toBe(
      type('{}'),
    )
    expect(type('{"a":{"b":{"c":1}}}')).toBe(type('{}'))
    expect(type('{"type":"struct","fields":[{"id":1,')).toBe(type('{}'))
  })
  test('what tells two defects apart stays: the words of the template, the field a message names bare', () => {
    expect(normaliseMessage('Cannot parse missing string: name')).not.toBe(
      normaliseMessage('Cannot parse missing string: metadata-location'),
    )
    expect(normaliseMessage('Cannot deserialize value of type `x` from Array value')).not.toBe(
      normaliseMessage('Cannot deserialize instance of `x` out of START_ARRAY token'),
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
  test('a server error adds what its body names: two crashes without the envelope are two kinds', () => {
    // Jetty's own error body, as the Java fixture 1.11.0 writes it: the exception's text unescaped (not JSON).
    const jetty = (text: string): { status: number; body: string } => ({
      status: 500,
      body: `{\n"message":"${text}\n at [Source: REDACTED; line: 1]",\n"url":"http://h/v1/x",\n"status":"500"\n}`,
    })
    const envelope: Violation = {
      check: 'error-envelope',
      rule: 'errors/envelope',
      level: 'MUST',
      message: 'error response is not wrapped as { "error": { … } } (IcebergErrorResponse)',
      status: 500,
    }
    const emptyName = jetty('java.lang.IllegalArgumentException: Invalid table name: null or empty')
    const nul = jetty(
      'java.lang.IllegalArgumentException: Cannot create a namespace with the null-byte character',
    )
    expect(failureSignature([envelope], undefined, emptyName)).not.toBe(
      failureSignature([envelope], undefined, nul),
    )
    // Two cases of one crash still share a key: the column and the echoed value are blanked.
    expect(failureSignature([envelope], undefined, jetty("Unrecognized token 'ab': at column 3"))).toBe(
      failureSignature([envelope], undefined, jetty("Unrecognized token 'xyz': at column 61")),
    )
    // Without an answer the key is the violation's alone, as before.
    expect(failureSignature([envelope], undefined)).toBe(
      [envelope.rule, 500, normaliseMessage(envelope.message)].join(' | '),
    )
  })
  test('a generated string the server echoes as a bare word is blanked: one defect, one key', () => {
    const jetty = (text: string) => ({
      status: 500,
      body: JSON.stringify({ message: text, url: 'u', status: '500' }),
    })
    const unknown = (name: string) =>
      jetty(`java.lang.UnsupportedOperationException: Cannot convert metadata update action to json: ${name}`)
    const status: Violation = {
      check: 'status',
      rule: 'r',
      level: 'MUST',
      message: 'status 500, expected 400',
      status: 500,
    }
    const key = (name: string, generated: string[]) =>
      failureSignature([status], undefined, unknown(name), generatedStrings(generated))
    expect(key('x-aaa', ['x-aaa'])).toBe(key('x-aab', ['x-aab']))
    // The negative control: without the property's arguments the two are two keys.
    expect(failureSignature([status], undefined, unknown('x-aaa'))).not.toBe(
      failureSignature([status], undefined, unknown('x-aab')),
    )
    // Only where it stands alone: inside a longer name, or one character long, it stays.
    const t = (generated: unknown) =>
      failureSignature(
        [status],
        undefined,
        jetty('Unknown type: x-aaa-long, a thing'),
        generatedStrings(generated),
      )
    expect(t(['x-aaa'])).toBe(t([]))
    expect(t(['a'])).toBe(t([]))
    expect(t([['x-aaa-long']])).not.toBe(t([]))
    // Strings inside an object (a body mutation's field names) are not the property's arguments.
    expect(t([{ field: 'thing' }])).toBe(t([]))
    expect(t(['thing'])).not.toBe(t([]))
  })
  test('serverErrorText: the envelope, a bare message, an HTML title, a text; nothing below 500', () => {
    const envelope = JSON.stringify({ error: { type: 'NoSuchTableException', message: 'no t', code: 500 } })
    expect(serverErrorText({ status: 500, body: envelope })).toBe('NoSuchTableException: no t')
    expect(serverErrorText({ status: 500, body: '{"message":"boom","url":"u","status":"500"}' })).toBe('boom')
    expect(
      serverErrorText({ status: 500, body: '<html><title>Error 500 java.lang.X: y</title></html>' }),
    ).toBe('Error 500 java.lang.X: y')
    expect(
      serverErrorText({
        status: 500,
        body: 'upstream gone\nmore',
        headers: { 'content-type': 'text/plain' },
      }),
    ).toBe('upstream gone\nmore')
    expect(serverErrorText({ status: 400, body: envelope })).toBe('')
    expect(serverErrorText({ status: 500, body: '[1]' })).toBe('')
    expect(serverErrorText(undefined)).toBe('')
  })
})
