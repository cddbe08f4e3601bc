/**
 * A server that answers a valid request with a success whose body is not what the operation returns: the tests that
 * read that body in a setup step fail on the rule the answer broke (a JSON body, the response schema), never an
 * "error" that would blame the harness (suites/_harness/checker.ts, `explain`).
 */
import type { Fault } from '../fault.ts'
import { onOperations } from '../fault-kit.ts'
import { empty } from './scenario-kit.ts'

export const faults: Fault[] = [
  {
    name: 'create-table-200-html',
    description:
      'createTable answers 200 with an HTML page (a proxy in front of the catalog serving its sign-in page).',
    areas: ['tables'],
    files: ['tables/create.test.ts', 'tables/load.test.ts'],
    breaks: ['http/json-content-type'],
    hooks: () => ({
      onResponse: onOperations(['createTable'], () => ({
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<!doctype html><html><body><form action="/login">Sign in</form></body></html>',
      })),
    }),
  },
  {
    name: 'create-table-200-empty',
    description:
      'createTable answers 200 with no body (the table is created, the LoadTableResult never sent).',
    areas: ['tables'],
    files: ['tables/create.test.ts', 'tables/load.test.ts'],
    breaks: ['schema/LoadTableResult'],
    hooks: () => ({ onResponse: onOperations(['createTable'], () => empty(200)) }),
  },
]
