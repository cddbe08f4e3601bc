/**
 * Held-out probes: realistic violations invented apart from the other fault modules, to measure whether the
 * suites catch spec violations they were not written against. Each makes the rules in `breaks` fail (or warn,
 * for SHOULD rules) while the clean reference server passes them.
 */
import { randomUUID } from 'node:crypto'
import type { FaultHooks } from '../../reference-server/index.ts'
import type { OperationId } from '../../schemas/operations.ts'
import type { Fault } from '../fault.ts'
import { onOperations, operationOf, withJson, withStatus } from '../fault-kit.ts'
import { empty, jsonOk, onRequests, requestJson, withRequestJson } from './scenario-kit.ts'

type Json = Record<string, unknown>
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : [])
const ok = (res: { status: number }) => res.status === 200

/** Hooks that rewrite the JSON body of every 200 answer of `ops` with `fn` (a copy: mutate freely). */
function rewriteOkJson(ops: readonly OperationId[], fn: (body: Json) => unknown): () => FaultHooks {
  return () => ({ onResponse: onOperations(ops, (res) => withJson(res, fn), ok) })
}

/** The namespace levels and object name a `/namespaces/{ns}/{kind}/{name}` path addresses. */
function addressOf(path: string, kind: string): { ns: string[]; name: string; head: string } | undefined {
  const parts = path.split('/')
  const i = parts.indexOf('namespaces')
  if (i < 0 || parts[i + 2] !== kind || parts[i + 3] === undefined) return undefined
  try {
    return {
      ns: decodeURIComponent(parts[i + 1] ?? '').split('\x1f'),
      name: decodeURIComponent(parts[i + 3] ?? ''),
      head: parts.slice(0, i + 1).join('/'),
    }
  } catch {
    return undefined
  }
}

const key = (ns: readonly string[], name: string) => JSON.stringify([ns, name])

/**
 * One existence check for tables and views: after `createOp` made an object of `createdKind`, `existsOp` on its name
 * (asking for `askedKind`) answers 204 where the server said 404.
 */
function existsAnswersForOtherKind(
  createOp: 'createTable' | 'createView',
  createdKind: string,
  existsOp: 'tableExists' | 'viewExists',
  askedKind: string,
): () => FaultHooks {
  return () => {
    const created = new Set<string>()
    return {
      onResponse: (req, res) => {
        const op = operationOf(req)
        if (op === createOp && res.status === 200) {
          const a = addressOf(req.path + '/' + String(requestJson(req)?.name ?? ''), createdKind)
          if (a) created.add(key(a.ns, a.name))
        }
        if (op === existsOp && res.status === 404) {
          const a = addressOf(req.path, askedKind)
          if (a && created.has(key(a.ns, a.name))) return empty(204)
        }
        return res
      },
    }
  }
}

/** A rename that copies: after it, loads and existence checks of the source answer for the destination. */
function renameKeepsSource(
  renameOp: 'renameTable' | 'renameView',
  readOps: readonly string[],
  kind: string,
): () => FaultHooks {
  return () => {
    const moved = new Map<string, { namespace: string[]; name: string }>()
    return {
      onRequest: (req) => {
        const op = operationOf(req)
        if (op === undefined || !readOps.includes(op)) return req
        const a = addressOf(req.path, kind)
        const to = a && moved.get(key(a.ns, a.name))
        if (!a || !to) return req
        const path = `${a.head}/${encodeURIComponent(to.namespace.join('\x1f'))}/${kind}/${encodeURIComponent(to.name)}`
        return { ...req, path }
      },
      // Only a rename that succeeded leaves its source behind.
      onResponse: (req, res) => {
        if (operationOf(req) !== renameOp || res.status >= 300) return res
        const b = requestJson(req) as
          | {
              source?: { namespace: string[]; name: string }
              destination?: { namespace: string[]; name: string }
            }
          | undefined
        if (b?.source && b.destination) moved.set(key(b.source.namespace, b.source.name), b.destination)
        return res
      },
    }
  }
}

