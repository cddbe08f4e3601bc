/** Negative controls of the transactions area (suites/transactions). */
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { rewriteRequests } from './commits.ts'

const AREA = ['transactions']
type Json = Record<string, unknown>

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
]
