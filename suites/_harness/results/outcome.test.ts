import { describe, expect, it } from 'vitest'
import { ConformanceFailure, HarnessError, SetupError } from './errors.ts'
import { outcomeOf } from './outcome.ts'

/** What a worker sends the reporter: the error as plain data, its own properties kept. */
const serialized = (e: Error) =>
  JSON.parse(JSON.stringify({ ...e, name: e.name, message: e.message })) as unknown

describe('outcomeOf', () => {
  it('a ConformanceFailure is fail, read from its code after serialization', () => {
    expect(outcomeOf({ state: 'failed', thrown: serialized(new ConformanceFailure('x')) })).toBe('fail')
  })

  it('a setup or harness error, or anything without our failure code, is error', () => {
    expect(outcomeOf({ state: 'failed', thrown: serialized(new SetupError('x')) })).toBe('error')
    expect(outcomeOf({ state: 'failed', thrown: serialized(new HarnessError('x')) })).toBe('error')
    expect(outcomeOf({ state: 'failed', thrown: new TypeError('x') })).toBe('error')
    expect(outcomeOf({ state: 'failed', thrown: undefined })).toBe('error')
  })

  it('never trusts a class name: a look-alike name without the code is error', () => {
    expect(outcomeOf({ state: 'failed', thrown: { name: 'ConformanceFailure', message: 'x' } })).toBe('error')
  })

  it('reads warn, unsupported and disabled from what the test recorded', () => {
    expect(outcomeOf({ state: 'passed', meta: { outcome: 'warn' } })).toBe('warn')
    expect(outcomeOf({ state: 'passed' })).toBe('pass')
    expect(outcomeOf({ state: 'skipped', meta: { outcome: 'unsupported' } })).toBe('unsupported')
    expect(outcomeOf({ state: 'skipped', meta: { outcome: 'not-configured' } })).toBe('not-configured')
    expect(outcomeOf({ state: 'skipped', meta: { outcome: 'disabled' } })).toBe('disabled')
    expect(outcomeOf({ state: 'pending' })).toBe('disabled')
  })

  it('a test with a request not sent to a catalog that stopped answering judged nothing: error', () => {
    const meta = { stoppedAnswering: 'the catalog stopped answering: …' }
    expect(outcomeOf({ state: 'failed', thrown: serialized(new ConformanceFailure('x')), meta })).toBe(
      'error',
    )
    expect(outcomeOf({ state: 'passed', meta })).toBe('error')
    expect(outcomeOf({ state: 'skipped', meta: { ...meta, outcome: 'unsupported' } })).toBe('unsupported')
  })
})
