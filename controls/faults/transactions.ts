/** Negative controls of the transactions area (suites/transactions). */
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { rewriteRequests } from './commits.ts'
import { errorResponse } from './scenario-kit.ts'

const AREA = ['transactions']
type Json = Record<string, unknown>

/** The server drops the harness's unknown requirement types (conformance-…) from each table change before it judges it. */
const unknownRequirementsSkipped = () => ({
  onRequest: rewriteRequests(['commitTransaction'], (b) => {
    for (const c of (b['table-changes'] ?? []) as Json[])
      if (Array.isArray(c.requirements))
        c.requirements = (c.requirements as Json[]).filter((r) => !String(r.type).startsWith('conformance-'))
  }),
})

export const faults: Fault[] = [
  {
    name: 'transaction-not-atomic',
    description:
      'commitTransaction stores each table as it goes: a later failure leaves earlier tables committed.',
    areas: AREA,
    breaks: ['transactions/commit/all-or-nothing', 'transactions/commit/missing-table-404'],
    hooks: () => ({ flags: { nonAtomicTransactions: true } }),
  },
  {
    name: 'transaction-unknown-update-ignored',
    description: 'An unknown update action in a multi-table commit is skipped instead of answered with 400.',
    areas: AREA,
    breaks: ['transactions/commit/unknown-update-400'],
    hooks: () => ({ flags: { ignoreUnknownUpdates: true } }),
  },
  {
    // Before 1.7 the rule that asks any 4xx judges it (from 1.7 the 400 rule above supersedes it).
    name: 'transaction-unknown-update-ignored-profile-1-6',
    description: 'The same, judged under the 1.6 profile, whose document names no 400 for it.',
    areas: AREA,
    breaks: ['transactions/commit/unknown-update-refused'],
    hooks: () => ({ flags: { ignoreUnknownUpdates: true } }),
    runArgs: ['--profile', '1.6'],
  },
  {
    name: 'transaction-first-table-only',
    description: 'commitTransaction answers 204 but applies only the first table change.',
    areas: AREA,
    breaks: ['transactions/commit/applies-all'],
    hooks: () => ({
      onRequest: rewriteRequests(['commitTransaction'], (b) => {
        if (Array.isArray(b['table-changes'])) b['table-changes'] = (b['table-changes'] as Json[]).slice(0, 1)
      }),
    }),
  },
  {
    name: 'transaction-200-body',
    description: 'A successful commitTransaction answers 200 with a body instead of 204.',
    areas: AREA,
    breaks: ['transactions/commit/applies-all'],
    hooks: () => ({
      onResponse: onOperations(
        ['commitTransaction'],
        () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }),
        (res) => res.status === 204,
      ),
    }),
  },
  {
    name: 'transaction-change-without-identifier-accepted',
    description:
      'A multi-table commit with a change that names no table is applied to the tables it does name.',
    areas: AREA,
    breaks: ['transactions/invalid/change-without-identifier'],
    hooks: () => ({
      onRequest: rewriteRequests(['commitTransaction'], (b) => {
        if (Array.isArray(b['table-changes']))
          b['table-changes'] = (b['table-changes'] as Json[]).filter((c) => c.identifier !== undefined)
      }),
    }),
  },
  {
    name: 'transaction-unknown-requirement-ignored',
    description:
      'An unknown requirement type in a multi-table commit is skipped instead of answered with 400.',
    areas: AREA,
    breaks: ['transactions/invalid/unknown-requirement-400'],
    hooks: unknownRequirementsSkipped,
  },
  {
    // Before 1.7 the rule that asks any 4xx judges it (from 1.7 the 400 rule above supersedes it).
    name: 'transaction-unknown-requirement-ignored-profile-1-6',
    description: 'The same, judged under the 1.6 profile, whose document names no 400 for it.',
    areas: AREA,
    breaks: ['transactions/invalid/unknown-requirement-refused'],
    hooks: unknownRequirementsSkipped,
    runArgs: ['--profile', '1.6'],
  },
  {
    name: 'transaction-assert-create-ignored',
    description: 'assert-create inside a multi-table commit is ignored: the existing table is changed.',
    areas: AREA,
    breaks: ['transactions/invalid/assert-create-existing'],
    hooks: () => ({
      onRequest: rewriteRequests(['commitTransaction'], (b) => {
        for (const c of (b['table-changes'] ?? []) as Json[])
          if (Array.isArray(c.requirements))
            c.requirements = (c.requirements as Json[]).filter((r) => r.type !== 'assert-create')
      }),
    }),
  },
  {
    name: 'transaction-empty-500',
    description: 'An empty list of table changes crashes the handler: 500.',
    areas: AREA,
    breaks: ['transactions/invalid/empty-changes-no-5xx'],
    hooks: () => ({
      onRequest: (req) =>
        req.method === 'POST' &&
        req.path.endsWith('/transactions/commit') &&
        /"table-changes"\s*:\s*\[\s*\]/.test(req.body)
          ? errorResponse(500, 'RuntimeException', 'index out of bounds')
          : req,
    }),
  },
]
