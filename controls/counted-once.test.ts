/**
 * One defect, one failing rule: a server that skips every unknown update action and requirement type (fault
 * commit-unknown-kinds-ignored) fails the scenario rules that send the plain unknown kinds, and the robustness
 * property over generated names is blocked by them instead of failing a third time for the same defect. A server
 * that mishandles only some names (fault unknown-extension-kinds-ignored) still fails the property.
 */
import { afterAll, describe, expect, test } from 'vitest'
import type { Fault } from './fault.ts'
import { FAULTS } from './faults/index.ts'
import { excludeArgs } from './plan.ts'
import { discard, runFault } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'

const PROPERTY = 'robustness/unknown-update/400'
const SCENARIOS = ['commits/updates/unknown-action-400', 'commits/requirements/unknown-type-400']
const FILES = [
  'suites/commits/updates.test.ts',
  'suites/commits/requirements.test.ts',
  'suites/robustness/edge-input.test.ts',
]
const AREAS = ['commits', 'robustness']
const fault = (name: string): Fault => ({ ...FAULTS.find((f) => f.name === name)!, areas: AREAS })
const outcomes: RunOutcome[] = []

async function outcomesUnder(name: string): Promise<Map<string, { outcome: string; reason?: string }>> {
  const run = await runFault(fault(name), { extraArgs: excludeArgs(AREAS, FILES) })
  outcomes.push(run)
  expect(run.results, run.output).toBeDefined()
  return new Map(run.results!.tests.map((t) => [t.rule, { outcome: t.outcome, reason: t.reason }]))
}

describe('a defect is counted once', () => {
  afterAll(() => outcomes.forEach(discard))

  test(
    'every unknown kind skipped: the scenario rules fail, the property is blocked by them',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('commit-unknown-kinds-ignored')
      for (const rule of SCENARIOS) expect(byRule.get(rule)?.outcome, rule).toBe('fail')
      const property = byRule.get(PROPERTY)
      expect(property?.outcome).toBe('blocked')
      expect(property?.reason).toMatch(
        /^blocked by commits\/updates\/unknown-action-400 and commits\/requirements\/unknown-type-400: /,
      )
    },
  )

  test(
    'only extension-like names skipped: the scenario rules pass, the property fails',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('unknown-extension-kinds-ignored')
      for (const rule of SCENARIOS) expect(byRule.get(rule)?.outcome, rule).toBe('pass')
      expect(byRule.get(PROPERTY)?.outcome).toBe('fail')
    },
  )
})
