/**
 * Negative controls of the replay and commit-sequence properties (suites/properties/idempotent-replay.test.ts,
 * commit-invariants.test.ts): a server that honours Idempotency-Key nowhere or not on table commits, and
 * commit handling that ignores "last added", never raises last-column-id, or ignores set-location.
 */
import type { Fault } from '../fault.ts'
import { operationOf, onOperations, withJson } from '../fault-kit.ts'
import type { ServerRequest } from '../../reference-server/index.ts'
import { errorResponse } from './scenario-kit.ts'

const P = ['properties']
const REPLAY = 'properties/idempotency/replay-equivalent'
const COMMITS = 'properties/commits/valid-sequences-keep-invariants'

/** An onRequest hook that drops the table updates `drop` selects from updateTable requests. */
function dropUpdates(drop: (u: Record<string, unknown>) => boolean) {
  return (req: ServerRequest): ServerRequest => {
    if (operationOf(req) !== 'updateTable') return req
    try {
      const body = JSON.parse(req.body) as { updates?: Record<string, unknown>[] }
      if (!Array.isArray(body.updates)) return req
      return { ...req, body: JSON.stringify({ ...body, updates: body.updates.filter((u) => !drop(u)) }) }
    } catch {
      return req
    }
  }
}

export const faults: Fault[] = [
  {
    // A key ignored on every replay is the plain replay rules' defect (idempotency-key-ignored): the property is then
    // blocked by them (controls/counted-once.test.ts). This server replays at once, so only the property sees it.
    name: 'replay-forgets-earlier-keys',
    description:
      'Idempotency-Key is honoured for the latest key only: a replay after another keyed request runs again.',
    areas: P,
    files: ['properties/idempotent-replay.test.ts'],
    breaks: [REPLAY],
    hooks: () => {
      let latest: string | undefined
      const seen = new Set<string>()
      return {
        onRequest: (req: ServerRequest) => {
          const key = req.headers['idempotency-key']
          if (typeof key !== 'string') return req
          const forgotten = seen.has(key) && key !== latest
          seen.add(key)
          latest = key
          if (!forgotten) return req
          const headers = { ...req.headers }
          delete headers['idempotency-key']
          return { ...req, headers }
        },
      }
    },
  },
  {
    name: 'replay-reruns-table-commits',
    description:
      'Idempotency-Key is honoured on namespace and table create/drop, but a replayed table commit runs again.',
    areas: ['idempotency'],
    files: ['idempotency/replay.test.ts'],
    breaks: ['idempotency/table-ops/replay'],
    hooks: () => ({
      onRequest: (req: ServerRequest) => {
        if (operationOf(req) !== 'updateTable') return req
        const headers = { ...req.headers }
        delete headers['idempotency-key']
        return { ...req, headers }
      },
    }),
  },
  {
    name: 'commit-ignores-last-added-schema',
    description: 'set-current-schema with schema-id -1 (the schema added last) is silently ignored.',
    areas: P,
    files: ['properties/commit-invariants.test.ts'],
    breaks: [COMMITS],
    hooks: () => ({
      onRequest: dropUpdates((u) => u.action === 'set-current-schema' && u['schema-id'] === -1),
    }),
  },
  {
    name: 'commit-ignores-set-location',
    description: 'set-location on an existing table answers 200 but leaves the location unchanged.',
    areas: P,
    files: ['properties/commit-invariants.test.ts'],
    breaks: [COMMITS],
    hooks: () => ({ onRequest: dropUpdates((u) => u.action === 'set-location') }),
  },
  {
    // The property leaves such a commit to commits/updates/set-location, whose valid case gets the same 422
    // (controls/counted-once.test.ts); commit-ignores-set-location, a 200 that changes nothing, still fails it.
    name: 'commit-set-location-refused-422',
    description:
      'Every commit with set-location is refused 422 "A table\'s location cannot change." (lakana-server 0.20.0\'s answer).',
    areas: ['commits'],
    files: ['commits/updates.test.ts'],
    breaks: ['commits/updates/set-location'],
    hooks: () => ({
      onRequest: (req: ServerRequest) =>
        operationOf(req) === 'updateTable' && /"action":"set-location"/.test(req.body)
          ? errorResponse(422, 'ValidationError', "A table's location cannot change.")
          : req,
    }),
  },
  {
    name: 'commit-last-column-id-frozen',
    description: 'last-column-id stays at its create-time value when add-schema adds higher field ids.',
    areas: P,
    files: ['properties/commit-invariants.test.ts'],
    breaks: [COMMITS],
    hooks: () => ({
      onResponse: onOperations(
        ['updateTable', 'loadTable'],
        (res) =>
          withJson(res, (b) => {
            const md = b.metadata as
              | { 'last-column-id'?: number; schemas?: { 'schema-id'?: number; fields?: { id: number }[] }[] }
              | undefined
            const first = md?.schemas?.find((s) => s['schema-id'] === 0)
            if (md && first) md['last-column-id'] = Math.max(0, ...(first.fields ?? []).map((f) => f.id))
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
]
