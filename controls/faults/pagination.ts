/** Negative controls of the pagination area (suites/pagination). */
import type { Fault } from '../fault.ts'
import { onOperations, operationOf } from '../fault-kit.ts'
import { errorResponse } from './scenario-kit.ts'

const AREA = ['pagination']
const both = (rule: string): string[] => [`pagination/listTables/${rule}`, `pagination/listViews/${rule}`]

export const faults: Fault[] = [
  {
    name: 'page-size-ignored',
    description: 'pageSize is ignored: the first page holds every item and a null next-page-token.',
    areas: AREA,
    breaks: both('page-size-upper-bound'),
    hooks: () => ({ flags: { ignorePageSize: true } }),
  },
  {
    name: 'page-items-duplicated',
    description: 'Each next page starts again with the last item of the previous page.',
    areas: AREA,
    breaks: both('each-item-once'),
    hooks: () => ({ flags: { duplicatePageItems: true } }),
  },
  {
    name: 'page-items-dropped',
    description: 'One item is skipped between two pages.',
    areas: AREA,
    breaks: both('each-item-once'),
    hooks: () => ({ flags: { dropPageItems: true } }),
  },
  {
    name: 'page-token-endless',
    description: 'The last page still carries a non-null next-page-token.',
    areas: AREA,
    breaks: both('each-item-once'),
    hooks: () => ({ flags: { endlessPageToken: true } }),
  },
  {
    name: 'page-unasked',
    description: 'Without pageToken the server still pages, with a default page size of 2.',
    areas: AREA,
    breaks: both('no-token-lists-all'),
    hooks: () => ({
      onRequest: (req) => {
        const op = operationOf(req)
        if ((op !== 'listTables' && op !== 'listViews') || req.query.has('pageToken')) return req
        const query = new URLSearchParams(req.query)
        query.set('pageToken', '')
        query.set('pageSize', '2')
        return { ...req, query }
      },
    }),
  },
  {
    name: 'page-size-needs-token-500',
    description:
      'pageSize without pageToken crashes every listing (500 NumberFormatException "Cannot parse null string", with the error envelope), as the Java fixture before 1.10 does.',
    areas: AREA,
    breaks: ['pagination/listNamespaces/page-size-without-token', ...both('page-size-without-token')],
    hooks: () => ({
      onResponse: onOperations(
        ['listNamespaces', 'listTables', 'listViews'],
        () => errorResponse(500, 'NumberFormatException', 'Cannot parse null string'),
        (_res, req) => req.query.has('pageSize') && !req.query.has('pageToken'),
      ),
    }),
  },
  {
    name: 'page-token-invalid-empty-page',
    description: 'A page token the server never issued answers an empty last page instead of 400.',
    areas: AREA,
    breaks: both('invalid-token-400'),
    hooks: () => ({
      onResponse: onOperations(
        ['listTables', 'listViews'],
        () => ({
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identifiers: [], 'next-page-token': null }),
        }),
        (res, req) => res.status === 400 && req.query.has('pageToken'),
      ),
    }),
  },
]