export const faults: Fault[] = [
  {
    name: 'heldout-table-uuid-changes-per-load',
    description: 'loadTable answers a freshly generated table-uuid on every load.',
    areas: ['tables'],
    breaks: [
      'tables/load/matches-create',
      'tables/rename/same-namespace',
      'tables/register/from-metadata-location',
    ],
    hooks: rewriteOkJson(['loadTable'], (b) => {
      ;(b.metadata as Json)['table-uuid'] = randomUUID()
    }),
  },
  {
    name: 'heldout-list-tables-no-namespace',
    description: 'listTables identifiers carry only the name, without their namespace.',
    areas: ['tables'],
    breaks: ['schema/ListTablesResponse'],
    hooks: rewriteOkJson(['listTables'], (b) => {
      b.identifiers = list(b.identifiers).map((i) => ({ name: i.name }))
    }),
  },
  {
    name: 'heldout-view-current-version-dangling',
    description: 'loadView answers a current-version-id that names none of the versions.',
    areas: ['views'],
    breaks: ['views/invariants/across-commits', 'views/replace/new-current-version'],
    hooks: rewriteOkJson(['loadView'], (b) => {
      const m = b.metadata as Json
      m['current-version-id'] = Math.max(0, ...list(m.versions).map((v) => Number(v['version-id']))) + 1000
    }),
  },
  {
    name: 'heldout-create-namespace-201',
    description: 'createNamespace answers 201 Created instead of the documented 200.',
    areas: ['namespaces'],
    breaks: ['namespaces/create/returns-namespace'],
    hooks: () => ({
      onResponse: onOperations(['createNamespace'], (res) => withStatus(res, 201), ok),
    }),
  },
  {
    name: 'heldout-error-code-string',
    description: 'Error envelopes carry the code as a string ("404") instead of an integer.',
    areas: ['errors'],
    breaks: ['errors/envelope/shape', 'errors/envelope/code-equals-status', 'errors/code-equals-status'],
    hooks: () => ({
      onResponse: (req, res) =>
        res.status >= 400 && res.body
          ? withJson(res, (b) => {
              const e = b.error as Json | undefined
              if (e) e.code = String(e.code)
            })
          : res,
    }),
  },
  {
    name: 'heldout-rename-table-keeps-source',
    description: 'renameTable copies: the source identifier still loads (and exists) after the rename.',
    areas: ['tables'],
    breaks: ['tables/rename/same-namespace', 'tables/rename/across-namespaces'],
    hooks: renameKeepsSource('renameTable', ['loadTable', 'tableExists'], 'tables'),
  },
  {
    name: 'heldout-rename-view-keeps-source',
    description: 'renameView copies: the source view still loads (and exists) after the rename.',
    areas: ['views'],
    breaks: ['views/rename/moves', 'views/rename/across-namespaces'],
    hooks: renameKeepsSource('renameView', ['loadView', 'viewExists'], 'views'),
  },
  {
    name: 'heldout-config-maps-as-arrays',
    description:
      'getConfig serializes empty defaults/overrides maps as JSON arrays ([]), as some serializers do.',
    areas: ['config'],
    breaks: ['config/get/shape', 'schema/CatalogConfig'],
    hooks: rewriteOkJson(['getConfig'], (b) => {
      for (const k of ['defaults', 'overrides']) {
        const v = b[k] as Json | undefined
        if (v && Object.keys(v).length === 0) b[k] = []
      }
      if (b.defaults === undefined) b.defaults = []
    }),
  },
  {
    name: 'heldout-last-page-token-empty-string',
    description: 'The last page of a paginated list answers next-page-token "" instead of null or absent.',
    areas: ['pagination'],
    breaks: [
      'pagination/listNamespaces/each-item-once',
      'pagination/listTables/each-item-once',
      'pagination/listViews/each-item-once',
    ],
    hooks: () => ({
      onResponse: onOperations(
        ['listNamespaces', 'listTables', 'listViews'],
        (res) =>
          withJson(res, (b) => {
            if (b['next-page-token'] === undefined || b['next-page-token'] === null) b['next-page-token'] = ''
          }),
        (res, req) => ok(res) && (req.query.has('pageSize') || req.query.has('pageToken')),
      ),
    }),
  },
  {
    name: 'heldout-commit-set-drops-remove-properties',
    description:
      'A table commit that both sets and removes properties applies set-properties and silently drops remove-properties.',
    areas: ['commits', 'properties'],
    breaks: ['commits/updates/applied-in-order', 'properties/commits/valid-sequences-keep-invariants'],
    hooks: () => ({
      onRequest: onRequests(['updateTable'], (req) => {
        const b = requestJson(req)
        const ups = list(b?.updates)
        if (
          !b ||
          !ups.some((u) => u.action === 'set-properties') ||
          !ups.some((u) => u.action === 'remove-properties')
        )
          return req
        return withRequestJson(req, { ...b, updates: ups.filter((u) => u.action !== 'remove-properties') })
      }),
    }),
  },
  {
    name: 'heldout-assert-ref-null-ignored',
    description:
      'assert-ref-snapshot-id with snapshot-id null (the ref must not exist) is ignored: the commit succeeds over an existing ref.',
    areas: ['commits'],
    breaks: ['commits/requirements/assert-ref-snapshot-id-exists/fails-409'],
    hooks: () => ({
      onRequest: onRequests(['updateTable'], (req) => {
        const b = requestJson(req)
        if (!b) return req
        const reqs = list(b.requirements)
        const kept = reqs.filter((r) => !(r.type === 'assert-ref-snapshot-id' && r['snapshot-id'] === null))
        return kept.length === reqs.length ? req : withRequestJson(req, { ...b, requirements: kept })
      }),
    }),
  },
  {
    name: 'heldout-load-field-ids-renumbered',
    description:
      'loadTable renumbers the top-level field ids of each schema (reversed), unlike what was created.',
    areas: ['tables'],
    breaks: ['tables/load/matches-create'],
    hooks: rewriteOkJson(['loadTable'], (b) => {
      for (const s of list((b.metadata as Json).schemas)) {
        const fields = list(s.fields)
        const ids = fields.map((f) => f.id).reverse()
        fields.forEach((f, i) => (f.id = ids[i]))
      }
    }),
  },
  {
    name: 'heldout-commit-response-format-downgraded',
    description: 'The commit response reports format-version 1 for a v2 table (the stored table stays v2).',
    areas: ['commits'],
    breaks: [
      'commits/invariants/commit-history',
      'commits/response/equals-reload',
      'commits/updates/upgrade-format-version',
    ],
    // The harness builds the next snapshot from the (v1) response, so the prepare step of remove-snapshots is refused.
    allowErrors: ['commits/updates/remove-snapshots'],
    hooks: rewriteOkJson(['updateTable'], (b) => {
      const m = b.metadata as Json
      if (Number(m['format-version']) >= 2) m['format-version'] = 1
    }),
  },
  {
    name: 'heldout-sort-order-zero-sorted',
    description:
      'Table metadata numbers sort orders from 0: the sorted write order gets order-id 0 and the unsorted order another id.',
    areas: ['commits'],
    breaks: ['commits/invariants/table-metadata'],
    hooks: rewriteOkJson(['createTable', 'loadTable', 'updateTable', 'registerTable'], (b) => {
      const m = b.metadata as Json | undefined
      const orders = list(m?.['sort-orders'])
      const sorted = orders.find((o) => list(o.fields).length > 0)
      const unsorted = orders.find((o) => o['order-id'] === 0)
      if (!m || !sorted || !unsorted) return
      const id = sorted['order-id']
      sorted['order-id'] = 0
      unsorted['order-id'] = id
      if (m['default-sort-order-id'] === id) m['default-sort-order-id'] = 0
    }),
  },
  {
    name: 'heldout-drop-missing-view-204',
    description: 'dropView of a view that does not exist answers 204 instead of 404.',
    areas: ['views'],
    breaks: ['views/drop/removes'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropView'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'heldout-list-views-missing-namespace-200',
    description: 'listViews of a namespace that does not exist answers 200 with no identifiers.',
    areas: ['views', 'stateful'],
    breaks: ['views/list/missing-namespace-404', 'stateful/catalog/model-agrees'],
    hooks: () => ({
      onResponse: onOperations(
        ['listViews'],
        () => jsonOk(200, { identifiers: [] }),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'heldout-snapshot-log-not-kept',
    description: 'Table metadata never records snapshot-log entries when the current snapshot changes.',
    areas: ['commits'],
    breaks: ['commits/invariants/snapshot-log'],
    hooks: rewriteOkJson(['loadTable', 'updateTable'], (b) => {
      const m = b.metadata as Json
      if (m) m['snapshot-log'] = []
    }),
  },
  {
    name: 'heldout-update-properties-updated-empty',
    description: 'updateProperties answers updated: [] although it stored the requested updates.',
    areas: ['namespaces'],
    breaks: ['namespaces/properties/update-and-remove'],
    hooks: rewriteOkJson(['updateProperties'], (b) => {
      b.updated = []
    }),
  },
  {
    name: 'heldout-sequence-number-frozen',
    description:
      'Commits that add snapshots leave last-sequence-number where it was in the answered metadata.',
    areas: ['commits'],
    breaks: ['commits/invariants/table-metadata', 'commits/invariants/after-each-commit'],
    // The harness numbers the next snapshot from the answered last-sequence-number, so the prepare step of
    // remove-snapshots is refused.
    allowErrors: ['commits/updates/remove-snapshots'],
    hooks: rewriteOkJson(['updateTable', 'loadTable'], (b) => {
      const m = b.metadata as Json
      if (m && Number(m['format-version']) >= 2) m['last-sequence-number'] = 0
    }),
  },
  {
    name: 'heldout-rename-to-missing-namespace-204',
    description:
      'renameTable into a namespace that does not exist answers 204 (and the table is gone from its source).',
    areas: ['tables'],
    breaks: ['tables/rename/missing-destination-namespace-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['renameTable'],
        () => empty(204),
        (res) => res.status === 404 && (res.body ?? '').includes('NoSuchNamespaceException'),
      ),
    }),
  },
  {
    name: 'heldout-create-metadata-location-null',
    description: 'createTable (not staged) answers metadata-location null, as if the table were staged.',
    areas: ['tables'],
    breaks: ['tables/create/returns-metadata', 'tables/load/matches-create'],
    hooks: () => ({
      onResponse: onOperations(
        ['createTable'],
        (res, req) =>
          requestJson(req)?.['stage-create'] === true
            ? res
            : withJson(res, (b) => {
                b['metadata-location'] = null
              }),
        ok,
      ),
    }),
  },
  {
    name: 'heldout-drop-namespace-soft',
    description:
      'dropNamespace answers 204 for any existing namespace (empty or not) but never drops it: it still loads and is listed.',
    areas: ['namespaces'],
    breaks: ['namespaces/drop/204-then-gone', 'namespaces/drop/not-empty-refused'],
    hooks: () => ({
      // The drop is answered from a load of the namespace: 204 when it exists, the 404 otherwise.
      onRequest: onRequests(['dropNamespace'], (req) => ({
        ...req,
        method: 'GET',
        headers: { ...req.headers, 'x-heldout-soft-drop': '1' },
      })),
      onResponse: (req, res) =>
        req.headers['x-heldout-soft-drop'] === '1' && res.status === 200 ? empty(204) : res,
    }),
  },
  {
    name: 'heldout-load-main-ref-disagrees',
    description:
      'loadTable answers refs.main pointing at the first snapshot while current-snapshot-id is the latest.',
    areas: ['tables', 'commits'],
    breaks: ['tables/load/snapshots-all', 'commits/updates/set-snapshot-ref'],
    hooks: rewriteOkJson(['loadTable'], (b) => {
      const m = b.metadata as Json
      const snaps = list(m.snapshots)
      const refs = m.refs as Record<string, Json> | undefined
      if (snaps.length >= 2 && refs?.main) refs.main['snapshot-id'] = snaps[0]?.['snapshot-id']
    }),
  },
  {
    name: 'heldout-load-last-column-id-low',
    description: 'loadTable answers a last-column-id below the highest field id of its schemas.',
    areas: ['commits'],
    breaks: ['commits/updates/add-schema', 'commits/response/equals-reload'],
    hooks: rewriteOkJson(['loadTable'], (b) => {
      const m = b.metadata as Json
      m['last-column-id'] = 1
    }),
  },
  {
    name: 'heldout-table-exists-for-view',
    description:
      'tableExists answers 204 for the name of a view (tables and views share one existence check).',
    areas: ['tables', 'views'],
    breaks: ['tables/exists/view-is-not-a-table'],
    hooks: existsAnswersForOtherKind('createView', 'views', 'tableExists', 'tables'),
  },
  {
    name: 'heldout-view-exists-for-table',
    description:
      'viewExists answers 204 for the name of a table (tables and views share one existence check).',
    areas: ['tables', 'views'],
    breaks: ['views/exists/table-is-not-a-view'],
    hooks: existsAnswersForOtherKind('createTable', 'tables', 'viewExists', 'views'),
  },
]
