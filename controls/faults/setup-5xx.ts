/**
 * A server that fails valid requests with a 5xx. The rule of that operation fails in its own test (the document names
 * a success for a well-formed request); every other test whose setup needs the request is blocked by that rule,
 * never failed and never an "error" that would blame the harness.
 */
import type { Fault } from '../fault.ts'
import { onOperations, operationOf } from '../fault-kit.ts'
import { errorResponse } from './scenario-kit.ts'

export const faults: Fault[] = [
  {
    name: 'create-table-500',
    description: 'createTable answers 500 to valid requests (e.g. a broken database connection).',
    areas: ['tables', 'commits'],
    breaks: ['tables/create/returns-metadata'],
    hooks: () => ({
      onResponse: onOperations(['createTable'], () =>
        errorResponse(500, 'InternalServerError', 'could not open the metadata store'),
      ),
    }),
  },
  {
    name: 'drop-namespace-500',
    description: 'dropNamespace answers 500 to valid requests (a lock the catalog never releases).',
    areas: ['namespaces'],
    // Its 5xx during the run's final cleanup (errors/valid-request-no-5xx, a robustness finding) is proved by
    // app/cli/run-cleanup.test.ts: a control's run leaves out the final sweep.
    breaks: ['namespaces/drop/204-then-gone'],
    // Refused before the handler runs: the namespace stays, as it would behind a lock.
    hooks: () => ({
      onRequest: (req) =>
        operationOf(req) === 'dropNamespace'
          ? errorResponse(500, 'InternalServerError', 'lock wait timeout exceeded')
          : req,
    }),
  },
]
