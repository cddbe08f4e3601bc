/**
 * Negative controls of the second batch of scenario rules: idempotency replay of the remaining mutating
 * operations (suites/idempotency/replay-more.test.ts), listNamespaces pagination
 * (suites/pagination/list-namespaces.test.ts), If-None-Match `*` and lists (suites/etag/if-none-match.test.ts)
 * and view invariants across commits (suites/views/invariants.test.ts).
 */
import { randomUUID } from 'node:crypto'
import type { OperationId } from '../../schemas/operations.ts'
import type { FaultHooks, ServerRequest } from '../../reference-server/index.ts'
import type { Fault } from '../fault.ts'
import { onOperations, operationOf, withJson } from '../fault-kit.ts'
import { empty, errorResponse, jsonOk, onRequests, withQuery } from './scenario-kit.ts'
import { rewriteRequests } from './commits.ts'

type Json = Record<string, unknown>
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : [])
const DOCUMENT = ['--profile', 'document']
const ALLOW_DROP = 'replace.drop-dialect.allowed'

/** The request without its Idempotency-Key: the server runs every replay again. */
function unkeyed(ops: readonly OperationId[]): NonNullable<FaultHooks['onRequest']> {
  return onRequests(ops, (req) => {
    const headers = { ...req.headers }
    delete headers['idempotency-key']
    return { ...req, headers }
  })
}

/** Does the loadTable request carry an If-None-Match header for which `test` holds? */
function loadWithInm(req: ServerRequest, test: (v: string) => boolean): boolean {
  const v = req.headers['if-none-match']
  return v !== undefined && operationOf(req) === 'loadTable' && test(v.trim())
}

/**
 * Only 2xx responses are stored under their key: a later request with the key of a 4xx runs again. The
 * hooks remember the keys answered with a 4xx and strip them from later requests.
 */
function only2xxStored(): FaultHooks {
  const failed = new Set<string>()
  return {
    onRequest: (req) => {
      const k = req.headers['idempotency-key']?.toLowerCase()
      if (k === undefined || !failed.has(k)) return req
      const headers = { ...req.headers }
      delete headers['idempotency-key']
      return { ...req, headers }
    },
    onResponse: (req, res) => {
      const k = req.headers['idempotency-key']?.toLowerCase()
      if (k !== undefined && res.status >= 400 && res.status < 500) failed.add(k)
      return res
    },
  }
}

