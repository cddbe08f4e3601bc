/**
 * A random mutating catalog operation over a small universe (two namespaces, two table names), for
 * properties that replay operations.
 * Indexes name objects of the universe, so an operation may find its target missing or already there: the
 * deterministic 4xx answers (404, 409) are as much part of the property as the successes.
 */
import fc from 'fast-check'
import { propertyMap } from './property-map.ts'

export type MutatingOperation =
  | {
      readonly op: 'createNamespace'
      readonly ns: number
      readonly properties: Readonly<Record<string, string>>
    }
  | { readonly op: 'dropNamespace'; readonly ns: number }
  | {
      readonly op: 'updateProperties'
      readonly ns: number
      readonly updates: Readonly<Record<string, string>>
      readonly removals: readonly string[]
    }
  | { readonly op: 'createTable'; readonly table: number }
  | { readonly op: 'dropTable'; readonly table: number }
  | {
      readonly op: 'updateTable'
      readonly table: number
      readonly updates: Readonly<Record<string, string>>
      /** Empty: the executor sets one fixed key, so that the commit is never a no-op. */
      /** Send assert-table-uuid with a uuid no table has: a commit that fails the same way every time. */
      readonly stale: boolean
    }
  | { readonly op: 'renameTable'; readonly table: number; readonly to: number }

const ns = fc.integer({ min: 0, max: 1 })
const table = fc.integer({ min: 0, max: 1 })
const props = propertyMap({ maxKeys: 2, keyPrefix: 'k.' })
const removals = fc.uniqueArray(fc.constantFrom('k.a', 'k.b', 'k.c'), { maxLength: 2 })

/** One mutating operation; `createNamespace` and `createTable` are weighted up so that the universe fills. */
export const mutatingOperation: fc.Arbitrary<MutatingOperation> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('createNamespace' as const), ns, properties: props }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dropNamespace' as const), ns }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('updateProperties' as const), ns, updates: props, removals }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('createTable' as const), table }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dropTable' as const), table }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('updateTable' as const),
      table,
      updates: props,
      stale: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('renameTable' as const), table, to: table }) },
)
