/**
 * The rules of suites/commits/invalid-updates.ts against the catalog's releases: an invalid variant of an update
 * action is judged only where its action's valid rule is.
 */
import { describe, expect, it } from 'vitest'
import { INVALID_UPDATE_CASES } from '../commits/invalid-updates.ts'
import type { TableMd } from './support/commit-steps.ts'
import { RELEASES } from '../../schemas/operations.ts'
import { ruleEntry } from '../../schemas/rules/catalog.ts'

/** Enough of a table's metadata for the invalid update cases to name their action. */
const EMPTY_METADATA = {
  'current-schema-id': 0,
  'default-spec-id': 0,
  schemas: [],
  'partition-specs': [],
} as unknown as TableMd

describe('the invalid variants of an update action', () => {
  it('are judged only from the release whose document has the action (remove-partition-specs: 1.7, remove-schemas: 1.9)', () => {
    // A release without the action does not know it: there its invalid variant is an unknown action,
    // commits/updates/unknown-action-400's to judge, not a second failure for the same answer.
    const releases = RELEASES as readonly string[]
    const rank = (since: string | undefined) => (since === undefined ? 0 : releases.indexOf(since))
    for (const c of INVALID_UPDATE_CASES) {
      const action = String((c.updates(EMPTY_METADATA, 0)[0] as { action: string }).action)
      const variant = ruleEntry(`commits/invalid-updates/${c.id}`)
      const valid = ruleEntry(`commits/updates/${action}`)
      expect(variant, c.id).toBeDefined()
      if (valid) expect(rank(variant!.since), `${c.id} (${action})`).toBeGreaterThanOrEqual(rank(valid.since))
    }
    expect(ruleEntry('commits/invalid-updates/remove-current-schema')?.since).toBe('1.9')
  })
})
