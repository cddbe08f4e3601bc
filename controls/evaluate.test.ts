import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Results } from '../reports/results.ts'
import { allowed, brokenRules, evaluateFault, mutationScore, outcomesById } from './evaluate.ts'
import type { Fault } from './fault.ts'
import type { RunOutcome } from './run-fault.ts'

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Results
const clean = load('results-clean')
const faulty = load('results-faulty')
const run = (results?: Results, extra: Partial<RunOutcome> = {}): RunOutcome => ({
  label: 'f',
  exitCode: 1,
  timedOut: false,
  ...(results ? { results } : {}),
  reportDir: '/nowhere',
  durationMs: 1,
  output: 'the tail of the output',
  ...extra,
})
const fault = (breaks: string[], allowErrors?: string[]): Fault => ({
  name: 'f',
  description: 'a fault for tests',
  areas: ['namespaces'],
  breaks,
  hooks: () => ({}),
  ...(allowErrors ? { allowErrors } : {}),
})
const baseline = outcomesById(clean)

describe('brokenRules', () => {
  it('names the rules of the violations of a failed or warned test, never MAY ones', () => {
    const [drop, load1, , warn, , plain] = faulty.tests
    expect(brokenRules(drop!)).toEqual(['namespaces/drop/204'])
    expect(brokenRules(load1!)).toEqual(['http/json-content-type', 'schema/GetNamespaceResponse'])
    expect(brokenRules(warn!)).toEqual(['errors/type-names-failure'])
    // A plain assertion failed without a recorded violation: the test's own rule broke.
    expect(brokenRules(plain!)).toEqual(['namespaces/plain/assert'])
  })

  it('names nothing for tests that passed or errored', () => {
    expect(clean.tests.flatMap(brokenRules)).toEqual([])
    expect(brokenRules(faulty.tests[2]!)).toEqual([])
  })
})

describe('evaluateFault', () => {
  it('kills a fault whose rules all come out fail or warn', () => {
    const v = evaluateFault(
      fault(
        ['namespaces/drop/204', 'schema/GetNamespaceResponse', 'errors/type-names-failure'],
        ['namespaces/list/*'],
      ),
      run(faulty),
      baseline,
      faulty.errors,
    )
    expect(v).toMatchObject({ killed: true, survivors: [], unexpectedErrors: [] })
    expect(v.broken).toHaveLength(3)
  })

  it('explains a surviving rule: passed, failed on another rule, or never ran', () => {
    const v = evaluateFault(
      fault(['namespaces/load/ok', 'namespaces/create/may', 'namespaces/nothing/here']),
      run(faulty),
      baseline,
    )
    expect(v.killed).toBe(false)
    expect(v.survivors.map((s) => s.rule)).toEqual([
      'namespaces/load/ok',
      'namespaces/create/may',
      'namespaces/nothing/here',
    ])
    expect(v.survivors[0]?.why).toMatch(/failed on other rules: http\/json-content-type/)
    expect(v.survivors[1]?.why).toMatch(/type: warn/)
    expect(v.survivors[2]?.why).toMatch(/no test of this rule ran/)
  })

  it('reports tests that error only under the fault, and new run-level errors, unless allowed', () => {
    const v = evaluateFault(fault(['namespaces/drop/204']), run(faulty), baseline)
    expect(v.killed).toBe(true)
    expect(v.unexpectedErrors).toEqual([
      'namespaces/list/ok (suites/namespaces/a.test.ts::list): SetupError: setup step "create" did not succeed',
      'run: suites/namespaces/b.test.ts: Error: boom',
    ])
    const ok = evaluateFault(
      fault(['namespaces/drop/204'], ['namespaces/list/ok']),
      run(faulty),
      baseline,
      faulty.errors,
    )
    expect(ok.unexpectedErrors).toEqual([])
  })

  it('is a harness failure when the run wrote no results', () => {
    const v = evaluateFault(fault(['http/responds']), run(undefined, { timedOut: true }), baseline)
    expect(v.killed).toBe(false)
    expect(v.harness).toMatch(/did not finish in time/)
    expect(
      evaluateFault(fault(['http/responds']), run(undefined, { exitCode: 2 }), baseline).harness,
    ).toMatch(/no results\.json \(exit 2\)/)
  })
})

describe('allowed', () => {
  it('matches exact ids and area/* prefixes', () => {
    expect(allowed('namespaces/list/ok', ['namespaces/*'])).toBe(true)
    expect(allowed('namespaces/list/ok', ['namespaces/list/ok'])).toBe(true)
    expect(allowed('namespaces/list/ok', ['namespaces/list'])).toBe(false)
    expect(allowed('namespaces/list/ok')).toBe(false)
  })
})

describe('mutationScore', () => {
  it('is killed over total, as a percentage with one decimal', () => {
    const v = (killed: boolean) => ({ fault: 'f', killed, broken: [], survivors: [], unexpectedErrors: [] })
    expect(mutationScore([v(true), v(true), v(false)])).toEqual({ killed: 2, total: 3, percent: 66.7 })
    expect(mutationScore([])).toEqual({ killed: 0, total: 0, percent: 0 })
  })
})

describe('a defect counted zero times', () => {
  it('names the tests blocked by a rule that passed in the run, and nothing when the carrier failed', () => {
    const carrier = clean.tests[0]!
    const blocked = {
      ...carrier,
      id: 'blocked-one',
      rule: 'x/blocked',
      outcome: 'blocked' as const,
      blockedBy: carrier.rule,
      reason: `blocked by ${carrier.rule}: setup step "s" was answered 500`,
      violations: [],
    }
    const passed: Results = { ...clean, tests: [...clean.tests, blocked] }
    expect(evaluateFault(fault([]), run(passed), baseline).uncounted).toEqual([
      `${carrier.rule} passed, yet blocks blocked-one: blocked by ${carrier.rule}: setup step "s" was answered 500`,
    ])
    const failed: Results = {
      ...passed,
      tests: passed.tests.map((t) => (t.id === carrier.id ? { ...t, outcome: 'fail' as const } : t)),
    }
    expect(evaluateFault(fault([]), run(failed), baseline).uncounted).toEqual([])
  })
})
