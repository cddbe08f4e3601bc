/**
 * Negative controls of suites/namespaces/: each fault is a realistic namespace bug that makes the rules in
 * `breaks` fail (or warn, for SHOULD rules) while the clean reference server passes them.
 */
import type { Fault } from '../fault.ts'
import { onOperations, operationOf, withJson, withStatus } from '../fault-kit.ts'
import { empty, errorResponse, jsonOk, onRequests, requestJson, withRequestJson } from './scenario-kit.ts'

const NS = ['namespaces']

export const faults: Fault[] = [
  {
    name: 'ns-create-duplicate-200',
    description: 'Creating a namespace that exists answers 200 with the namespace instead of 409.',
    areas: NS,
    breaks: ['namespaces/create/exists-409'],
    hooks: () => ({
      onResponse: onOperations(
        ['createNamespace'],
        (res, req) => jsonOk(200, { namespace: requestJson(req)?.namespace, properties: {} }),
        (res) => res.status === 409,
      ),
    }),
  },
  {
    name: 'ns-create-drops-properties',
    description: 'createNamespace stores the namespace but silently drops the requested properties.',
    areas: NS,
    breaks: [
      'namespaces/create/returns-namespace',
      'namespaces/load/returns-properties',
      'namespaces/properties/update-and-remove',
      'namespaces/properties/overlap-422',
    ],
    hooks: () => ({
      onRequest: onRequests(['createNamespace'], (req) => {
        const body = requestJson(req)
        return body ? withRequestJson(req, { namespace: body.namespace }) : req
      }),
    }),
  },
  {
    name: 'ns-load-missing-200',
    description: 'Loading a namespace that does not exist answers 200 with empty properties.',
    areas: NS,
    breaks: ['namespaces/load/missing-404', 'namespaces/drop/204-then-gone'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadNamespaceMetadata'],
        () => jsonOk(200, { namespace: ['unknown'], properties: {} }),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'ns-head-missing-204',
    description: 'HEAD on a namespace that does not exist answers 204.',
    areas: NS,
    breaks: ['namespaces/exists/missing-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['namespaceExists'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'ns-head-200-with-body',
    description: 'HEAD on an existing namespace answers 200 with a JSON body.',
    areas: NS,
    breaks: ['namespaces/exists/204'],
    hooks: () => ({
      onResponse: onOperations(
        ['namespaceExists'],
        () => jsonOk(200, { exists: true }),
        (res) => res.status === 204,
      ),
    }),
  },
  {
    name: 'ns-drop-missing-204',
    description: 'Dropping a namespace that does not exist answers 204.',
    areas: NS,
    breaks: ['namespaces/drop/missing-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropNamespace'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'ns-top-level-list-empty',
    description: 'The top-level namespace listing is always empty.',
    areas: NS,
    breaks: [
      'namespaces/list/contains-created',
      'namespaces/list/parent-empty-is-top-level',
      'namespaces/names/dot',
      'namespaces/names/space',
      'namespaces/names/unicode',
      'namespaces/names/percent',
      'namespaces/names/slash',
    ],
    hooks: () => ({
      onResponse: onOperations(
        ['listNamespaces'],
        (res) => withJson(res, () => ({ namespaces: [] })),
        (res, req) => res.status === 200 && !req.query.get('parent'),
      ),
    }),
  },
  {
    name: 'ns-list-keeps-dropped',
    description:
      'A dropped namespace stays in the listing of its parent (the listing index is not updated on drop).',
    areas: NS,
    breaks: ['namespaces/list/dropped-unlisted'],
    hooks: () => {
      const dropped: string[][] = []
      const nsOfPath = (path: string) =>
        (/\/namespaces\/([^/]+)$/.exec(path)?.[1] ?? '').split(/%1F/i).map(decodeURIComponent)
      const same = (a: readonly string[], b: readonly string[]) =>
        a.length === b.length && a.every((p, i) => p === b[i])
      return {
        onResponse: (req, res) => {
          const op = operationOf(req)
          if (op === 'dropNamespace' && res.status === 204) dropped.push(nsOfPath(req.path))
          if (op !== 'listNamespaces' || res.status !== 200) return res
          const parent = (req.query.get('parent') ?? '').split('\u001f').filter((p) => p !== '')
          return withJson(res, (b) => {
            const listed = Array.isArray(b.namespaces) ? (b.namespaces as string[][]) : []
            const back = dropped.filter((ns) => same(ns.slice(0, -1), parent))
            return { ...b, namespaces: [...listed, ...back] }
          })
        },
      }
    },
  },
  {
    name: 'ns-parent-ignored',
    description: 'listNamespaces ignores parent and lists every namespace, at every depth.',
    areas: NS,
    breaks: ['namespaces/list/parent-direct-children'],
    hooks: () => ({ flags: { ignoreParent: true } }),
  },
  {
    name: 'ns-top-level-lists-nested',
    description:
      'listNamespaces without parent lists every namespace at every depth; a parent lists its children.',
    areas: NS,
    breaks: ['namespaces/list/top-level-only'],
    hooks: () => ({ flags: { topLevelListsAll: true } }),
  },
  {
    name: 'ns-list-missing-parent-200',
    description: 'Listing under a parent that does not exist answers 200 with an empty list.',
    areas: NS,
    breaks: ['namespaces/list/parent-missing-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['listNamespaces'],
        () => jsonOk(200, { namespaces: [] }),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'ns-empty-parent-400',
    description: 'An empty parent parameter is refused with 400 instead of meaning the top level.',
    areas: NS,
    breaks: ['namespaces/list/parent-empty-is-top-level'],
    hooks: () => ({
      onRequest: onRequests(['listNamespaces'], (req) =>
        req.query.get('parent') === '' ? errorResponse(400, 'BadRequestException', 'Empty parent') : req,
      ),
    }),
  },
  {
    name: 'ns-unit-separator-not-accepted',
    description: 'A namespace path joined with %1F is not split: the nested namespace is not found.',
    areas: NS,
    breaks: ['namespaces/nested/unit-separator-path'],
    hooks: () => ({
      onRequest: onRequests(['loadNamespaceMetadata'], (req) =>
        /%1F/i.test(req.path)
          ? errorResponse(404, 'NoSuchNamespaceException', 'Namespace does not exist')
          : req,
      ),
    }),
  },
  {
    name: 'ns-advertised-separator-not-accepted',
    description: 'The server advertises namespace-separator %2E but only accepts %1F in paths.',
    areas: NS,
    breaks: ['namespaces/nested/advertised-separator-path'],
    server: { namespaceSeparator: '%2E' },
    hooks: () => ({
      onRequest: onRequests(['loadNamespaceMetadata'], (req) =>
        /%2E/i.test(req.path)
          ? errorResponse(404, 'NoSuchNamespaceException', 'Namespace does not exist')
          : req,
      ),
    }),
  },
  {
    name: 'ns-drop-not-empty-allowed',
    description: 'Dropping a namespace that holds tables, views or child namespaces succeeds.',
    areas: NS,
    // The 409 rules are blocked by not-empty-refused: a drop that was not refused is one defect (counted-once.test.ts).
    breaks: ['namespaces/drop/not-empty-refused'],
    hooks: () => ({ flags: { notEmptyDropAllowed: true } }),
  },
  {
    name: 'ns-drop-not-empty-400',
    description:
      'Dropping a namespace that is not empty is refused with 400 BadRequestException instead of 409 NamespaceNotEmptyException.',
    areas: NS,
    // The view and child cases are blocked by not-empty-table-409: a namespace holding a table gets the same 400.
    breaks: ['namespaces/drop/not-empty-table-409'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropNamespace'],
        () => errorResponse(400, 'BadRequestException', 'Namespace is not empty'),
        (res) => res.status === 409,
      ),
    }),
  },
  {
    name: 'ns-drop-view-holder-400',
    description:
      'Dropping a namespace that holds views but never held a table is refused with 400 instead of 409 (its emptiness check for views is a separate path).',
    areas: NS,
    breaks: ['namespaces/drop/not-empty-view-409'],
    hooks: () => {
      const heldTables = new Set<string>()
      return {
        onResponse: (req, res) => {
          const op = operationOf(req)
          const nsPath = req.path.replace(/\/tables(\/.*)?$/, '')
          if (op === 'createTable' && res.status === 200) heldTables.add(nsPath)
          const viewHolder = op === 'dropNamespace' && res.status === 409 && !heldTables.has(req.path)
          const message = /tables or views/.test(res.body ?? '')
          return viewHolder && message
            ? errorResponse(400, 'BadRequestException', 'Namespace holds views')
            : res
        },
      }
    },
  },
  {
    name: 'ns-drop-parent-400',
    description:
      'Dropping a namespace that holds child namespaces is refused with 400 instead of 409; one that holds tables gets 409.',
    areas: NS,
    breaks: ['namespaces/drop/has-children-409'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropNamespace'],
        () => errorResponse(400, 'BadRequestException', 'Namespace has children'),
        (res) => res.status === 409 && /child namespaces/.test(res.body ?? ''),
      ),
    }),
  },
  {
    name: 'ns-path-escapes-mangled',
    description:
      'Percent-escapes other than %1F in a namespace path are not decoded: such names are not found.',
    areas: NS,
    breaks: [
      'namespaces/names/space',
      'namespaces/names/unicode',
      'namespaces/names/percent',
      'namespaces/names/slash',
    ],
    hooks: () => ({
      onRequest: onRequests(['loadNamespaceMetadata'], (req) =>
        /%(?!1F)[0-9A-F]{2}/i.test(req.path)
          ? errorResponse(404, 'NoSuchNamespaceException', 'Namespace does not exist')
          : req,
      ),
    }),
  },
  {
    name: 'ns-path-splits-on-dot',
    description: 'A dot in a namespace path is read as a level separator: a.b is not found.',
    areas: NS,
    breaks: ['namespaces/names/dot'],
    hooks: () => ({
      onRequest: onRequests(['loadNamespaceMetadata'], (req) =>
        /_a\.b/.test(req.path)
          ? errorResponse(404, 'NoSuchNamespaceException', 'Namespace does not exist')
          : req,
      ),
    }),
  },
  {
    name: 'ns-properties-removals-ignored',
    description: 'updateProperties ignores removals (and reports nothing removed).',
    areas: NS,
    breaks: ['namespaces/properties/update-and-remove'],
    hooks: () => ({
      onRequest: onRequests(['updateProperties'], (req) => {
        const body = requestJson(req)
        return body ? withRequestJson(req, { updates: body.updates ?? {} }) : req
      }),
    }),
  },
  {
    name: 'ns-properties-missing-wrong',
    description: 'updateProperties reports an empty missing list although a removed key did not exist.',
    areas: NS,
    breaks: ['namespaces/properties/missing-list'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateProperties'],
        (res) => withJson(res, (b) => ({ ...b, missing: [] })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'ns-properties-missing-lists-updates',
    description:
      'updateProperties builds its missing list from every requested key, so the keys it updated are listed as missing too.',
    areas: NS,
    breaks: ['namespaces/properties/missing-only-removals'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateProperties'],
        (res, req) =>
          withJson(res, (b) => {
            const updated = Object.keys((requestJson(req)?.updates ?? {}) as Record<string, string>)
            const missing = Array.isArray(b.missing) ? (b.missing as string[]) : []
            return { ...b, missing: [...missing, ...updated] }
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'ns-properties-overlap-accepted',
    description: 'A key in both removals and updates is accepted (the update wins) instead of 422.',
    areas: NS,
    breaks: ['namespaces/properties/overlap-422'],
    hooks: () => ({
      onRequest: onRequests(['updateProperties'], (req) => {
        const body = requestJson(req)
        const updates = (body?.updates ?? {}) as Record<string, string>
        const removals = ((body?.removals ?? []) as string[]).filter((k) => !(k in updates))
        return body ? withRequestJson(req, { updates, removals }) : req
      }),
    }),
  },
  {
    name: 'ns-properties-missing-namespace-200',
    description: 'updateProperties on a namespace that does not exist answers 200.',
    areas: NS,
    breaks: ['namespaces/properties/missing-namespace-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateProperties'],
        () => withStatus(jsonOk(200, { updated: [], removed: [] }), 200),
        (res) => res.status === 404,
      ),
    }),
  },
]
