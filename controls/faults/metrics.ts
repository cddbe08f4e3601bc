/** Negative controls of suites/metrics/. */
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { empty, errorResponse, jsonOk, onRequests, requestJson } from './scenario-kit.ts'

const AREAS = ['metrics']

export const faults: Fault[] = [
  {
    name: 'metrics-200-with-body',
    description: 'reportMetrics answers 200 with a JSON body instead of 204.',
    areas: AREAS,
    // commit-204 is blocked by scan-204: a scan report gets the same 200 (counted-once.test.ts).
    breaks: ['metrics/report/scan-204'],
    hooks: () => ({
      onResponse: onOperations(
        ['reportMetrics'],
        () => jsonOk(200, { accepted: true }),
        (res) => res.status === 204,
      ),
    }),
  },
  {
    name: 'metrics-commit-report-200',
    description: 'reportMetrics answers a commit report with 200 (a scan report still gets 204).',
    areas: AREAS,
    breaks: ['metrics/report/commit-204'],
    hooks: () => ({
      onResponse: onOperations(
        ['reportMetrics'],
        () => empty(200),
        (res, req) => res.status === 204 && requestJson(req)?.['report-type'] === 'commit-report',
      ),
    }),
  },
  {
    name: 'metrics-missing-table-204',
    description: 'A report for a table that does not exist is accepted with 204.',
    areas: AREAS,
    breaks: ['metrics/report/missing-table-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['reportMetrics'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'metrics-malformed-500',
    description:
      'A report without report-type crashes the handler (500): the body is dispatched on a type it does not have.',
    areas: AREAS,
    breaks: ['metrics/report/malformed-400'],
    hooks: () => ({
      onRequest: onRequests(['reportMetrics'], (req) =>
        requestJson(req)?.['report-type'] === undefined
          ? errorResponse(
              500,
              'NullPointerException',
              'Cannot invoke "String.hashCode()" because "reportType" is null',
            )
          : req,
      ),
    }),
  },
]
