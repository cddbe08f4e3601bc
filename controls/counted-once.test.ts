/**
 * One defect, one failing rule: a server that skips every unknown update action and requirement type (fault
 * commit-unknown-kinds-ignored) fails the scenario rules that send the plain unknown kinds, and the robustness
 * property over generated names is blocked by them instead of failing a third time for the same defect. A server
 * that mishandles only some names (fault unknown-extension-kinds-ignored) still fails the property. Likewise for
 * bodies that are not JSON: a 422 to every one (lakana's answer) fails errors/malformed-json-400 alone, a 500 to every
 * one fails the generated rules and blocks the malformed-JSON property, and a 500 to texts the plain ones do not
 * cover fails the property. And a finalized 409 is asked to be replayed only of a server that replays the operation's
 * plain success (idempotency/<op>/replays-409, blocked by idempotency/<op>/replay otherwise), and the replay property
 * draws only the kinds whose plain replay the server honours.
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
const MALFORMED = 'robustness/malformed-json/4xx'
const MALFORMED_FILES = [
  'suites/errors/errors.test.ts',
  'suites/robustness/malformed-input.test.ts',
  'suites/robustness/generated-inputs.test.ts',
]
const MALFORMED_AREAS = ['errors', 'robustness']
const IDEMPOTENCY = ['idempotency']
const IDEMPOTENCY_FILES = ['suites/idempotency/replay.test.ts', 'suites/idempotency/replay-more.test.ts']
const outcomes: RunOutcome[] = []

async function outcomesUnder(
  name: string,
  areas = AREAS,
  files = FILES,
): Promise<Map<string, { outcome: string; reason?: string }>> {
  const fault: Fault = { ...FAULTS.find((f) => f.name === name)!, areas }
  const run = await runFault(fault, { extraArgs: excludeArgs(areas, files) })
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

  test(
    'every text that is not JSON answered 422: errors/malformed-json-400 fails, the property passes',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('malformed-json-422', MALFORMED_AREAS, MALFORMED_FILES)
      expect(byRule.get('errors/malformed-json-400')?.outcome).toBe('fail')
      expect(byRule.get(MALFORMED)?.outcome).toBe('pass')
    },
  )

  test(
    'every bad body answered 500: the generated rules fail, the property is blocked by them',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('bad-body-crashes-500', MALFORMED_AREAS, MALFORMED_FILES)
      expect(byRule.get('robustness/generated/createNamespace')?.outcome).toBe('fail')
      expect(byRule.get(MALFORMED)?.outcome).toBe('blocked')
      expect(byRule.get(MALFORMED)?.reason).toMatch(/^blocked by robustness\/generated\/createNamespace, /)
    },
  )

  test('texts other than the plain ones crash: the property fails', { timeout: 300_000 }, async () => {
    const byRule = await outcomesUnder('malformed-variants-crash-500', MALFORMED_AREAS, MALFORMED_FILES)
    expect(byRule.get('errors/malformed-json-400')?.outcome).toBe('pass')
    expect(byRule.get(MALFORMED)?.outcome).toBe('fail')
  })

  test(
    'a drop that ignores its key: the plain replay rule fails, the 409 replay is blocked by it',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('idempotency-namespace-ops-unkeyed', IDEMPOTENCY, IDEMPOTENCY_FILES)
      expect(byRule.get('idempotency/dropNamespace/replay')?.outcome).toBe('fail')
      expect(byRule.get('idempotency/dropNamespace/replays-409')?.outcome).toBe('blocked')
      expect(byRule.get('idempotency/dropNamespace/replays-409')?.reason).toMatch(
        /^blocked by idempotency\/dropNamespace\/replay: /,
      )
    },
  )

  test(
    'only successes stored: the plain replays pass, the 409 replays fail',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder('idempotency-4xx-not-stored', IDEMPOTENCY, IDEMPOTENCY_FILES)
      for (const op of ['createNamespace', 'dropNamespace']) {
        expect(byRule.get(`idempotency/${op}/replay`)?.outcome, op).toBe('pass')
        expect(byRule.get(`idempotency/${op}/replays-409`)?.outcome, op).toBe('fail')
      }
    },
  )

  test(
    'every key ignored: the plain replay rules fail, the replay property is blocked by them',
    { timeout: 300_000 },
    async () => {
      const byRule = await outcomesUnder(
        'idempotency-key-ignored',
        ['idempotency', 'properties'],
        ['suites/idempotency/replay.test.ts', 'suites/properties/idempotent-replay.test.ts'],
      )
      expect(byRule.get('idempotency/createNamespace/replay')?.outcome).toBe('fail')
      expect(byRule.get('properties/idempotency/replay-equivalent')?.outcome).toBe('blocked')
    },
  )
})
