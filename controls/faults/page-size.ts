/** Negative controls of suites/pagination/page-size-bounds.test.ts: servers that mishandle an invalid pageSize. */
import type { ServerRequest } from '../../reference-server/index.ts'
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { errorResponse, jsonOk } from './scenario-kit.ts'

const pageSizeOf = (req: ServerRequest): string | null => req.query.get('pageSize')

export const faults: Fault[] = [
  {
    name: 'page-size-zero-endless',
    description:
      'pageSize 0 or negative is accepted and answered with an empty page whose next-page-token never advances.',
    areas: ['pagination'],
    breaks: ['pagination/page-size/invalid-refused', 'pagination/page-size/invalid-terminates'],
    hooks: () => ({
      onResponse: onOperations(
        ['listTables'],
        (res, req) =>
          Number(pageSizeOf(req)) <= 0 ? jsonOk(200, { identifiers: [], 'next-page-token': 'stuck' }) : res,
        (res) => res.status === 400,
      ),
    }),
  },
  {
    name: 'page-size-nan-500',
    description: 'a pageSize that is not a number crashes the listing (500, NumberFormatException).',
    areas: ['pagination'],
    breaks: ['pagination/page-size/invalid-refused'],
    hooks: () => ({
      onResponse: onOperations(
        ['listTables'],
        (res, req) =>
          Number.isNaN(Number(pageSizeOf(req)))
            ? errorResponse(500, 'NumberFormatException', 'For input string')
            : res,
        (res) => res.status === 400,
      ),
    }),
  },
]
