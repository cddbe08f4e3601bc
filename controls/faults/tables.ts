/**
 * Negative controls of suites/tables/: realistic table bugs, each making the rules in `breaks` fail (or warn,
 * for SHOULD rules) while the clean reference server passes them.
 */
import type { Fault } from '../fault.ts'
import { onOperations, operationOf, withJson, withStatus } from '../fault-kit.ts'
import {
  empty,
  errorResponse,
  jsonOk,
  onRequests,
  requestJson,
  withQuery,
  withRequestJson,
} from './scenario-kit.ts'
import { listKeepsRemoved } from './listing-kit.ts'

const TABLES = ['tables']
type Json = Record<string, unknown>
const metadataOf = (b: Json) => b.metadata as Json

export const faults: Fault[] = [
  {
    name: 'tables-create-identifier-fields-unchecked',
    description:
      'createTable does not check identifier-field-ids: a schema naming a missing or an optional field as identifier is created.',
    areas: ['tables'],
    breaks: ['tables/create/identifier-fields-valid'],
    hooks: () => ({
      onRequest: (req) => {
        if (operationOf(req) !== 'createTable') return req
        const body = requestJson(req) as { schema?: Record<string, unknown> } | undefined
        if (!body?.schema || body.schema['identifier-field-ids'] === undefined) return req
        // The clean server refuses such a schema; without the ids it creates the table, as an unchecking server would.
        delete body.schema['identifier-field-ids']
        return withRequestJson(req, body)
      },
    }),
  },
  {
    name: 'tables-create-requires-optional-ids',
    description:
      "createTable parses the partition spec's spec-id as required: a request that leaves out this optional read-only id is a 500.",
    areas: ['tables'],
    breaks: ['tables/create/optional-ids-omitted'],
    hooks: () => ({
      onRequest: (req) => {
        if (operationOf(req) !== 'createTable') return req
        const spec = requestJson(req)?.['partition-spec'] as Record<string, unknown> | undefined
        return spec && spec['spec-id'] === undefined
          ? errorResponse(500, 'IllegalArgumentException', 'Cannot parse missing int: spec-id')
          : req
      },
    }),
  },
  {
    name: 'tbl-create-drops-properties',
    description: 'createTable ignores the requested table properties.',
    areas: TABLES,
    breaks: ['tables/create/returns-metadata'],
    hooks: () => ({
      onRequest: onRequests(['createTable'], (req) => {
        const { properties: _dropped, ...rest } = requestJson(req) ?? {}
        return withRequestJson(req, rest)
      }),
    }),
  },
  {
    name: 'tbl-create-keeps-request-ids',
    description: 'createTable keeps the field ids of the request (3, 4) instead of assigning fresh ones.',
    areas: TABLES,
    breaks: ['tables/create/field-ids-reassigned'],
    hooks: () => ({
      onResponse: onOperations(
        ['createTable'],
        (res) =>
          withJson(res, (b) => {
            for (const s of (metadataOf(b).schemas ?? []) as { fields: { id: number }[] }[])
              for (const f of s.fields) f.id += 2
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'tbl-create-drops-spec-and-order',
    description: 'createTable ignores the partition spec and write order of the request.',
    areas: TABLES,
    breaks: ['tables/create/partition-spec-and-order'],
    hooks: () => ({
      onRequest: onRequests(['createTable'], (req) => {
        const { 'partition-spec': _s, 'write-order': _o, ...rest } = requestJson(req) ?? {}
        return withRequestJson(req, rest)
      }),
    }),
  },
  {
    // tables/create/requested-location is a MAY (a server may choose its own location, or refuse the caller's
    // cleanly); the crash is judged by createTable's own rule, whose 200 the well-formed request was due.
    name: 'tbl-create-location-500',
    description: 'createTable fails with 500 when the request names a location.',
    areas: TABLES,
    files: ['tables/create.test.ts'],
    breaks: ['tables/create/returns-metadata'],
    hooks: () => ({
      onRequest: onRequests(['createTable'], (req) =>
        requestJson(req)?.location !== undefined
          ? errorResponse(500, 'InternalServerError', 'location')
          : req,
      ),
    }),
  },
  {
    name: 'tbl-conflicts-accepted',
    description:
      'Name conflicts on create, register and rename (with a table or a view) are answered as success.',
    areas: TABLES,
    breaks: [
      'tables/create/exists-409',
      'tables/create/view-name-409',
      'tables/register/exists-409',
      'tables/register/view-name-409',
      'tables/rename/destination-exists-409',
      'tables/rename/onto-view-409',
    ],
    hooks: () => ({
      onResponse: onOperations(
        ['createTable', 'registerTable', 'renameTable'],
        (res, req) => (req.path.endsWith('/rename') ? empty(204) : withStatus(res, 200)),
        (res) => res.status === 409,
      ),
    }),
  },
  {
    name: 'tbl-missing-namespace-500',
    description: 'A missing namespace or source table on create, list, register and rename is a 500.',
    areas: TABLES,
    breaks: [
      'tables/create/missing-namespace-404',
      'tables/list/missing-namespace-404',
      'tables/register/missing-namespace-404',
      'tables/rename/missing-destination-namespace-404',
      'tables/rename/missing-source-404',
    ],
    hooks: () => ({
      onResponse: onOperations(
        ['createTable', 'listTables', 'registerTable', 'renameTable'],
        () => errorResponse(500, 'InternalServerError', 'Unexpected error'),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'tbl-load-missing-500',
    description: 'Loading a table that does not exist (or no longer exists) is a 500.',
    areas: TABLES,
    breaks: [
      'tables/load/missing-404',
      'tables/load/missing-namespace-404',
      'tables/drop/204-then-gone',
      'tables/drop/purge-204-then-gone',
      'tables/rename/same-namespace',
      'tables/rename/across-namespaces',
    ],
    hooks: () => ({
      onResponse: onOperations(
        ['loadTable'],
        () => errorResponse(500, 'InternalServerError', 'Unexpected error'),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'tbl-load-other-metadata-location',
    description: 'loadTable answers a metadata-location other than the one create returned.',
    areas: TABLES,
    breaks: ['tables/load/matches-create'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadTable'],
        (res) =>
          withJson(res, (b) => ({ ...b, 'metadata-location': `${String(b['metadata-location'])}.copy` })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'tbl-snapshots-mode-ignored',
    description:
      'loadTable ignores the snapshots parameter (refs returns every snapshot; unknown values pass).',
    areas: TABLES,
    breaks: ['tables/load/snapshots-refs', 'tables/load/snapshots-invalid-400'],
    hooks: () => ({
      onRequest: onRequests(['loadTable'], (req) => withQuery(req, (q) => q.delete('snapshots'))),
    }),
  },
  {
    name: 'tbl-snapshots-all-trimmed',
    description: 'loadTable returns only the current snapshot even in snapshots=all mode.',
    areas: TABLES,
    breaks: ['tables/load/snapshots-all'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadTable'],
        (res) =>
          withJson(res, (b) => {
            const md = metadataOf(b)
            md.snapshots = ((md.snapshots ?? []) as Json[]).filter(
              (s) => s['snapshot-id'] === md['current-snapshot-id'],
            )
            return b
          }),
        (res, req) => res.status === 200 && req.query.get('snapshots') !== 'refs',
      ),
    }),
  },
  {
    name: 'tbl-snapshots-refs-trims-log',
    description: 'In snapshots=refs mode the snapshot-log is trimmed to the referenced snapshots too.',
    areas: TABLES,
    breaks: ['tables/load/snapshots-refs-keeps-log'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadTable'],
        (res) =>
          withJson(res, (b) => {
            const md = metadataOf(b)
            const kept = new Set(((md.snapshots ?? []) as Json[]).map((s) => s['snapshot-id']))
            md['snapshot-log'] = ((md['snapshot-log'] ?? []) as Json[]).filter((e) =>
              kept.has(e['snapshot-id']),
            )
            return b
          }),
        (res, req) => res.status === 200 && req.query.get('snapshots') === 'refs',
      ),
    }),
  },
  {
    name: 'tbl-head-missing-204',
    description: 'HEAD on a table that does not exist answers 204.',
    areas: TABLES,
    breaks: ['tables/exists/missing-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['tableExists'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'tbl-head-200-with-body',
    description: 'HEAD on an existing table answers 200 with a JSON body.',
    areas: TABLES,
    breaks: ['tables/exists/204'],
    hooks: () => ({
      onResponse: onOperations(
        ['tableExists'],
        () => jsonOk(200, { exists: true }),
        (res) => res.status === 204,
      ),
    }),
  },
  {
    name: 'tbl-list-wrong-namespace',
    description: 'listTables answers identifiers without their namespace (an empty namespace array).',
    areas: TABLES,
    breaks: ['tables/list/exact-and-isolated'],
    hooks: () => ({
      onResponse: onOperations(
        ['listTables'],
        (res) =>
          withJson(res, (b) => ({
            ...b,
            identifiers: ((b.identifiers ?? []) as Json[]).map((i) => ({ ...i, namespace: [] })),
          })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'tbl-views-listed-as-tables',
    description: 'listTables also lists the views of the namespace.',
    areas: TABLES,
    breaks: ['tables/list/views-apart'],
    hooks: () => {
      // Views created so far, by raw namespace path segment.
      const views = new Map<string, string[]>()
      const segment = (path: string) => /\/namespaces\/([^/]+)\//.exec(path)?.[1] ?? ''
      return {
        onRequest: onRequests(['createView'], (req) => {
          const name = requestJson(req)?.name
          if (typeof name === 'string')
            views.set(segment(req.path), [...(views.get(segment(req.path)) ?? []), name])
          return req
        }),
        onResponse: onOperations(
          ['listTables'],
          (res, req) =>
            withJson(res, (b) => {
              const ns = segment(`${req.path}/`).split(/%1F/i).map(decodeURIComponent)
              const extra = (views.get(segment(`${req.path}/`)) ?? []).map((name) => ({
                namespace: ns,
                name,
              }))
              return { ...b, identifiers: [...((b.identifiers ?? []) as Json[]), ...extra] }
            }),
          (res) => res.status === 200,
        ),
      }
    },
  },
  {
    name: 'tbl-list-keeps-removed',
    description:
      'listTables keeps listing a table that was dropped or renamed away (the listing index is not updated when a table leaves).',
    areas: TABLES,
    breaks: ['tables/list/dropped-unlisted', 'tables/list/renamed-relisted'],
    hooks: () => listKeepsRemoved('dropTable', 'renameTable', 'listTables'),
  },
  {
    name: 'tbl-drop-missing-204',
    description: 'Dropping a table that does not exist answers 204.',
    areas: TABLES,
    breaks: ['tables/drop/missing-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropTable'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'tbl-drop-204-as-200',
    description: 'dropTable answers 200 with an empty body instead of 204, with or without purgeRequested.',
    areas: TABLES,
    // The purge rules are blocked by tables/drop/204-then-gone: a plain drop gets the same 200 (counted-once.test.ts).
    breaks: ['tables/drop/204-then-gone'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropTable'],
        (res) => withStatus(res, 200),
        (res) => res.status === 204,
      ),
    }),
  },
  {
    name: 'tbl-purge-answers-200',
    description: 'dropTable with purgeRequested=true answers 200 with a body instead of 204.',
    areas: TABLES,
    breaks: ['tables/drop/purge-204-then-gone'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropTable'],
        () => jsonOk(200, { purged: true }),
        (res, req) => res.status === 204 && req.query.get('purgeRequested') === 'true',
      ),
    }),
  },
  {
    name: 'tbl-purge-registered-500',
    description:
      'dropTable with purgeRequested=true of a registered table answers 500 (its files were not the catalog’s to delete).',
    areas: TABLES,
    breaks: ['tables/drop/purge-registered-204'],
    hooks: () => {
      // Tables registered so far, by the path their drop is sent to.
      const registered = new Set<string>()
      return {
        onRequest: onRequests(['registerTable'], (req) => {
          const name = requestJson(req)?.name
          if (typeof name === 'string')
            registered.add(`${req.path.replace(/\/register$/, '/tables')}/${encodeURIComponent(name)}`)
          return req
        }),
        onResponse: onOperations(
          ['dropTable'],
          () => errorResponse(500, 'RuntimeIOException', 'Failed to delete file'),
          (res, req) =>
            res.status === 204 && req.query.get('purgeRequested') === 'true' && registered.has(req.path),
        ),
      }
    },
  },
  {
    name: 'tbl-drop-always-purges',
    description: 'dropTable purges the metadata even when purgeRequested is absent.',
    areas: TABLES,
    breaks: ['tables/drop/no-purge-keeps-metadata'],
    hooks: () => ({
      onRequest: onRequests(['dropTable'], (req) => withQuery(req, (q) => q.set('purgeRequested', 'true'))),
    }),
  },
  {
    name: 'tbl-rename-answers-200',
    description: 'renameTable answers 200 with a body instead of 204.',
    areas: TABLES,
    // across-namespaces takes any success: the 204 is same-namespace's to judge (one defect, failed once).
    breaks: ['tables/rename/same-namespace'],
    hooks: () => ({
      onResponse: onOperations(
        ['renameTable'],
        () => jsonOk(200, { renamed: true }),
        (res) => res.status === 204,
      ),
    }),
  },
  {
    // A server that refuses `overwrite` cleanly (409 as without it, or 406) does not offer the option, which no
    // sentence requires: the rule is then unsupported. One that says it registered and kept the old table lies.
    name: 'tbl-register-overwrite-ignored',
    description:
      'registerTable with `overwrite` onto an existing table answers 200 with that table as it was: nothing was overwritten.',
    areas: TABLES,
    breaks: ['tables/register/overwrite'],
    hooks: () => ({
      onRequest: onRequests(['registerTable'], (req) => {
        const body = requestJson(req)
        if (body?.overwrite !== true || typeof body.name !== 'string') return req
        // Answered as loadTable of the existing table: a 200 with its unchanged metadata.
        const path = req.path.replace(/\/register$/, `/tables/${encodeURIComponent(body.name)}`)
        return { ...req, method: 'GET', path, body: '' }
      }),
    }),
  },
  {
    name: 'tbl-register-new-uuid',
    description: 'registerTable answers metadata with a new table-uuid instead of the registered metadata.',
    areas: TABLES,
    breaks: ['tables/register/from-metadata-location', 'tables/drop/no-purge-keeps-metadata'],
    hooks: () => ({
      onResponse: onOperations(
        ['registerTable'],
        (res) =>
          withJson(res, (b) => {
            metadataOf(b)['table-uuid'] = '00000000-0000-4000-8000-000000000000'
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'tbl-register-refused-400',
    description:
      'registerTable refuses every registration with 400 BadRequestException (a well-formed request, an existing metadata file).',
    areas: TABLES,
    files: ['tables/register.test.ts', 'tables/drop.test.ts'],
    // The purge of a registered table cannot be set up: blocked by this rule, the refusal judged once.
    breaks: ['tables/register/from-metadata-location'],
    hooks: () => ({
      onResponse: onOperations(
        ['registerTable'],
        () => errorResponse(400, 'BadRequestException', 'Registering tables is not allowed'),
        (res) => res.status === 200,
      ),
    }),
  },
]
