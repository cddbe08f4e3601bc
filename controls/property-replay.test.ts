/**
 * A failure found by the property and model-based suites comes with a shrunk, replayable case: against a
 * server that ignores commit requirements, the model-based run fails, results.json records the seed, the
 * replay path and the shrunk command list, and running again with `--seed` and `--path` reproduces exactly
 * that counterexample. The same for a property that drives several cases a run (support/lanes.ts): its failure
 * shrinks to the case that failed, alone, and replays.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { discard, runControl } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'
import { faults as propertyFaults } from './faults/properties.ts'

const RULE = 'stateful/catalog/model-agrees'
const outcomes: RunOutcome[] = []

describe('property replay', () => {
  afterAll(() => outcomes.forEach(discard))

  // Two CLI runs of the stateful area; generous bound for loaded CI machines.
  test(
    'a model-based failure records seed, path and shrunk counterexample, and replays exactly',
    { timeout: 300_000 },
    async () => {
      const first = await runControl({
        label: 'property-replay',
        areas: ['stateful'],
        hooks: { flags: { ignoreRequirements: true } },
        // A seed whose runs send a commit with a failing requirement (11 of seeds 1-12 do, with nine lanes a run).
        runArgs: ['--seed', '8'],
      })
      outcomes.push(first)
      expect(first.exitCode, first.output).toBe(1)
      const failed = first.results?.tests.find((t) => t.rule === RULE)
      expect(failed?.outcome).toBe('fail')
      expect(failed?.seed).toBe(8)
      expect(failed?.path).toMatch(new RegExp(`^${RULE}@\\d+(:\\d+)*(#.*)?$`))
      expect(failed?.counterexample).toMatch(/commitTable\(.*requirement fails/)
      expect(failed?.message).toContain(`--seed 8 --path '${failed?.path}'`)
      // The printed replay targets the same server, not the bundled one.
      expect(failed?.replay).toMatch(
        /^catalog-conformance run --url http:\/\/127\.0\.0\.1:\d+\/? .*--seed 8 --path /,
      )
      expect(failed?.message).toContain(failed?.replay)

      const replay = await runControl({
        label: 'property-replay-again',
        areas: ['stateful'],
        hooks: { flags: { ignoreRequirements: true } },
        runArgs: ['--seed', '8', '--path', failed!.path!],
      })
      outcomes.push(replay)
      const again = replay.results?.tests.find((t) => t.rule === RULE)
      expect(again?.outcome).toBe('fail')
      expect(again?.counterexample).toBe(failed?.counterexample)
      expect(again?.path).toBe(failed?.path)
    },
  )

  test(
    'a laned property failure shrinks to the failing case alone and replays exactly',
    { timeout: 300_000 },
    async () => {
      const laned = 'properties/namespace-properties/map-model'
      const fault = propertyFaults.find((f) => f.name === 'update-properties-ignores-removals')!
      const run = (label: string, extra: string[]) =>
        runControl({ label, areas: ['properties'], hooks: fault.hooks(), runArgs: ['--seed', '7', ...extra] })
      const first = await run('laned-replay', [])
      outcomes.push(first)
      const failed = first.results?.tests.find((t) => t.rule === laned)
      expect(failed?.outcome, first.output).toBe('fail')
      expect(failed?.path).toMatch(new RegExp(`^${laned}@\\d+(:\\d+)*$`))
      // One case of the run's five, alone: the property's one argument is the run's tuple of cases (this property's
      // cases print as JSON).
      const [cases] = JSON.parse(failed!.counterexample!) as [unknown[]]
      expect(cases).toHaveLength(1)

      const replay = await run('laned-replay-again', ['--path', failed!.path!])
      outcomes.push(replay)
      const again = replay.results?.tests.find((t) => t.rule === laned)
      expect(again?.outcome).toBe('fail')
      expect(again?.counterexample).toBe(failed?.counterexample)
    },
  )
})
