import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { HarnessError } from '../suites/_harness/results/errors.ts'
import {
  applyExpectations,
  checkExpectations,
  checkExpectationsFit,
  expectationLines,
  parseExpectations,
  parseExpectationsHeader,
} from './expectations.ts'
import { fixturePath, loadFixture } from './fixtures.ts'
import type { TestResult } from './results.ts'
import { validateResults } from './results-schema.ts'

const realistic = () => loadFixture('results-realistic.json')

describe('expectations', () => {
  it('passes a run whose every failure is foreseen, listing the adjustments', () => {
    const r = realistic()
    const report = applyExpectations(r, fixturePath('expectations.yaml'))
    expect(report.unexpected).toEqual([])
    expect(report.stale).toEqual([])
    expect(report.exitCode).toBe(0)
    expect(report.adjustments.map((a) => a.outcome).sort()).toEqual([
      'error',
      'fail',
      'fail',
      'fail',
      'unsupported',
      'unsupported',
      'unsupported',
      'warn',
    ])
    expect(report.record.expected).toBe(8)
    // The verdict is not rewritten: the target is still nonconformant.
    expect(r.verdict).toBe('nonconformant')
    expect(validateResults({ ...r, expectations: report.record })).toEqual([])
  })

  it('fails on a new failure and prints a ready-to-paste entry', () => {
    const r = realistic()
    const entries = parseExpectations('namespaces/create/exists-409: { outcome: fail, reason: known }')
    const report = checkExpectations(r, entries)
    expect(report.exitCode).toBe(1)
    const fresh = report.unexpected.filter((u) => u.kind === 'new-failure')
    expect(fresh.map((u) => u.outcome).sort()).toEqual(['error', 'fail', 'fail'])
    const lines = expectationLines(report, r.tests).join('\n')
    const paste = lines.slice(
      lines.indexOf('add to the expectations file:') + 'add to the expectations file:'.length,
    )
    const pasted = parse(paste.split('\nexpectations:')[0]!) as Record<
      string,
      { outcome: string; reason: string }
    >
    const failing = r.tests.filter((t) => t.outcome === 'fail' && t.rule !== 'namespaces/create/exists-409')
    for (const t of failing) expect(pasted[t.id]?.outcome).toBe('fail')
    // Pasting the entries (with reasons) makes the run pass again.
    const merged = parseExpectations(
      'namespaces/create/exists-409: { outcome: fail, reason: known }\n' + paste.split('\nexpectations:')[0]!,
    )
    expect(checkExpectations(r, merged).exitCode).toBe(0)
  })

  it('fails when an expected failure passes, or another outcome than expected comes', () => {
    const r = realistic()
    const passing = r.tests.find((t) => t.outcome === 'pass')!
    const unsupported = r.tests.find((t) => t.outcome === 'unsupported')!
    const entries = parseExpectations(
      `"${passing.id}": { outcome: fail, reason: was broken }\n"${unsupported.rule}": { outcome: pass, reason: x }`,
    )
    const report = checkExpectations({ tests: [passing, unsupported], errors: [] }, entries)
    expect(report.unexpected).toEqual([
      { id: passing.id, outcome: 'pass', expected: 'fail', kind: 'fixed' },
      { id: unsupported.id, outcome: 'unsupported', expected: 'pass', kind: 'mismatch' },
    ])
    expect(report.exitCode).toBe(1)
    expect(expectationLines(report, r.tests).join('\n')).toContain(
      'expected fail but passed (remove the entry)',
    )
  })

  it('fails on an entry that matches no test', () => {
    const r = realistic()
    const report = checkExpectations(
      r,
      parseExpectations('views/drop/removes: { outcome: fail, reason: old }'),
    )
    expect(report.stale).toEqual(['views/drop/removes'])
    expect(report.exitCode).toBe(1)
  })

  it('refuses an unknown rule id, or a test id of an unknown rule, naming it with a did-you-mean', () => {
    expect(() => parseExpectations('views/drop/remove: { outcome: fail, reason: typo }', 'x.yaml')).toThrow(
      /x.yaml: "views\/drop\/remove": an unknown rule id \(did you mean "views\/drop\/removes"\?\)/,
    )
    const testId = 'suites/views/lifecycle.test.ts::dropView > drop [MUST] (views/drop/remvoes)'
    expect(() => parseExpectations(`"${testId}": { outcome: fail, reason: typo }`)).toThrow(
      /a test of an unknown rule \(did you mean ".*\(views\/drop\/removes\)"\?\)/,
    )
    expect(() => parseExpectations('no/such/rule: { outcome: fail, reason: typo }')).toThrow(
      /an unknown rule id;/,
    )
  })

  it('answers 2 when the only surprises are harness errors', () => {
    const t: TestResult = { ...realistic().tests.find((x) => x.outcome === 'error')! }
    expect(checkExpectations({ tests: [t], errors: [] }, new Map()).exitCode).toBe(2)
    expect(checkExpectations({ tests: [], errors: ['setup failed'] }, new Map()).exitCode).toBe(2)
    expect(checkExpectations({ tests: [], errors: [] }, new Map()).exitCode).toBe(0)
  })

  it('refuses malformed files with the entry named', () => {
    expect(() => parseExpectations('a: { outcome: broken, reason: x }')).toThrow(
      /"a": outcome must be one of/,
    )
    expect(() => parseExpectations('a: { outcome: fail }')).toThrow(/"a": a reason is required/)
    expect(() => parseExpectations('a: { outcome: fail, reason: x, why: y }')).toThrow(/unknown key\(s\) why/)
    expect(() => parseExpectations('- a\n- b')).toThrow(HarnessError)
    expect(() => applyExpectations(realistic(), '/nonexistent/expect.yaml')).toThrow(
      /cannot read expectations/,
    )
    expect(parseExpectations('').size).toBe(0)
  })

  it('is strict about unlisted warn and unsupported outcomes, and lists them ready to paste', () => {
    const r = realistic()
    const entries = parseExpectations('tables/load/snapshots-refs: { outcome: unsupported, reason: x }')
    const report = checkExpectations(r, entries)
    const unlisted = report.unexpected.filter((u) => u.kind === 'unlisted').map((u) => u.outcome)
    expect(unlisted.sort()).toEqual(['unsupported', 'unsupported', 'warn'])
    expect(report.exitCode).toBe(1)
    expect(expectationLines(report, r.tests).join('\n')).toContain('unlisted warn:')
  })

  it('accepts a list of outcomes only for an intermittent server bug', () => {
    const r = realistic()
    const id = 'namespaces/create/exists-409'
    const ok = parseExpectations(`${id}: { outcome: [fail, pass], reason: intermittent race in the server }`)
    expect(checkExpectations(r, ok).unexpected.some((u) => u.id.includes(id))).toBe(false)
    expect(() => parseExpectations(`${id}: { outcome: [fail, pass], reason: flaky }`)).toThrow(/intermittent/)
    expect(() => parseExpectations(`${id}: { outcome: [fail, nope], reason: intermittent }`)).toThrow(
      HarnessError,
    )
  })

  it('carries the profile and the target it was written for, and a run under another is refused in one line', () => {
    const text =
      'profile: "1.10"\ntarget: iceberg-rest-fixture@1.10.1\nviews/drop/removes: { outcome: fail, reason: r }'
    const header = parseExpectationsHeader(text, 'x.yaml')
    expect(header).toEqual({ profile: '1.10', target: 'iceberg-rest-fixture@1.10.1' })
    expect([...parseExpectations(text).keys()]).toEqual(['views/drop/removes'])
    expect(() =>
      checkExpectationsFit(header, { profile: '1.10', target: 'iceberg-rest-fixture' }, 'x.yaml'),
    ).not.toThrow()
    expect(() => checkExpectationsFit(header, { profile: '1.11' }, 'x.yaml')).toThrow(
      /^x.yaml is written for profile 1.10, and this run judges profile 1.11: run with --profile 1.10$/,
    )
    expect(() =>
      checkExpectationsFit(
        header,
        { profile: '1.10', target: 'iceberg-rest-fixture', targetVersion: '1.11.0' },
        'x.yaml',
      ),
    ).toThrow(/run with --target iceberg-rest-fixture@1.10.1/)
    expect(() => checkExpectationsFit(header, { profile: '1.10', target: 'rustberg' }, 'x.yaml')).toThrow(
      HarnessError,
    )
    expect(() => checkExpectationsFit({}, { profile: '1.11' }, 'x.yaml')).toThrow(
      /add a top-level line such as profile: "1.11"/,
    )
  })

  it('does not take a block by a rule that passed, whatever the file says: the refusal is judged by no test', () => {
    const r = realistic()
    const carrier = r.tests.find((t) => t.outcome === 'pass')!
    const blocked: TestResult = {
      ...carrier,
      id: 'suites/tables/drop.test.ts::purge registered (tables/drop/purge-registered-204)',
      rule: 'tables/drop/purge-registered-204',
      outcome: 'blocked',
      blockedBy: carrier.rule,
      reason: `blocked by ${carrier.rule}: setup step "s" was answered 500`,
      violations: [],
    }
    const run = { ...r, tests: [...r.tests.filter((t) => t.rule !== blocked.rule), blocked] }
    const file = `${readFileSync(fixturePath('expectations.yaml'), 'utf8')}\n${blocked.rule}: { outcome: blocked, reason: foreseen }\n`
    const report = checkExpectations(run, parseExpectations(file))
    expect(report.unexpected).toEqual([{ id: blocked.id, outcome: 'blocked', kind: 'uncounted' }])
    expect(report.stale).toEqual([])
    expect(report.exitCode).toBe(2)
    expect(expectationLines(report, run.tests)[0]).toContain('blocked by a rule that passed')
    expect(validateResults({ ...run, expectations: report.record })).toEqual([])
    const failed = run.tests.map((t) => (t.id === carrier.id ? { ...t, outcome: 'fail' as const } : t))
    const carried = checkExpectations({ ...run, tests: failed }, parseExpectations(file))
    expect(carried.unexpected.filter((u) => u.id === blocked.id)).toEqual([])
  })
})