const idempotency: Fault[] = [
  {
    name: 'idempotency-namespace-ops-unkeyed',
    description: 'Idempotency-Key is honoured on creates only: updateProperties and dropNamespace run again.',
    areas: ['idempotency'],
    // dropNamespace/replays-409 is blocked by dropNamespace/replay: one defect, one failing rule.
    breaks: ['idempotency/updateProperties/replay', 'idempotency/dropNamespace/replay'],
    hooks: () => ({ onRequest: unkeyed(['updateProperties', 'dropNamespace']) }),
  },
  {
    name: 'idempotency-table-moves-unkeyed',
    description:
      'Idempotency-Key is ignored on renameTable and registerTable: a replay runs again (404, 409).',
    areas: ['idempotency'],
    breaks: ['idempotency/renameTable/replay', 'idempotency/registerTable/replay'],
    hooks: () => ({ onRequest: unkeyed(['renameTable', 'registerTable']) }),
  },
  {
    name: 'idempotency-view-ops-unkeyed',
    description:
      'Idempotency-Key is ignored on every view route: replays of replace, drop, rename, register run again.',
    areas: ['idempotency'],
    breaks: [
      'idempotency/replaceView/replay',
      'idempotency/dropView/replay',
      'idempotency/renameView/replay',
      'idempotency/registerView/replay',
    ],
    hooks: () => ({ onRequest: unkeyed(['replaceView', 'dropView', 'renameView', 'registerView']) }),
  },
  {
    name: 'idempotency-drop-by-state',
    description:
      'Drops are "idempotent by state": a keyed drop runs again and a 404 is answered 204, so a replay drops what was created since.',
    areas: ['idempotency'],
    breaks: ['idempotency/dropNamespace/replay', 'idempotency/dropView/replay'],
    hooks: () => ({
      onRequest: unkeyed(['dropNamespace', 'dropView']),
      onResponse: onOperations(
        ['dropNamespace', 'dropView'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'idempotency-4xx-not-stored',
    description:
      'Only 2xx responses are stored under their Idempotency-Key: a 409 is not replayed, the retry runs again.',
    areas: ['idempotency'],
    breaks: ['idempotency/dropNamespace/replays-409', 'idempotency/createNamespace/replays-409'],
    hooks: only2xxStored,
  },
]

const PAGINATION = ['pagination']
const nsPages = (rule: string): string[] => [`pagination/listNamespaces/${rule}`]

const pagination: Fault[] = [
  {
    name: 'namespace-page-size-ignored',
    description: 'pageSize is ignored on listNamespaces: the first page holds every child.',
    areas: PAGINATION,
    breaks: nsPages('page-size-upper-bound'),
    hooks: () => ({ flags: { ignorePageSize: true } }),
  },
  {
    name: 'namespace-page-items-duplicated',
    description: 'Each next page of namespaces starts again with the last namespace of the previous page.',
    areas: PAGINATION,
    breaks: nsPages('each-item-once'),
    hooks: () => ({ flags: { duplicatePageItems: true } }),
  },
  {
    name: 'namespace-page-token-endless',
    description: 'The last page of namespaces still carries a non-null next-page-token.',
    areas: PAGINATION,
    breaks: nsPages('each-item-once'),
    hooks: () => ({ flags: { endlessPageToken: true } }),
  },
  {
    name: 'namespace-page-unasked',
    description: 'listNamespaces under a parent pages without pageToken, with a default page size of 2.',
    areas: PAGINATION,
    breaks: nsPages('no-token-lists-all'),
    hooks: () => ({
      onRequest: onRequests(['listNamespaces'], (req) =>
        req.query.has('parent') && !req.query.has('pageToken')
          ? withQuery(req, (q) => {
              q.set('pageToken', '')
              q.set('pageSize', '2')
            })
          : req,
      ),
    }),
  },
  {
    name: 'namespace-page-token-invalid-empty-page',
    description: 'A namespace page token the server never issued answers an empty last page instead of 400.',
    areas: PAGINATION,
    breaks: nsPages('invalid-token-400'),
    hooks: () => ({
      onResponse: onOperations(
        ['listNamespaces'],
        () => jsonOk(200, { namespaces: [], 'next-page-token': null }),
        (res, req) => res.status === 400 && req.query.has('pageToken'),
      ),
    }),
  },
]

const etag: Fault[] = [
  {
    name: 'etag-star-ignored-document',
    description: 'If-None-Match: * is not evaluated: an existing table answers 200 instead of 304.',
    areas: ['etag'],
    runArgs: DOCUMENT,
    breaks: ['etag/if-none-match/star-304'],
    hooks: () => ({
      onRequest: (req) => {
        if (!loadWithInm(req, (v) => v === '*')) return req
        const headers = { ...req.headers }
        delete headers['if-none-match']
        return { ...req, headers }
      },
    }),
  },
  {
    name: 'etag-list-compared-literally-document',
    description:
      'If-None-Match is compared as one string, so a list that holds the current ETag never matches.',
    areas: ['etag'],
    runArgs: DOCUMENT,
    breaks: ['etag/if-none-match/list-304'],
    hooks: () => ({
      onRequest: (req) =>
        loadWithInm(req, (v) => v.includes(','))
          ? {
              ...req,
              headers: {
                ...req.headers,
                'if-none-match': String(req.headers['if-none-match']).replaceAll(',', ';'),
              },
            }
          : req,
    }),
  },
  {
    name: 'etag-star-always-304',
    description:
      'A cache in front of the catalog answers If-None-Match: * with 304 before looking the table up.',
    areas: ['etag'],
    breaks: ['etag/if-none-match/star-missing-404'],
    hooks: () => ({ onRequest: (req) => (loadWithInm(req, (v) => v === '*') ? empty(304) : req) }),
  },
  {
    name: 'etag-list-any-304',
    description: 'Any If-None-Match list is taken as a match: stale ETags get 304.',
    areas: ['etag'],
    breaks: ['etag/if-none-match/stale-list-200'],
    hooks: () => ({ onRequest: (req) => (loadWithInm(req, (v) => v.includes(',')) ? empty(304) : req) }),
  },
]

/** Does a replaceView body add a version with a single representation (a dialect dropped from two)? */
const dropsDialect = (b: Json): boolean =>
  list(b.updates).some(
    (u) => u.action === 'add-view-version' && list((u['view-version'] as Json).representations).length === 1,
  )
const allowDrop = { action: 'set-properties', updates: { [ALLOW_DROP]: 'true' } }

const views: Fault[] = [
  {
    name: 'view-dialect-drop-unchecked',
    description: 'replaceView does not enforce the dialect-drop rule: a replace may lose a dialect.',
    areas: ['views'],
    breaks: ['views/replace/dialect-drop-rejected'],
    hooks: () => ({
      onRequest: rewriteRequests(['replaceView'], (b) => {
        if (dropsDialect(b)) b.updates = [allowDrop, ...list(b.updates)]
      }),
    }),
  },
  {
    name: 'view-dialect-drop-property-ignored',
    description:
      'replace.drop-dialect.allowed=true is not honoured: a replace that drops a dialect is refused.',
    areas: ['views'],
    breaks: ['views/replace/dialect-drop-allowed'],
    hooks: () => ({
      onRequest: rewriteRequests(['createView'], (b) => {
        if (b.properties && typeof b.properties === 'object') delete (b.properties as Json)[ALLOW_DROP]
      }),
    }),
  },
  {
    name: 'view-dialect-drop-rejected-after-write',
    description:
      'The dialect-drop check runs after the new metadata is stored: the 400 comes, the replace stays.',
    areas: ['views'],
    breaks: ['views/replace/rejected-applies-nothing'],
    hooks: () => ({
      onRequest: rewriteRequests(['replaceView'], (b) => {
        if (dropsDialect(b)) b.updates = [allowDrop, ...list(b.updates)]
      }),
      onResponse: onOperations(
        ['replaceView'],
        () => errorResponse(400, 'ValidationException', 'Cannot replace view due to loss of view dialects'),
        (res, req) => res.status === 200 && req.body.includes(ALLOW_DROP),
      ),
    }),
  },
  {
    name: 'view-version-log-one-entry-per-version',
    description: 'version-log keeps one entry per version: a rollback to an earlier version is not logged.',
    areas: ['views'],
    breaks: ['views/invariants/across-commits'],
    hooks: () => ({
      onResponse: onOperations(
        ['replaceView', 'loadView'],
        (res) =>
          withJson(res, (b) => {
            const md = b.metadata as Json | undefined
            if (!md) return b
            const seen = new Set<unknown>()
            md['version-log'] = list(md['version-log']).filter((e) => {
              const first = !seen.has(e['version-id'])
              seen.add(e['version-id'])
              return first
            })
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'view-uuid-regenerated-on-replace',
    description: 'Each replace answers metadata with a fresh view-uuid.',
    areas: ['views'],
    breaks: ['views/invariants/across-commits'],
    hooks: () => ({
      onResponse: onOperations(
        ['replaceView'],
        (res) =>
          withJson(res, (b) => {
            const md = b.metadata as Json | undefined
            if (md) md['view-uuid'] = randomUUID()
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
]

export const faults: Fault[] = [...idempotency, ...pagination, ...etag, ...views]
