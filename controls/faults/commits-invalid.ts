/**
 * Negative controls of suites/commits/invalid-updates.test.ts: a server that does not validate updates of a known
 * kind. One skips what it cannot apply and answers 200 (the commonest lenient bug), one crashes on them (500).
 */
import type { Fault } from '../fault.ts'
import { onOperations, withStatus } from '../fault-kit.ts'
import { INVALID_UPDATE_CASES, UNKNOWN_ID } from '../../suites/commits/invalid-updates.ts'
import { rewriteRequests } from './commits.ts'

const RULES = INVALID_UPDATE_CASES.map((c) => `commits/invalid-updates/${c.id}`)

type Json = Record<string, unknown>

/** What a lenient server drops instead of refusing: the invalid updates the suite sends. */
function cannotApply(u: Json): boolean {
  const ids = ['schema-id', 'spec-id', 'sort-order-id', 'snapshot-id'].map((k) => u[k])
  if (ids.includes(UNKNOWN_ID) || (u.action !== 'set-snapshot-ref' && ids.includes(-1))) return true
  if (u.action === 'remove-schemas' || u.action === 'remove-partition-specs') return true
  if (u.action === 'upgrade-format-version') return u['format-version'] === 1 || u['format-version'] === 99
  if (u.action === 'add-spec') {
    const names = ((u.spec as Json | undefined)?.fields as Json[] | undefined)?.map((f) => f.name) ?? []
    return new Set(names).size < names.length
  }
  return false
}

export const faults: Fault[] = [
  {
    name: 'commit-skips-invalid-updates',
    description:
      'updateTable silently skips updates it cannot apply (unknown ids, removing the current schema or default spec, format downgrades, duplicate snapshot ids or partition names) and answers 200.',
    areas: ['commits'],
    breaks: RULES.filter((r) => !r.endsWith('add-snapshot-duplicate-id')),
    hooks: () => ({
      onRequest: rewriteRequests(['updateTable'], (body) => ({
        ...body,
        updates: (Array.isArray(body.updates) ? (body.updates as Json[]) : []).filter((u) => !cannotApply(u)),
      })),
    }),
  },
  {
    name: 'commit-invalid-update-500',
    description: 'updateTable crashes on an update it cannot apply: 500 instead of a 4xx refusal.',
    areas: ['commits'],
    breaks: RULES,
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        (res) => withStatus(res, 500),
        (res) => res.status === 400,
      ),
    }),
  },
]
