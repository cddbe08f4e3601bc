import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { ConformanceMeta } from '../results/meta.ts'
import type { RunContext } from '../run-context.ts'
import { Blocked, ConformanceFailure, SetupError, blockedBy } from '../results/errors.ts'
import { SHRINK_RUNS, budget, checkProperty, replayFor, shrinkBudget } from './property.ts'
import type { PropertyOptions } from './property.ts'
import { selectionOf } from '../run-selection.ts'
import { LANES, driveLanes, lanedProperty } from './lanes.ts'
import { inLaneOrder, laneOf, tagLane } from './lane-tags.ts'

const run = (over: Partial<RunContext> = {}): RunContext =>
  ({ seed: 42, runs: 25, distinctFailures: 5, thorough: false, ...over }) as RunContext
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

describe('shrinking', () => {
  test('stops after the shrink budget, on a counterexample that still fails', async () => {
    expect(shrinkBudget(run({ thorough: true }))).toBe(SHRINK_RUNS * 8)
    // A string that fails once it holds a "z": shrinking it one character at a time takes far more than the budget.
    const execs: string[] = []
    const m = meta()
    const failing = (s: string) => s.includes('z')
    await checkProperty({ run: run(), meta: m }, () =>
      fc.asyncProperty(
        fc.string({ minLength: 200, maxLength: 400, unit: fc.constantFrom('a', 'z') }),
        async (s) => {
          execs.push(s)
          if (failing(s)) throw new ConformanceFailure('has a z')
        },
      ),
    ).catch(() => undefined)
    const first = execs.findIndex(failing)
    expect(first).toBeGreaterThanOrEqual(0)
    expect(execs.length - first - 1).toBe(SHRINK_RUNS)
    const shrunk = JSON.parse(m.counterexample ?? '[]') as string[]
    expect(failing(shrunk[0] ?? '')).toBe(true)
    expect(execs).toContain(shrunk[0])
    // Its replay shows that counterexample, not a smaller one found by shrinking on.
    const replayed = meta()
    await checkProperty({ run: run({ path: m.path! }), meta: replayed }, () =>
      fc.asyncProperty(
        fc.string({ minLength: 200, maxLength: 400, unit: fc.constantFrom('a', 'z') }),
        async (s) => {
          if (failing(s)) throw new ConformanceFailure('has a z')
        },
      ),
    ).catch(() => undefined)
    expect(replayed.counterexample).toBe(m.counterexample)
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

describe('checkProperty collecting distinct failures', () => {
  // Two kinds on one "operation": a big `a` with a small `b`, and a big `a` with a bigger `b`. fast-check shrinks the
  // first element first, so the first pass ends at the first kind; only the second pass can reach [10,5], and
  // below [10,5] lies the first kind ([10,4]): a replay that let it count would shrink away from [10,5].
  const twoKinds = () =>
    fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), async (a, b) => {
      if (a >= 10 && b < 5) throw new ConformanceFailure(`a=${a} with b=${b} below 5`)
      if (a >= 10) throw new ConformanceFailure(`a=${a} with b=${b} from 5`)
    })
  const failing = async <Ts extends [unknown, ...unknown[]]>(
    m: ConformanceMeta,
    r: RunContext,
    make: () => fc.IAsyncPropertyWithHooks<Ts>,
    opts: PropertyOptions,
  ) =>
    checkProperty({ run: r, meta: m }, make, opts).then(
      () => undefined,
      (e: unknown) => e as Error,
    )

  test('the budget is per operation: one operation’s kinds cannot hide another’s', async () => {
    // Operation "a" fails in three kinds (below 5, from 5, from 50), operation "b" in one; with a budget of 2, a budget
    // per property would stop after a's two kinds and never show b's.
    const m = meta()
    const record = (op: string, kind: string) => {
      m.violations.push({ check: 'c', rule: 'r', level: 'MUST', message: kind, operationId: op })
      throw new ConformanceFailure(kind)
    }
    const err = await failing(
      m,
      run(),
      () =>
        fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), fc.boolean(), async (n, onB) => {
          if (n < 10) return
          if (onB) record('b', 'b fails')
          if (n < 50) record('a', n < 20 ? 'a small' : 'a middle')
          record('a', 'a large')
        }),
      { distinct: 2 },
    )
    expect(err?.name).toBe('ConformanceFailure')
    const all = [m, ...(m.moreFailures ?? [])].map((f) => (f.counterexample?.includes('true') ? 'b' : 'a'))
    expect(all.filter((o) => o === 'a')).toHaveLength(2)
    expect(all.filter((o) => o === 'b')).toHaveLength(1)
  })

  test('a laned run is judged lane by lane: a lane of a kind found already hides no new kind in a lane after it', async () => {
    // Lane 0 always fails "early"; the lanes after it fail "late" from 500. Judged as one failure, every run's kind
    // would be lane 0's (the first failing lane's, and the first violation in time: the later lanes answer first), and
    // "late" never found.
    const laned = (m: ConformanceMeta) => () =>
      lanedProperty(fc.integer({ min: 0, max: 1000 }), async (n, lane) => {
        await new Promise((r) => setTimeout(r, (LANES - lane) * 2))
        const kind = lane === 0 ? 'early' : n >= 500 ? 'late' : undefined
        if (!kind) return
        m.violations.push(
          tagLane({ check: 'c', rule: 'r', level: 'MUST', message: kind, operationId: 'a' }, lane),
        )
        throw new ConformanceFailure(kind)
      })
    const m = meta()
    const err = await failing(m, run(), laned(m), { runs: 5, distinct: 5 })
    expect(err?.message.split('\n')[0]).toBe('early')
    expect(m.moreFailures?.map((f) => f.violations.map((v) => v.message))).toEqual([['late']])
    // Same seed, same failures, whatever order the answers came in.
    const again = meta()
    await failing(again, run(), laned(again), { runs: 5, distinct: 5 })
    expect([again.path, again.moreFailures]).toEqual([m.path, m.moreFailures])
  })

  test('a laned run keeps its records in lane order, each lane in the order it made them', () => {
    const records = [{ id: 'x' }]
    return driveLanes([2, 0, 1], async (wait, lane) => {
      await new Promise((r) => setTimeout(r, wait * 3))
      records.push(tagLane({ id: `${lane}a` }, lane), tagLane({ id: `${lane}b` }, lane))
    }).then(() => {
      expect(inLaneOrder(records).map((r) => r.id)).toEqual(['x', '0a', '0b', '1a', '1b', '2a', '2b'])
      expect(laneOf(records[0]!)).toBeUndefined()
    })
  })

  test('examples are tried first, inside the budget', async () => {
    const seen: number[] = []
    await checkProperty(
      { run: run({ runs: 5 }), meta: meta() },
      () => fc.asyncProperty(fc.integer({ min: 0, max: 10 }), async (n) => void seen.push(n)),
      { examples: [[-7], [-8]] },
    )
    expect(seen.slice(0, 2)).toEqual([-7, -8])
    expect(seen).toHaveLength(5)
  })

  test('the replay line includes the areas of the carriers the run judges, so that the replay decides alike', async () => {
    const opts: PropertyOptions = { distinct: 1, carriers: ['errors/schema-violation-400'] }
    const full = meta()
    await failing(full, run(), twoKinds, opts)
    expect(full.replay).toContain('--include properties,errors --seed 42')
    const narrowed = meta()
    await failing(narrowed, run({ selection: selectionOf(['properties']) }), twoKinds, opts)
    expect(narrowed.replay).toContain('--include properties --seed 42')
  })

  test('the run caps it: --distinct-failures 1 reports the first failure only', async () => {
    const m = meta()
    const err = await failing(m, run({ distinctFailures: 1 }), twoKinds, { distinct: 5 })
    expect(err?.name).toBe('ConformanceFailure')
    expect(m.counterexample).toBe('[10,0]')
    expect(m.moreFailures ?? []).toEqual([])
  })

  test('a property with two kinds of failure reports both, each shrunk, with its own path and replay', async () => {
    const m = meta()
    const err = await failing(m, run(), twoKinds, { distinct: 5 })
    expect(err?.name).toBe('ConformanceFailure')
    expect(m.counterexample).toBe('[10,0]')
    expect(m.moreFailures?.map((f) => f.counterexample)).toEqual(['[10,5]'])
    const second = m.moreFailures![0]!
    expect(second.message).toBe('a=10 with b=5 from 5')
    expect(second.path).toMatch(/^properties\/x\/y@[\d:]+$/)
    expect(second.path).not.toBe(m.path)
    expect(second.replay).toContain(`--path '${second.path}'`)
    expect(second.signature).not.toContain('10')
    expect(m.violations).toEqual([])
    expect(err?.message).toContain('Distinct failure 2 of 2')
    expect(err?.message).toContain(second.replay)
    // Same seed, same list.
    const again = meta()
    await failing(again, run(), twoKinds, { distinct: 5 })
    expect(again.moreFailures).toEqual(m.moreFailures)
    expect(again.path).toBe(m.path)
  })

  test('replaying a later pass path reproduces its counterexample, and the first path the first', async () => {
    const m = meta()
    await failing(m, run(), twoKinds, { distinct: 5 })
    const second = meta()
    await failing(second, run({ path: m.moreFailures![0]!.path }), twoKinds, { distinct: 5 })
    expect(second.counterexample).toBe('[10,5]')
    expect(second.path).toBe(m.moreFailures![0]!.path)
    expect(second.moreFailures).toBeUndefined()
    const first = meta()
    await failing(first, run({ path: m.path! }), twoKinds, { distinct: 5 })
    expect(first.counterexample).toBe('[10,0]')
  })

  test('without the option, the first failure only (fast-check as before)', async () => {
    const m = meta()
    await failing(m, run(), twoKinds, {})
    expect(m.counterexample).toBe('[10,0]')
    expect(m.moreFailures).toBeUndefined()
  })

  test('one kind whose message names the value is one failure, not one per value', async () => {
    const m = meta()
    let executions = 0
    await failing(
      m,
      run(),
      () =>
        fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
          executions++
          if (n >= 10) throw new ConformanceFailure(`n=${n} too big`)
        }),
      { distinct: 5 },
    )
    expect(m.counterexample).toBe('[10]')
    expect(m.moreFailures).toBeUndefined()
    // Two passes: the one that found it and the one that found nothing new.
    expect(executions).toBeGreaterThan(25)
  })

  test('a later pass resumes at the input the pass before failed at: the inputs before it run once', async () => {
    // Same seed, same inputs: a later pass would draw them again, and each would pass (it passed, or failed with a
    // kind found by then). Without shrinking (fc.noShrink), the passes together run the budget's inputs, and each
    // failing input twice: where a pass failed and where the next resumed.
    const ran: number[] = []
    const m = meta()
    await failing(
      m,
      run({ runs: 40 }),
      () =>
        fc.asyncProperty(fc.noShrink(fc.integer({ min: 0, max: 1000 })), async (n) => {
          ran.push(n)
          if (n % 3 === 0) throw new ConformanceFailure('a multiple of three')
          if (n % 3 === 1) throw new ConformanceFailure('one above a multiple of three')
        }),
      { distinct: 5 },
    )
    expect(1 + (m.moreFailures?.length ?? 0)).toBe(2)
    const budgetInputs: number[] = []
    await fc.assert(
      fc.asyncProperty(
        fc.noShrink(fc.integer({ min: 0, max: 1000 })),
        async (n) => void budgetInputs.push(n),
      ),
      { seed: 42, numRuns: 40 },
    )
    const failedAt = [m.path, m.moreFailures?.[0]?.path].map((p) => Number(p?.split('@')[1]))
    expect(ran).toEqual([
      ...budgetInputs.slice(0, failedAt[0]! + 1),
      ...budgetInputs.slice(failedAt[0], failedAt[1]! + 1),
      ...budgetInputs.slice(failedAt[1]),
    ])
  })

  test('an input whose shrinking moved to another kind is run again, and its own kind found', async () => {
    // The Java fixture does this: a malformed updateProperties body shrinks to a malformed createNamespace body, whose
    // error names another request class. The next pass must run the failing input again to find the first class.
    const inputs: number[] = []
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => void inputs.push(n)),
      { seed: 42, numRuns: 25 },
    )
    const first = inputs.find((n) => n > 10)!
    const m = meta()
    await failing(
      m,
      run(),
      () =>
        fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
          if (n === first) throw new ConformanceFailure('the first failing input')
          if (n >= 10) throw new ConformanceFailure('at least ten')
        }),
      { distinct: 5 },
    )
    expect(m.counterexample).toBe('[10]')
    expect(m.moreFailures?.map((f) => f.counterexample)).toEqual([`[${first}]`])
  })

  test('a passing property runs one pass', async () => {
    const m = meta()
    let executions = 0
    await checkProperty(
      { run: run({ runs: 7 }), meta: m },
      () =>
        fc.asyncProperty(fc.nat(), async () => {
          executions++
        }),
      { distinct: 5 },
    )
    expect(executions).toBe(7)
    expect(m.moreFailures).toBeUndefined()
  })

  test('stops at the cap', async () => {
    const m = meta()
    await failing(
      m,
      run(),
      () =>
        fc.asyncProperty(fc.integer({ min: 0, max: 4 }), async (n) => {
          throw new ConformanceFailure(['zero', 'one', 'two', 'three', 'four'][n]!)
        }),
      { distinct: 3 },
    )
    expect(1 + (m.moreFailures?.length ?? 0)).toBe(3)
  })

  test('a fail when any distinct failure broke a MUST rule, though the first was a setup error', async () => {
    const m = meta()
    const err = await failing(
      m,
      run(),
      () =>
        fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), async (n) => {
          if (n < 500) throw new SetupError('setup step refused')
          m.violations.push({ check: 'semantics', rule: 'properties/x/y', level: 'MUST', message: 'broken' })
          throw new ConformanceFailure('broken')
        }),
      { distinct: 5 },
    )
    expect(m.counterexample).toBe('[0]')
    expect(m.moreFailures?.[0]?.counterexample).toBe('[500]')
    expect(err?.name).toBe('ConformanceFailure')
    expect((err as Error & { code?: string }).code).toBe('CC_CONFORMANCE_FAILURE')
    // The later failure's violation is the test's too (the violated-rules list reads meta.violations).
    expect(m.violations.map((v) => v.message)).toEqual(['broken'])
    expect(m.moreFailures?.[0]?.violations.map((v) => v.message)).toEqual(['broken'])
  })

  test('a blocked run keeps the rule that carries the refusal (the blocked view groups by it)', async () => {
    const m = meta()
    const err = await failing(
      m,
      run(),
      () =>
        fc.asyncProperty(fc.integer(), async () => {
          throw new Blocked(
            'blocked by config/endpoints/declared-served: not served',
            'config/endpoints/declared-served',
          )
        }),
      {},
    )
    expect(blockedBy(err)).toBe('config/endpoints/declared-served')
  })
})
