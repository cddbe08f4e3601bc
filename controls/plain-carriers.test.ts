// The generated property's count-once probe (suites/robustness/plain-carriers.ts) on its own: what it sends, and when.
// The whole behaviour against faulty servers is in controls/counted-once.test.ts.
import { describe, expect, it } from 'vitest'
import type { Fixtures } from '../suites/_harness/dsl.ts'
import type { Exchange } from '../suites/_harness/http/exchange.ts'
import { LeftToPlainRules } from '../suites/robustness/plain-carriers.ts'

/** A context whose catalog answers every request with `status` and records what was sent. */
function fakeContext(status: number) {
  const sent: { op: string; args: Record<string, unknown> }[] = []
  const answer = (op: string) => async (args: Record<string, unknown>) => {
    sent.push({ op, args })
    return { status } as Exchange
  }
  const ctx = {
    catalog: { op: { createNamespace: answer('createNamespace'), createTable: answer('createTable') } },
    run: { runPrefix: 'ccrun_test' },
    sandbox: { names: { table: (hint: string) => `${hint}_1` } },
  } as unknown as Fixtures
  return { ctx, sent }
}

const args = { namespace: ['ccrun_test_ns'] }

describe('LeftToPlainRules', () => {
  it('sends the errors rule’s own body once per class, and leaves the class when it got a 5xx too', async () => {
    const { ctx, sent } = fakeContext(500)
    const left = new LeftToPlainRules(ctx, 'createNamespace', args)
    expect(await left.carries('not-json')).toBe(true)
    expect(await left.carries('not-json')).toBe(true)
    expect(await left.carries('invalid')).toBe(true)
    expect(sent.map((s) => s.args.rawBody)).toEqual([
      '{"namespace": ["ccrun_test_bad"',
      '{"namespace":"ccrun_test_x"}',
    ])
    expect(left.left().map((l) => l.rule)).toEqual([
      'errors/malformed-json-400',
      'errors/schema-violation-400',
    ])
  })

  it('keeps the class the property’s own when the plain body is answered otherwise', async () => {
    const { ctx, sent } = fakeContext(400)
    const left = new LeftToPlainRules(ctx, 'createTable', args)
    expect(await left.carries('invalid')).toBe(false)
    expect(await left.carries('invalid')).toBe(false)
    expect(sent).toEqual([
      { op: 'createTable', args: { namespace: ['ccrun_test_ns'], body: { name: 'noschema_1' } } },
    ])
    expect(left.left()).toEqual([])
  })

  it('sends nothing for a class no errors rule sends the operation', async () => {
    const { ctx, sent } = fakeContext(500)
    expect(await new LeftToPlainRules(ctx, 'createTable', args).carries('not-json')).toBe(false)
    expect(await new LeftToPlainRules(ctx, 'updateProperties', args).carries('invalid')).toBe(false)
    expect(sent).toEqual([])
  })
})
