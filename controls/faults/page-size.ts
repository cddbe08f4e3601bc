/** Negative controls of suites/pagination/page-size-bounds.test.ts: servers that mishandle an invalid pageSize. */
import type { ServerRequest } from '../../reference-server/index.ts'
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { errorResponse, jsonOk } from './scenario-kit.ts'

const pageSizeOf = (req: ServerRequest): string | null => req.query.get('pageSize')

/** A listTables whose pageSize `crashes` crashes (500, NumberFormatException, with the error envelope). */
const crashingOn =
  (crashes: (size: string) => boolean): Fault['hooks'] =>
  () => ({
    onResponse: onOperations(
      ['listTables'],
      () => errorResponse(500, 'NumberFormatException', 'For input string'),
      (_res, req) => {
        const size = pageSizeOf(req)
        return size !== null && crashes(size)
      },
    ),
  })

export const faults: Fault[] = [
  {
    // Counted once (controls/counted-once.test.ts): invalid-refused is blocked by invalid-terminates, which sends the
    // same requests and fails for the 500.
    name: 'page-size-not-positive-500',
    description: 'pageSize 0 or negative crashes the listing (500) instead of being refused.',
    areas: ['pagination'],
    breaks: ['pagination/page-size/invalid-terminates'],
    hooks: crashingOn((size) => /^-?[0-9]+$/.test(size) && Number(size) <= 0),
  },
  {
    // Counted once: invalid-refused's 500 to a word is robustness/generated-query/listTables', whose own pageSize=
    // (sent every run) gets it too.
    name: 'page-size-unparsed-500',
    description: 'A pageSize that is not a whole number (a word, or no value) crashes the listing (500).',
    areas: ['robustness'],
    files: ['robustness/generated-queries.test.ts'],
    breaks: ['robustness/generated-query/listTables'],
    hooks: crashingOn((size) => !/^-?[0-9]+$/.test(size)),
  },
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
