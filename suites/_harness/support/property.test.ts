import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { ConformanceMeta } from '../results/meta.ts'
import type { RunContext } from '../run-context.ts'
import { ConformanceFailure } from '../results/errors.ts'
import { budget, checkProperty, replayFor } from './property.ts'

const run = (over: Partial<RunContext> = {}): RunContext =>
  ({ seed: 42, runs: 25, thorough: false, ...over }) as RunContext
const meta = (): ConformanceMeta => ({
  area: 'properties',
  operationId: 'x',
  rule: 'properties/x/y',
  level: 'MUST',
  title: 't',
  violations: [],
  exchanges: [],
})

describe('replayFor', () => {
  test('applies a rule-scoped path only to that rule', () => {
    const r = run({ path: 'properties/x/y@3:1#AB:C' })
    expect(replayFor(r, 'properties/x/y')).toEqual({ path: '3:1', commandsPath: 'AB:C' })
    expect(replayFor(r, 'properties/x/z')).toEqual({})
  })
  test('a bare path applies to every property', () => {
    expect(replayFor(run({ path: '0:2' }), 'a/b/c')).toEqual({ path: '0:2' })
    expect(replayFor(run(), 'a/b/c')).toEqual({})
  })
})

describe('budget', () => {
  test('uses run.runs, more when thorough, bounded by maxRuns', () => {
    expect(budget(run())).toBe(25)
    expect(budget(run({ thorough: true }))).toBe(200)
    expect(budget(run(), { maxRuns: 10 })).toBe(10)
  })
})

describe('checkProperty', () => {
  test('records seed, path and the shrunk counterexample and rethrows the failure kind', async () => {
    const m = meta()
    const err = await checkProperty({ run: run(), meta: m }, () =>
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
        if (n >= 10) throw new ConformanceFailure(`n=${n} too big`)
      }),
    ).catch((e: unknown) => e as Error)
    expect(err).toBeInstanceOf(Error)
    expect((err as Error).name).toBe('ConformanceFailure')
    expect(m.seed).toBe(42)
    expect(m.counterexample).toBe('[10]')
    expect(m.path).toMatch(/^properties\/x\/y@[\d:]+$/)
    // Replaying the recorded path reproduces the same counterexample at once.
    const m2 = meta()
    await checkProperty({ run: run({ path: m.path! }), meta: m2 }, () =>
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
        if (n >= 10) throw new ConformanceFailure(`n=${n} too big`)
      }),
    ).catch(() => undefined)
    expect(m2.counterexample).toBe('[10]')
  })

  test('a passing property leaves no violation and no path', async () => {
    const m = meta()
    await checkProperty({ run: run({ runs: 5 }), meta: m }, () => fc.asyncProperty(fc.nat(), async () => {}))
    expect(m.path).toBeUndefined()
    expect(m.violations).toEqual([])
  })
})
