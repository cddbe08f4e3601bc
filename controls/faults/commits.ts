/**
 * Negative controls of the commits area: a server that ignores requirements, misreads them, drops one
 * update action, reorders updates, reuses metadata locations, corrupts committed metadata, ignores
 * stage-create or assert-create, or accepts unknown updates. Each makes the matching rules of suites/commits fail.
 * Also exports the request rewrites the other scenario fault modules share.
 */
import type { FaultHooks, ServerRequest } from '../../reference-server/index.ts'
import type { OperationId } from '../../schemas/operations.ts'
import type { Fault } from '../fault.ts'
import { onOperations, operationOf, withJson } from '../fault-kit.ts'
import { parseJson, stringifyJson } from '../../schemas/model/json-int64.ts'
import { UPDATE_CASES } from '../../suites/commits/update-cases.ts'
import { errorResponse, requestJson } from './scenario-kit.ts'

type Json = Record<string, unknown>

/** An `onRequest` hook that rewrites the JSON body of requests to `ops` (a deep copy is passed). */
export function rewriteRequests(
  ops: readonly OperationId[],
  fn: (body: Json, req: ServerRequest) => unknown,
): NonNullable<FaultHooks['onRequest']> {
  return (req) => {
    const op = operationOf(req)
    if (op === undefined || !ops.includes(op) || req.body === '') return req
    let body: unknown
    try {
      // Without loss, so a rewrite changes only what it means to (the harness sends 63-bit snapshot ids).
      body = parseJson(req.body)
    } catch {
      return req
    }
    if (!body || typeof body !== 'object') return req
    const copy = structuredClone(body) as Json
    return { ...req, body: stringifyJson(fn(copy, req) ?? copy) }
  }
}

const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : [])

/** The updates of an updateTable request's body (none when it has no JSON body). */
const updatesOf = (req: ServerRequest): Json[] => list(requestJson(req)?.updates)

/** Applies `fn` to every CommitTableRequest of an updateTable or commitTransaction body. */
export function eachTableChange(body: Json, fn: (change: Json) => void): void {
  if (Array.isArray(body['table-changes'])) for (const c of list(body['table-changes'])) fn(c)
  else fn(body)
}

const AREA = ['commits']

/** Rewrites the table metadata of every successful commit and load answer, as a server that keeps it wrong would. */
const rewriteMetadata = (rewrite: (md: Json) => void): FaultHooks => ({
  onResponse: onOperations(
    ['updateTable', 'loadTable'],
    (res) =>
      withJson(res, (b) => {
        const md = b.metadata as Json | undefined
        if (md) rewrite(md)
      }),
    (res) => res.status === 200,
  ),
})
const HOLDS = [
  'assert-table-uuid',
  'assert-ref-snapshot-id-absent',
  'assert-ref-snapshot-id',
  'assert-ref-snapshot-id-exists',
  'assert-ref-snapshot-id-branch',
  'assert-last-assigned-field-id',
  'assert-current-schema-id',
  'assert-last-assigned-partition-id',
  'assert-default-spec-id',
  'assert-default-sort-order-id',
]

/** A requirement made to fail: what a server that compares against the wrong value would conclude. */
function spoil(r: Json): Json {
  const out: Json = { ...r }
  for (const [k, v] of Object.entries(r)) {
    if (k === 'type' || k === 'ref') continue
    if (typeof v === 'number') out[k] = v + 1
    else if (typeof v === 'string') out[k] = '00000000-0000-4000-8000-000000000000'
    else if (v === null) out[k] = 1
  }
  return out
}

const stripAction = (action: string): FaultHooks => ({
  onRequest: rewriteRequests(['updateTable'], (body) => {
    body.updates = list(body.updates).filter((u) => u.action !== action)
  }),
})

/** Rules whose case sends `action` (set-snapshot-ref-tag is a set-snapshot-ref). */
const actionOf = (caseAction: string): string => caseAction.replace(/-tag$/, '')

