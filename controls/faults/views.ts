/** Negative controls of the views area (suites/views). */
import type { Fault } from '../fault.ts'
import { onOperations, operationOf, withJson, withStatus } from '../fault-kit.ts'
import { errorResponse } from './scenario-kit.ts'
import { rewriteRequests } from './commits.ts'
import { listKeepsRemoved } from './listing-kit.ts'

const AREA = ['views']
type Json = Record<string, unknown>
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : [])

export const faults: Fault[] = [
  {
    name: 'view-create-keeps-one-dialect',
    description: 'createView stores only the first SQL representation of the version.',
    areas: AREA,
    breaks: ['views/create/returns-metadata'],
    hooks: () => ({
      onRequest: rewriteRequests(['createView'], (b) => {
        const v = b['view-version'] as Json | undefined
        if (v) v.representations = list(v.representations).slice(0, 1)
      }),
    }),
  },
  {
    name: 'view-duplicates-200',
    description:
      'Creating or registering a view over an existing view or table answers 200 (the old one stays).',
    areas: AREA,
    breaks: ['views/create/exists-409', 'views/create/table-name-409', 'views/register/exists-409'],
    hooks: () => ({
      onResponse: onOperations(
        ['createView', 'registerView'],
        (res) => withStatus(res, 200),
        (res) => res.status === 409,
      ),
    }),
  },
  {
    name: 'view-missing-400',
    description: 'A missing view or namespace is answered 400 instead of 404.',
    areas: AREA,
    breaks: [
      'views/create/namespace-404',
      'views/load/missing-404',
      'views/rename/missing-404',
      'views/replace/missing-404',
      'views/drop/removes',
      'views/rename/moves',
    ],
    hooks: () => ({
      onResponse: onOperations(
        ['createView', 'loadView', 'renameView', 'replaceView', 'dropView'],
        (res) => withJson(withStatus(res, 400), (b) => ({ error: { ...(b.error as Json), code: 400 } })),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'view-load-stale',
    description: 'loadView answers the metadata-location of the first version whatever was committed later.',
    areas: AREA,
    breaks: [
      'views/load/returns-created',
      'views/replace/new-current-version',
      'views/register/from-metadata-location',
    ],
    hooks: () => ({
      onResponse: onOperations(
        ['loadView', 'registerView'],
        (res) =>
          withJson(res, (b) => ({ ...b, 'metadata-location': `${String(b['metadata-location'])}.stale` })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'view-rename-409-as-204',
    description: 'Renaming a view onto an existing view answers 204 and keeps both.',
    areas: AREA,
    breaks: ['views/rename/target-exists-409'],
    hooks: () => ({
      onResponse: onOperations(
        ['renameView'],
        () => ({ status: 204, headers: {} }),
        (r) => r.status === 409,
      ),
    }),
  },
  {
    name: 'view-rename-onto-table-204',
    description:
      'renameView looks for a conflict among views only: a rename onto the name of a table answers 204 instead of 409.',
    areas: AREA,
    breaks: ['views/rename/onto-table-409'],
    hooks: () => ({
      onResponse: onOperations(
        ['renameView'],
        () => ({ status: 204, headers: {} }),
        // The conflict is with a table: the server's message names what holds the name.
        (res) => res.status === 409 && /Table already exists/.test(res.body ?? ''),
      ),
    }),
  },
  {
    name: 'view-list-keeps-removed',
    description:
      'listViews keeps listing a view that was dropped or renamed away (the listing index is not updated when a view leaves).',
    areas: AREA,
    breaks: ['views/list/dropped-unlisted', 'views/list/renamed-relisted'],
    hooks: () => listKeepsRemoved('dropView', 'renameView', 'listViews'),
  },
  {
    name: 'view-set-current-ignored',
    description: 'set-current-view-version is skipped: replaced versions are added but never become current.',
    areas: AREA,
    breaks: [
      'views/replace/new-current-version',
      'views/replace/explicit-version-id',
      'views/replace/version-history',
    ],
    allowErrors: ['views/*'],
    hooks: () => ({
      onRequest: rewriteRequests(['replaceView'], (b) => {
        b.updates = list(b.updates).filter((u) => u.action !== 'set-current-view-version')
      }),
    }),
  },
  {
    name: 'view-requirements-ignored',
    description: 'replaceView does not check assert-view-uuid.',
    areas: AREA,
    breaks: ['views/replace/assert-view-uuid-fails-409'],
    hooks: () => ({ flags: { ignoreRequirements: true } }),
  },
  {
    name: 'view-requirements-misread',
    description: 'replaceView compares assert-view-uuid with the wrong uuid, so a holding requirement fails.',
    areas: AREA,
    breaks: ['views/replace/assert-view-uuid-holds'],
    hooks: () => ({
      onRequest: rewriteRequests(['replaceView'], (b) => {
        b.requirements = list(b.requirements).map((r) => ({
          ...r,
          uuid: '00000000-0000-4000-8000-000000000000',
        }))
      }),
    }),
  },
  {
    name: 'view-unknown-action-ignored',
    description: 'An unknown update action in a view commit is skipped instead of answered with 400.',
    areas: AREA,
    breaks: ['views/replace/unknown-action-400'],
    hooks: () => ({
      onRequest: rewriteRequests(['replaceView'], (b) => {
        b.updates = list(b.updates).filter((u) => !String(u.action).startsWith('conformance-'))
      }),
    }),
  },
  {
    name: 'view-unknown-requirement-500',
    description: 'An unknown requirement type in a view commit crashes the request parser (500).',
    areas: AREA,
    breaks: ['views/replace/unknown-requirement-400'],
    hooks: () => ({
      onRequest: (req) =>
        operationOf(req) === 'replaceView' && req.body.includes('"assert-conformance-unknown"')
          ? errorResponse(500, 'UnsupportedOperationException', 'Unrecognized update requirement')
          : req,
    }),
  },
  {
    name: 'view-exists-always-204',
    description: 'HEAD of a view answers 204 whether or not the view exists.',
    areas: AREA,
    breaks: ['views/exists/missing-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['viewExists'],
        (res) => withStatus(res, 204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'register-view-missing-namespace-409',
    description: 'register-view into a missing namespace answers 409 instead of 404.',
    areas: AREA,
    breaks: ['views/register/namespace-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['registerView'],
        (res) =>
          withJson(withStatus(res, 409), (b) => ({
            error: { ...(b.error as Json), code: 409, type: 'AlreadyExistsException' },
          })),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'rename-view-across-namespaces-noop',
    description: 'A view rename into another namespace answers 204 but leaves the view where it was.',
    areas: AREA,
    breaks: ['views/rename/across-namespaces'],
    hooks: () => ({
      onRequest: (req) => {
        if (req.method !== 'POST' || !req.path.endsWith('/views/rename')) return req
        let body: { source?: { namespace?: string[] }; destination?: { namespace?: string[] } }
        try {
          body = JSON.parse(req.body) as typeof body
        } catch {
          return req
        }
        if (JSON.stringify(body.source?.namespace) === JSON.stringify(body.destination?.namespace)) return req
        return { status: 204, headers: {} }
      },
    }),
  },
  {
    name: 'view-unknown-current-version-ignored',
    description:
      'A view commit setting a current version that does not exist is acknowledged; the update is dropped.',
    areas: AREA,
    breaks: ['views/invalid-updates/set-current-unknown-version'],
    hooks: () => ({
      onRequest: rewriteRequests(['replaceView'], (b) => {
        b.updates = list(b.updates).filter(
          (u) => !(u.action === 'set-current-view-version' && Number(u['view-version-id']) > 1000),
        )
      }),
    }),
  },
  {
    name: 'view-duplicate-dialect-collapsed',
    description: 'A view version with two representations of one dialect is stored with the first of them.',
    areas: AREA,
    breaks: ['views/invalid-updates/duplicate-dialect'],
    hooks: () => ({
      onRequest: rewriteRequests(['replaceView'], (b) => {
        for (const u of list(b.updates)) {
          const v = u['view-version'] as Json | undefined
          if (!v) continue
          const seen = new Set<string>()
          v.representations = list(v.representations).filter((r) => {
            const d = String(r.dialect).toLowerCase()
            return seen.has(d) ? false : (seen.add(d), true)
          })
        }
      }),
    }),
  },
]
