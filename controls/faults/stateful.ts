/**
 * Negative controls of the model-based runs (suites/stateful/): a catalog whose answers drift from the
 * model after some sequence of operations.
 */
import type { Fault } from '../fault.ts'
import { onOperations, withJson } from '../fault-kit.ts'

const S = ['stateful']

export const faults: Fault[] = [
  {
    name: 'model-commit-requirements-ignored',
    description:
      'commit requirements are not checked: a stale assert-table-uuid or assert-ref-snapshot-id commits.',
    areas: S,
    breaks: ['stateful/catalog/model-agrees'],
    hooks: () => ({ flags: { ignoreRequirements: true } }),
  },
  {
    name: 'model-list-tables-hides-last',
    description: 'listTables leaves out the last table of a namespace that holds two or more.',
    areas: S,
    breaks: ['stateful/catalog/model-agrees'],
    hooks: () => ({
      onResponse: onOperations(
        ['listTables'],
        (res) =>
          withJson(res, (b) => {
            const ids = (b.identifiers ?? []) as unknown[]
            return { ...b, identifiers: ids.length >= 2 ? ids.slice(0, -1) : ids }
          }),
        (res) => res.status === 200,
      ),
    }),
  },
]
