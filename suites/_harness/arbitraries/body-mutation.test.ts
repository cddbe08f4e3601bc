import { describe, expect, test } from 'vitest'
import { OPERATIONS, type OperationId } from '../../../schemas/operations.ts'
import { CASES, NOT_MUTATED } from '../../robustness/generated-cases.ts'
import { bodyMutationExamples, bodyMutations } from './body-mutation.ts'

const BODY = {
  identifier: { namespace: ['run_ns'], name: 't' },
  'schema-id': 7,
  note: 'x',
}

describe('bodyMutations', () => {
  const all = bodyMutations(BODY, [['identifier']])
  const byLabel = (label: string) => all.find((m) => m.label === label)

  test('texts that are not JSON: no body and `{`', () => {
    const texts = all.filter((m) => m.class === 'not-json').map((m) => m.text?.(BODY))
    expect(texts).toEqual(['', '{'])
    expect(all.filter((m) => m.class === 'not-json').map((m) => m.label)).toEqual([
      'send no body',
      'send the text "{"',
    ])
  })

  test('a tail after each text that is not JSON, and a label that says what is sent', () => {
    const notJson = bodyMutations(BODY, [], 'ccrun_x').filter((m) => m.class === 'not-json')
    expect(notJson.map((m) => m.text?.(BODY))).toEqual([' ccrun_x', '{ ccrun_x'])
    expect(notJson.map((m) => m.label)).toEqual(['send the text " ccrun_x"', 'send the text "{ ccrun_x"'])
  })

  test('odd names in a kept identifier, with the run level kept', () => {
    expect(byLabel('set identifier.name = ""')?.apply(BODY)).toMatchObject({ identifier: { name: '' } })
    expect(
      byLabel('set identifier.namespace = ["run_ns",""] (an empty level added)')?.apply(BODY),
    ).toMatchObject({
      identifier: { namespace: ['run_ns', ''] },
    })
    const nul = byLabel('set identifier.namespace last level = itself + NUL')?.apply(BODY) as typeof BODY
    expect(nul.identifier.namespace).toEqual(['run_ns\u0000'])
    // Other kept fields stay untouched: no drop of the identifier.
    expect(byLabel('drop identifier')).toBeUndefined()
  })

  test('integers past 2^31 and past the 64-bit range (exactly), and whole-number floats on the wire', () => {
    const past = byLabel('set schema-id = 9223372036854775808')?.apply(BODY) as Record<string, unknown>
    expect(past['schema-id']).toBe(2n ** 63n)
    expect(byLabel('set schema-id = 2147483648')).toBeDefined()
    const float = byLabel('set schema-id = 7.0')!
    const applied = float.apply(BODY)
    expect((applied as Record<string, unknown>)['schema-id']).toBe(7)
    expect(float.text?.(applied)).toContain('"schema-id":7.0')
    expect(byLabel('set schema-id = -350.0')?.text?.(BODY)).toContain('"schema-id":-350.0')
  })

  test('NUL and control characters in every string', () => {
    expect(byLabel('set note = "\\u0000"')?.apply(BODY)).toMatchObject({ note: '\u0000' })
  })

  test('every run tries the first of each kind the side-by-side found', () => {
    const tags = bodyMutationExamples(BODY, [['identifier']]).map((m) => m.label)
    expect(tags).toEqual([
      'send no body',
      'send the text "{"',
      'set schema-id = 2147483648',
      'set schema-id = 9223372036854775808',
      'set schema-id = 7.0',
      'set identifier.namespace = ["run_ns",""] (an empty level added)',
      'set identifier.namespace last level = itself + NUL',
      'set identifier.name = ""',
    ])
  })
})

describe('the generated-inputs cases', () => {
  test('every operation with a request body is mutated or named with its reason', () => {
    const withBody = (Object.keys(OPERATIONS) as OperationId[]).filter(
      (op) => OPERATIONS[op].request !== null,
    )
    const mutated = new Set(CASES.map((c) => c.op))
    expect(withBody.filter((op) => !mutated.has(op) && NOT_MUTATED[op] === undefined)).toEqual([])
  })
})