export const faults: Fault[] = [
  {
    name: 'commit-requirements-ignored',
    description: 'updateTable applies the updates without checking the requirements: stale commits succeed.',
    areas: AREA,
    breaks: [
      ...HOLDS.map((h) => `commits/requirements/${h}/fails-409`),
      'commits/requirements/all-must-hold',
    ],
    hooks: () => ({ flags: { ignoreRequirements: true } }),
  },
  {
    name: 'commit-requirements-misread',
    description:
      'updateTable compares every requirement against the wrong value, so holding requirements fail (409).',
    areas: AREA,
    breaks: HOLDS.map((h) => `commits/requirements/${h}/holds`),
    allowErrors: ['commits/*'],
    hooks: () => ({
      onRequest: rewriteRequests(['updateTable'], (body) => {
        if (list(body.requirements).some((r) => r.type === 'assert-create')) return
        body.requirements = list(body.requirements).map(spoil)
      }),
    }),
  },
  {
    name: 'commit-branch-ref-requirement-ignored',
    description:
      'updateTable checks assert-ref-snapshot-id only for main: the requirement on any other branch is ignored, so a stale snapshot id of that branch commits.',
    areas: AREA,
    files: ['commits/requirements.test.ts'],
    breaks: ['commits/requirements/assert-ref-snapshot-id-branch/fails-409'],
    hooks: () => ({
      onRequest: rewriteRequests(['updateTable', 'commitTransaction'], (body) =>
        eachTableChange(body, (change) => {
          change.requirements = list(change.requirements).filter(
            (r) => r.type !== 'assert-ref-snapshot-id' || r.ref === 'main',
          )
        }),
      ),
    }),
  },
  {
    name: 'commit-unknown-kinds-ignored',
    description: 'Unknown requirement types and update actions are skipped instead of answered with 400.',
    areas: AREA,
    breaks: ['commits/requirements/unknown-type-400', 'commits/updates/unknown-action-400'],
    hooks: () => ({ flags: { ignoreUnknownUpdates: true } }),
  },
  {
    // Before 1.7 the rules that ask any 4xx judge it (from 1.7 the 400 rules above supersede them).
    name: 'commit-unknown-kinds-ignored-profile-1-6',
    description: 'The same, judged under the 1.6 profile, whose document names no 400 for them.',
    areas: AREA,
    breaks: ['commits/requirements/unknown-type-refused', 'commits/updates/unknown-action-refused'],
    hooks: () => ({ flags: { ignoreUnknownUpdates: true } }),
    runArgs: ['--profile', '1.6'],
  },
  {
    // The Java fixture before 1.8: its document lists remove-partition-specs, its parser does not know it.
    name: 'update-remove-specs-500',
    description:
      'Any commit with remove-partition-specs answers 500 (the server cannot parse the action), valid or not.',
    areas: AREA,
    // commits/invalid-updates/remove-default-spec is blocked by it (counted-once.test.ts).
    breaks: ['commits/updates/remove-partition-specs'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        () =>
          errorResponse(
            500,
            'UnsupportedOperationException',
            'Cannot convert metadata update action to json: remove-partition-specs',
          ),
        (_res, req) => updatesOf(req).some((u) => u.action === 'remove-partition-specs'),
      ),
    }),
  },
  {
    name: 'commit-missing-table-409',
    description: 'A commit to a table that does not exist is answered 409 CommitFailed instead of 404.',
    areas: AREA,
    breaks: ['commits/requirements/missing-table-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        (res) => ({
          ...res,
          status: 409,
          body: JSON.stringify({
            error: { message: 'Commit failed', type: 'CommitFailedException', code: 409 },
          }),
        }),
        (res) => res.status === 404,
      ),
    }),
  },
  ...UPDATE_CASES.map((c): Fault => ({
    name: `commit-drops-${c.action}`,
    description: `updateTable answers 200 but silently skips every ${actionOf(c.action)} update.`,
    areas: AREA,
    breaks: [`commits/updates/${c.action}`],
    allowErrors: ['commits/*'],
    hooks: () =>
      c.action === 'add-snapshot'
        ? {
            // Dropping add-snapshot everywhere would break setup steps; drop it where no ref moves to it.
            onRequest: rewriteRequests(['updateTable'], (body) => {
              if (list(body.updates).some((u) => u.action === 'set-snapshot-ref')) return
              body.updates = list(body.updates).filter((u) => u.action !== 'add-snapshot')
            }),
          }
        : stripAction(actionOf(c.action)),
  })),
  {
    name: 'commit-updates-reversed',
    description: 'updateTable applies the updates of one commit in reverse order.',
    areas: AREA,
    breaks: ['commits/updates/applied-in-order'],
    allowErrors: ['commits/*'],
    hooks: () => ({
      onRequest: rewriteRequests(['updateTable'], (body) => {
        body.updates = list(body.updates).reverse()
      }),
    }),
  },
  {
    name: 'commit-reuses-metadata-location',
    description: 'A commit overwrites the current metadata file instead of writing a new metadata-location.',
    areas: AREA,
    breaks: ['commits/metadata-location/new-per-commit', 'commits/invariants/commit-history'],
    hooks: () => ({ flags: { reuseMetadataLocation: true } }),
  },
  {
    name: 'commit-response-dangling-schema',
    description: 'The commit response names a current-schema-id that is not among its schemas.',
    areas: AREA,
    breaks: ['commits/invariants/table-metadata', 'commits/response/equals-reload'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        (res) =>
          withJson(res, (b) => {
            const md = b.metadata as Json | undefined
            if (md) md['current-schema-id'] = 999
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    // The invalid-update probe sends the valid upgrade (from a v1 table) after the 500: a server that offers no v1
    // tables must not turn the variant's failure into unsupported.
    name: 'v1-refused-upgrade-unknown-500',
    description:
      'Format-version 1 tables are refused (406), and an upgrade-format-version past every version answers 500.',
    areas: AREA,
    breaks: ['commits/invalid-updates/upgrade-format-version-unknown'],
    hooks: () => ({
      onResponse: (req, res) => {
        const op = operationOf(req)
        const body = requestJson(req)
        if (op === 'createTable' && (body?.properties as Json | undefined)?.['format-version'] === '1')
          return errorResponse(
            406,
            'UnsupportedOperationException',
            'format-version 1 tables are not offered',
          )
        if (
          op === 'updateTable' &&
          updatesOf(req).some((u) => u.action === 'upgrade-format-version' && u['format-version'] === 99)
        )
          return errorResponse(500, 'InternalServerError', 'Unknown format version: 99')
        return res
      },
    }),
  },
  {
    name: 'schema-commit-metadata-log-not-kept',
    description:
      'A commit that sets the current schema does not record the previous metadata file in metadata-log (as committed and as loaded); other commits do.',
    areas: AREA,
    breaks: ['commits/invariants/metadata-log'],
    hooks: () => {
      // The tables whose last commit set the current schema: their metadata shows no log until the next commit.
      const forgotten = new Set<string>()
      return {
        onResponse: onOperations(
          ['updateTable', 'loadTable'],
          (res, req) => {
            if (operationOf(req) === 'updateTable') {
              if (updatesOf(req).some((u) => u.action === 'set-current-schema')) forgotten.add(req.path)
              else forgotten.delete(req.path)
            }
            if (!forgotten.has(req.path)) return res
            return withJson(res, (b) => {
              const md = b.metadata as Json | undefined
              if (md) md['metadata-log'] = []
            })
          },
          (res) => res.status === 200,
        ),
      }
    },
  },
  {
    name: 'commit-metadata-log-not-kept',
    description:
      'Commits do not record the previous metadata file in metadata-log (as committed and as loaded).',
    areas: AREA,
    breaks: ['commits/invariants/metadata-log'],
    hooks: () =>
      rewriteMetadata((md) => {
        md['metadata-log'] = []
      }),
  },
  {
    name: 'commit-snapshot-log-skips-rollback',
    description:
      'A rollback (main set back to an earlier snapshot) adds no snapshot-log entry: the log only records snapshots when they first become current.',
    areas: AREA,
    files: ['commits/history.test.ts'],
    breaks: ['commits/invariants/snapshot-log'],
    hooks: () =>
      rewriteMetadata((md) => {
        const seen = new Set<unknown>()
        md['snapshot-log'] = list(md['snapshot-log']).filter((e) => {
          const first = !seen.has(e['snapshot-id'])
          seen.add(e['snapshot-id'])
          return first
        })
      }),
  },
  {
    name: 'commit-metadata-log-reversed',
    description:
      "metadata-log is written newest first: the log is out of time order (Java's parser refuses it).",
    areas: AREA,
    // after-each-commit's plain sequence judges it (the update kinds leave what every commit breaks to it).
    files: ['commits/sequence.test.ts'],
    breaks: ['commits/invariants/metadata-log'],
    hooks: () =>
      rewriteMetadata((md) => {
        const log = list(md['metadata-log'])
        if (log.length > 1) md['metadata-log'] = [...log].reverse()
      }),
  },
  {
    name: 'commit-last-updated-frozen',
    description: 'last-updated-ms is set when the table is created and never updated by a commit.',
    areas: AREA,
    files: ['commits/history.test.ts'],
    breaks: ['commits/invariants/last-updated-ms'],
    hooks: () =>
      rewriteMetadata((md) => {
        // The first metadata-log entry carries the creation's last-updated-ms (the previous file's time).
        const created = list(md['metadata-log'])[0]?.['timestamp-ms']
        if (typeof created === 'number') md['last-updated-ms'] = created
      }),
  },
  {
    name: 'commit-response-stale-location',
    description:
      'The commit response carries the previous metadata-location while a load returns the new one.',
    areas: AREA,
    breaks: ['commits/response/equals-reload', 'commits/metadata-location/new-per-commit'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        (res) =>
          withJson(res, (b) => {
            const log = list((b.metadata as Json | undefined)?.['metadata-log'])
            const previous = log.at(-1)?.['metadata-file']
            if (typeof previous === 'string') b['metadata-location'] = previous
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'stage-create-stores-table',
    description: 'stage-create: true creates the table at once, as a normal create would.',
    areas: AREA,
    breaks: ['commits/stage-create/not-listed-not-loadable', 'commits/stage-create/assert-create-completes'],
    allowErrors: ['commits/*'],
    hooks: () => ({ flags: { ignoreStageCreate: true } }),
  },
  {
    name: 'create-commit-ignores-assign-uuid',
    description:
      'Completing a staged create keeps a server-chosen uuid instead of the one assign-uuid sends.',
    areas: AREA,
    breaks: ['commits/stage-create/assert-create-completes'],
    hooks: () => ({
      onRequest: rewriteRequests(['updateTable'], (body) => {
        if (!list(body.requirements).some((r) => r.type === 'assert-create')) return
        body.updates = list(body.updates).filter((u) => u.action !== 'assign-uuid')
      }),
    }),
  },
  {
    name: 'create-commit-drops-append',
    description: "The original document's append update is accepted (200) but adds no snapshot.",
    areas: AREA,
    breaks: ['commits/stage-create/append'],
    // append exists only in the original document: the rule is judged under its profile.
    runArgs: ['--profile', 'document'],
    hooks: () => stripAction('append'),
  },
  {
    name: 'assert-create-ignored',
    description:
      'assert-create is not checked: a create commit on an existing table is applied as an update.',
    areas: AREA,
    breaks: ['commits/stage-create/assert-create-existing-409'],
    allowErrors: ['commits/*'],
    hooks: () => ({
      onRequest: rewriteRequests(['updateTable'], (body) => {
        body.requirements = list(body.requirements).filter((r) => r.type !== 'assert-create')
      }),
    }),
  },
  {
    name: 'commit-response-breaks-invariants',
    description: 'a commit answers metadata whose current-schema-id names no schema (a corrupted response).',
    areas: ['commits'],
    breaks: ['commits/invariants/after-each-commit'],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable'],
        (res) =>
          withJson(res, (b) => ({
            ...b,
            metadata: { ...(b.metadata as object), 'current-schema-id': 9999 },
          })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'commit-ids-rounded-through-double',
    description:
      'The server reads and writes JSON numbers as doubles (53 bits): random 63-bit snapshot ids come back as their nearest double, ids about a thousand apart are one, so a second snapshot 1 apart is a duplicate and a stale assert-ref-snapshot-id 1 away holds.',
    areas: AREA,
    files: ['commits/int64-ids.test.ts'],
    breaks: ['commits/ids/int64-exact'],
    hooks: () => {
      const viaDouble = (text: string): string => {
        try {
          return JSON.stringify(JSON.parse(text))
        } catch {
          return text
        }
      }
      return {
        onRequest: (req) => (req.body === '' ? req : { ...req, body: viaDouble(req.body) }),
        onResponse: (_req, res) =>
          res.body === undefined || !(res.headers['content-type'] ?? '').includes('json')
            ? res
            : { ...res, body: viaDouble(res.body) },
      }
    },
  },
]
