/**
 * A server that fails valid requests with a 5xx: the tests whose setup needs such a request fail on the rule that
 * valid requests are answered without a server error — never an "error" that would blame the harness.
 */
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { errorResponse } from './scenario-kit.ts'

export const faults: Fault[] = [
  {
    name: 'create-table-500',
    description: 'createTable answers 500 to valid requests (e.g. a broken database connection).',
    areas: ['commits'],
    breaks: ['errors/valid-request-no-5xx'],
    hooks: () => ({
      onResponse: onOperations(['createTable'], () =>
        errorResponse(500, 'InternalServerError', 'could not open the metadata store'),
      ),
    }),
  },
]
