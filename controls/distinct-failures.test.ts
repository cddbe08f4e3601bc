/**
 * A property that meets two defects of one operation reports both: against a server whose createNamespace crashes
 * on properties that are not an object and, unrelated, on a number as a property value (fault generated-two-crashes-500), the
 * generated-inputs property of createNamespace fails with two distinct failures, each shrunk to its own
 * mutation, each with its own replay path — and replaying the second path reproduces the second counterexample.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { FAULTS } from './faults/index.ts'
import { excludeArgs } from './plan.ts'
import { discard, runFault } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'

const RULE = 'robustness/generated/createNamespace'
const fault = FAULTS.find((f) => f.name === 'generated-two-crashes-500')!
const only = excludeArgs(fault.areas, ['suites/robustness/generated-inputs.test.ts'])
// Every pass checks the same generated inputs (same seed, same budget): the budget must draw both defects. With
// seed 7 both are drawn within 60 runs (the run's default 25 may show one).
const budget = ['--seed', '7', '--runs', '60', '--distinct-failures', '5']
const outcomes: RunOutcome[] = []

describe('distinct failures of a property', () => {
  afterAll(() => outcomes.forEach(discard))

  // Two CLI runs of one suite file; generous bound for loaded CI machines.
  test(
    'two defects of one operation: two shrunk counterexamples, each replayable',
    { timeout: 300_000 },
    async () => {
      const first = await runFault(fault, { extraArgs: [...only, ...budget] })
      outcomes.push(first)
      expect(first.exitCode, first.output).toBe(1)
      const t = first.results?.tests.find((x) => x.rule === RULE)
      expect(t?.outcome).toBe('fail')
      const all = [
        // The test's message lists every failure: the first's own is its first line.
        { counterexample: t?.counterexample, path: t?.path, message: t?.message?.split('\n')[0] },
        ...(t?.moreFailures ?? []),
      ]
      expect(all, t?.message).toHaveLength(2)
      // One of each kind, each shrunk to the single mutation that shows it.
      const notObject = all.find((f) => f.message?.includes('MismatchedInputException'))
      const number = all.find((f) => f.message?.includes('InvalidFormatException'))
      expect(notObject?.counterexample).toMatch(/^\[set properties = /)
      expect(number?.counterexample).toBe('[set properties.owner = 0]')
      expect(new Set(all.map((f) => f.path)).size).toBe(2)
      // Each failure's transcript is its own counterexample's.
      const second = t!.moreFailures![0]!
      expect(second.exchanges.length).toBeGreaterThan(0)
      // The 500 to a body that fails validation is the rule's own failure (400 is the document's answer), once.
      expect(second.violations.map((v) => v.rule)).toEqual([RULE])
      expect(second.violations[0]?.curl).toBe(second.exchanges.at(-1)?.curl)
      expect(first.output).toContain(`${RULE}: 2 distinct failures`)

      const replay = await runFault(fault, { extraArgs: [...only, ...budget, '--path', second.path] })
      outcomes.push(replay)
      const again = replay.results?.tests.find((x) => x.rule === RULE)
      expect(again?.outcome).toBe('fail')
      expect(again?.counterexample).toBe(second.counterexample)
      expect(again?.path).toBe(second.path)
      expect(again?.moreFailures).toBeUndefined()
    },
  )

  // The Java fixture answers many crashes with its container's body (no envelope): the same rule broken with the same
  // words. The server's own text keeps them apart (support/failure-signature.ts), so each is reported.
  test(
    'two crashes with the container body: two distinct failures, told apart by the server text',
    { timeout: 300_000 },
    async () => {
      const bare = FAULTS.find((f) => f.name === 'generated-two-bare-crashes-500')!
      const run = await runFault(bare, { extraArgs: [...only, '--seed', '42', '--distinct-failures', '5'] })
      outcomes.push(run)
      expect(run.exitCode, run.output).toBe(1)
      const t = run.results?.tests.find((x) => x.rule === RULE)
      expect(t?.outcome).toBe('fail')
      const all = [t?.counterexample, ...(t?.moreFailures ?? []).map((f) => f.counterexample)]
      // Both are examples every run tries first: an empty level and a NUL in the last level.
      expect(
        all.some((c) => c?.includes('an empty level added')),
        t?.message,
      ).toBe(true)
      expect(
        all.some((c) => c?.includes('last level = itself + NUL')),
        t?.message,
      ).toBe(true)
    },
  )
})
