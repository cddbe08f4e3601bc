/**
 * Negative controls of the concurrency suites (suites/concurrency/): lost updates, double creates,
 * non-atomic transactions, commit responses that do not show the commit.
 */
import type { Fault } from '../fault.ts'
import { jsonOf, onOperations, operationOf, withJson } from '../fault-kit.ts'
import type { ServerRequest, ServerResponse } from '../../reference-server/index.ts'

const C = ['concurrency']

export const faults: Fault[] = [
  {
    name: 'concurrent-commits-lost-updates',
    description:
      'a commit reads, awaits, then writes without serialization: concurrent commits overwrite each other.',
    areas: C,
    breaks: [
      'concurrency/commits/none-lost',
      'concurrency/commits/linearizable',
      'concurrency/commits/branches-retryable',
    ],
    hooks: () => ({ flags: { lostUpdates: true } }),
  },
  {
    name: 'concurrent-commits-requirements-ignored',
    description: 'requirements are not checked, so every racing commit on the same base succeeds.',
    areas: C,
    breaks: ['concurrency/commits/one-winner'],
    hooks: () => ({ flags: { ignoreRequirements: true } }),
  },
  {
    name: 'concurrent-create-conflict-as-200',
    description:
      "a create that lost the race answers 200 with a well-formed result (the winner's table, or the namespace) instead of 409.",
    areas: C,
    breaks: ['concurrency/creates/one-table-wins', 'concurrency/creates/one-namespace-wins'],
    hooks: () => {
      // The first successful create of each name, so that a loser can be answered with a valid body.
      const winners = new Map<string, ServerResponse>()
      const key = (req: ServerRequest) => {
        const body = (jsonOf({ status: 200, headers: {}, body: req.body }) ?? {}) as {
          name?: unknown
          namespace?: unknown
        }
        return `${req.path} ${JSON.stringify(body.name ?? body.namespace)}`
      }
      return {
        onResponse: (req, res) => {
          const op = operationOf(req)
          if (op !== 'createTable' && op !== 'createNamespace') return res
          if (res.status === 200) winners.set(key(req), res)
          if (res.status !== 409) return res
          const winner = winners.get(key(req))
          if (winner) return winner
          const ns = (
            jsonOf({ status: 200, headers: {}, body: req.body }) as { namespace?: unknown } | undefined
          )?.namespace
          return op === 'createNamespace'
            ? {
                status: 200,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ namespace: ns, properties: {} }),
              }
            : res
        },
      }
    },
  },
  {
    name: 'concurrent-transactions-not-atomic',
    description:
      'a multi-table commit applies tables one by one and keeps the earlier ones when a later one fails.',
    areas: C,
    breaks: ['concurrency/transactions/all-or-nothing'],
    hooks: () => ({ flags: { nonAtomicTransactions: true } }),
  },
  {
    name: 'commit-response-shows-base',
    description: 'a successful commit answers with metadata that lacks the properties it just set.',
    areas: C,
    breaks: ['concurrency/commits/linearizable'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        (res, req) =>
          withJson(res, (b) => {
            const updates = ((jsonOf({ status: 200, headers: {}, body: req.body }) as { updates?: unknown[] })
              ?.updates ?? []) as { action?: string; updates?: Record<string, string> }[]
            const md = (b.metadata ?? {}) as { properties?: Record<string, string> }
            for (const u of updates)
              if (u.action === 'set-properties')
                for (const k of Object.keys(u.updates ?? {})) delete md.properties?.[k]
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
]
