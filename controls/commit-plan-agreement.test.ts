// The judge's commit planner predicts what each commit does; the reference server's builder does it. They are
// written apart on purpose (a shared misreading would make them agree), so this test lives in controls/, the one
// layer allowed to read both.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  applyTableCommit,
  checkTableInvariants,
  createTableMetadata,
} from '../reference-server/metadata/index.ts'
import type { TableMetadata } from '../schemas/model/types.ts'
import { commitSequence } from '../suites/_harness/arbitraries/commit-sequence.ts'
import { planCommit } from '../suites/_harness/support/commit-plan.ts'
import { fixture } from '../suites/_harness/support/fixtures.ts'

const NOW = 1_750_000_000_000

function run(v3: boolean, seed: number): { commits: number; kinds: Set<string> } {
  const kinds = new Set<string>()
  let commits = 0
  fc.assert(
    fc.property(commitSequence({ maxCommits: 8 }), fc.boolean(), (intents, startV3) => {
      let uuid = 0
      const ctx = { nowMs: NOW, newUuid: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, '0')}` }
      const body: Record<string, unknown> = { ...fixture('commits/create-table.json'), name: 't' }
      if (v3 && startV3) body.properties = { 'format-version': '3' }
      let md: TableMetadata = createTableMetadata(body as never, 's3://w/ns/t', ctx)
      for (const intent of intents) {
        const plan = planCommit(intent, md, { v3, baseLocation: 's3://w/ns/t', now: NOW })
        if (plan.updates.length === 0) continue
        for (const u of plan.updates) kinds.add(String(u.action))
        const result = applyTableCommit(md, [], plan.updates, { ...ctx, previousMetadataLocation: 'x' })
        commits++
        expect(result.changed || !plan.changes).toBe(true)
        md = result.metadata
        expect(checkTableInvariants(md)).toEqual([])
        for (const e of plan.expectations) expect(e.actual(md), e.what).toEqual(e.expected)
      }
    }),
    { seed, numRuns: 150 },
  )
  return { commits, kinds }
}

describe('commit plans', () => {
  test('every planned commit is valid on the reference builder, keeps the invariants and meets its expectations', () => {
    const { commits, kinds } = run(true, 11)
    expect(commits).toBeGreaterThan(300)
    for (const action of [
      'add-schema',
      'set-current-schema',
      'add-spec',
      'set-default-spec',
      'add-sort-order',
      'set-default-sort-order',
      'add-snapshot',
      'set-snapshot-ref',
      'remove-snapshot-ref',
      'set-properties',
      'remove-properties',
      'set-location',
      'upgrade-format-version',
    ])
      expect(kinds.has(action), action).toBe(true)
  })

  test('without v3 support no upgrade is planned', () => {
    expect(run(false, 12).kinds.has('upgrade-format-version')).toBe(false)
  })
})
