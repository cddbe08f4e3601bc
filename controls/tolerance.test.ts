/**
 * Servers that follow the spec differently, legally, must certify: the reference server behind each variation is
 * run through the suites it touches and must come out conformant (exit 0). A false verdict against a correct server
 * is as bad as a missed bug.
 */
import { afterAll, describe, expect, test } from 'vitest'
import type { ReferenceServerOptions } from '../reference-server/index.ts'
import { discard, runControl } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'

const outcomes: RunOutcome[] = []

const VARIANTS: readonly { name: string; server: Partial<ReferenceServerOptions>; areas: string[] }[] = [
  {
    // Nessie-style: the advertised prefix is already percent-encoded; clients join it verbatim.
    name: 'a prefix that needs percent-encoding, advertised encoded (main%7Cwarehouse)',
    server: { prefix: 'main|warehouse' },
    areas: ['namespaces', 'tables'],
  },
  { name: 'no prefix at all', server: { prefix: '' }, areas: ['namespaces', 'tables'] },
]

describe('legal variations certify as conformant', () => {
  afterAll(() => outcomes.forEach(discard))

  test.each(VARIANTS)('$name', { timeout: 300_000 }, async (v) => {
    const run = await runControl({ label: 'tolerance', areas: v.areas, server: v.server })
    outcomes.push(run)
    expect(run.results?.verdict, run.output.slice(-2000)).toBe('conformant')
    expect(run.exitCode).toBe(0)
  })
})
