/** Negative controls of suites/scan-planning/. */
import type { Fault } from '../fault.ts'
import { onOperations, operationOf, withJson } from '../fault-kit.ts'
import { rewriteRequests } from './commits.ts'
import { empty, errorResponse, jsonOk, onRequests, requestJson, withRequestJson } from './scenario-kit.ts'

const AREAS = ['scan-planning']
type Json = Record<string, unknown>

const TASK_ANSWERS = ['planTableScan', 'fetchPlanningResult', 'fetchScanTasks'] as const

/** Rewrites the file scan tasks of every 200 answer that holds some. */
function onTasks(
  fn: (tasks: Json[], body: Json) => Json[],
): NonNullable<ReturnType<Fault['hooks']>['onResponse']> {
  return onOperations(
    [...TASK_ANSWERS],
    (res) =>
      withJson(res, (b) =>
        Array.isArray(b['file-scan-tasks'])
          ? { ...b, 'file-scan-tasks': fn(b['file-scan-tasks'] as Json[], b) }
          : b,
      ),
    (res) => res.status === 200,
  )
}

/** Answers `status` with the error envelope to every plan whose body `matches`, before the server reads it. */
function answerPlans(matches: (b: Json) => boolean, status: number, type: string, message: string) {
  return onRequests(['planTableScan'], (req) => {
    const b = requestJson(req)
    return b !== undefined && matches(b) ? errorResponse(status, type, message) : req
  })
}

export const faults: Fault[] = [
  {
    name: 'plan-true-object-filter-500',
    description:
      'The planner parses only the literal true: a filter given as the TrueExpression object {"type":"true"} is a 500.',
    areas: AREAS,
    breaks: ['scan-planning/plan/always-true-filter'],
    hooks: () => ({
      onRequest: (req) =>
        operationOf(req) === 'planTableScan' && /"filter":\{"type":"true"\}/.test(req.body)
          ? errorResponse(500, 'IllegalArgumentException', 'Cannot parse missing field: term')
          : req,
    }),
  },
  {
    name: 'plan-answers-cancelled',
    description: 'planTableScan answers status "cancelled", which is invalid for a plan response.',
    areas: AREAS,
    breaks: ['scan-planning/plan/status-and-shape'],
    hooks: () => ({
      onResponse: onOperations(
        ['planTableScan'],
        (res) => withJson(res, (b) => ({ ...b, status: 'cancelled' })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    // Planned rather than refused: judged at SHOULD, as every invalid request is (invalid-body.ts).
    name: 'plan-mixed-kinds-accepted',
    description:
      'A plan mixing snapshot-id with start/end-snapshot-id is planned instead of refused with 400.',
    areas: AREAS,
    breaks: ['robustness/generated/invalid-refused'],
    hooks: () => ({
      onResponse: onOperations(
        ['planTableScan'],
        () => jsonOk(200, { status: 'completed', 'plan-id': 'p', 'file-scan-tasks': [], 'delete-files': [] }),
        (res) => res.status === 400,
      ),
    }),
  },
  {
    name: 'plan-mixed-kinds-500',
    description:
      'A plan mixing snapshot-id with start/end-snapshot-id crashes the request parser (500), as the Java fixture 1.11.0 does ("Invalid scan: cannot provide both…").',
    areas: AREAS,
    breaks: ['scan-planning/plan/mixed-kinds-400'],
    hooks: () => ({
      onRequest: answerPlans(
        (b) => b['snapshot-id'] !== undefined && b['start-snapshot-id'] !== undefined,
        500,
        'IllegalArgumentException',
        'Invalid scan: cannot provide both snapshotId and startSnapshotId/endSnapshotId',
      ),
    }),
  },
  {
    name: 'plan-incremental-without-end-500',
    description:
      'A plan with start-snapshot-id but no end-snapshot-id crashes the request parser (500), as the Java fixture 1.11.0 does ("Invalid incremental scan").',
    areas: AREAS,
    breaks: ['scan-planning/plan/incremental-without-end-400'],
    hooks: () => ({
      onRequest: answerPlans(
        (b) => b['start-snapshot-id'] !== undefined && b['end-snapshot-id'] === undefined,
        500,
        'IllegalArgumentException',
        'Invalid incremental scan: startSnapshotId and endSnapshotId is required',
      ),
    }),
  },
  {
    name: 'plan-incremental-start-inclusive',
    description:
      "An incremental plan holds the files of its start snapshot too (start-snapshot-id taken as inclusive, as the Java fixture 1.11.0's fromSnapshotInclusive does).",
    areas: AREAS,
    breaks: ['scan-planning/plan/incremental-appended-files'],
    hooks: () => ({
      // The start snapshot is the table's first, so including it plans the end snapshot whole.
      onRequest: onRequests(['planTableScan'], (req) => {
        const b = requestJson(req)
        if (b?.['start-snapshot-id'] === undefined || b['end-snapshot-id'] === undefined) return req
        const { 'start-snapshot-id': _start, ...rest } = b
        return withRequestJson(req, rest)
      }),
    }),
  },
  ...(
    [
      // A 501 "not implemented" breaks only the SHOULD that names 406 for it (the rule warns); a 500 the rule.
      [
        501,
        'NotSupported',
        'Incremental scan planning is not implemented',
        'scan-planning/plan/unsupported-406',
      ],
      [
        500,
        'NullPointerException',
        'Cannot invoke "Long.longValue()" because "fromSnapshotId" is null',
        'scan-planning/plan/incremental-appended-files',
      ],
    ] as const
  ).map(([status, type, message, broken]): Fault => ({
    name: `plan-incremental-${status}`,
    description: `Every plan with start-snapshot-id or end-snapshot-id, valid or not, answers ${status} ${type} before it is read.`,
    areas: AREAS,
    breaks: [broken],
    hooks: () => ({
      onRequest: answerPlans(
        (b) => b['start-snapshot-id'] !== undefined || b['end-snapshot-id'] !== undefined,
        status,
        type,
        message,
      ),
    }),
  })),
  {
    // Counted once (controls/counted-once.test.ts): the plan rules meeting the same 501 are blocked by it.
    name: 'plan-not-implemented-501',
    description:
      'planTableScan is advertised but not implemented: every plan, a plain one too, answers 501 with the error envelope.',
    areas: ['config', ...AREAS],
    breaks: ['config/endpoints/declared-served'],
    hooks: () => ({
      onRequest: answerPlans(() => true, 501, 'NotImplementedException', 'Scan planning is not implemented'),
    }),
  },
  {
    name: 'plan-missing-table-500',
    description: 'Planning a scan of a missing table is a 500.',
    areas: AREAS,
    breaks: ['scan-planning/plan/missing-table-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['planTableScan'],
        () => errorResponse(500, 'InternalServerError', 'Unexpected error'),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'fetch-tasks-while-submitted',
    description: 'fetchPlanningResult answers "submitted" together with file scan tasks.',
    areas: AREAS,
    breaks: ['scan-planning/fetch/lifecycle'],
    hooks: () => ({
      onResponse: onOperations(
        ['fetchPlanningResult'],
        (res) =>
          withJson(res, (b) => ({
            ...b,
            status: 'submitted',
            'file-scan-tasks': b['file-scan-tasks'] ?? [],
          })),
        (res) => res.status === 200,
      ),
    }),
    allowErrors: ['scan-planning/tasks/plan-task'],
  },
  {
    name: 'fetch-unknown-plan-cancelled',
    description: 'Fetching an unknown plan-id answers 200 "cancelled" instead of 404.',
    areas: AREAS,
    breaks: ['scan-planning/fetch/unknown-plan-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['fetchPlanningResult'],
        () => jsonOk(200, { status: 'cancelled' }),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'cancel-unknown-plan-204',
    description: 'Cancelling an unknown plan-id answers 204 instead of 404.',
    areas: AREAS,
    breaks: ['scan-planning/cancel/unknown-plan-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['cancelPlanning'],
        () => empty(204),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'tasks-lose-a-file',
    description: 'fetchScanTasks leaves out the first file scan task of each plan task.',
    areas: AREAS,
    breaks: ['scan-planning/tasks/plan-task'],
    hooks: () => ({
      onResponse: onOperations(
        ['fetchScanTasks'],
        (res) =>
          withJson(res, (b) => ({
            ...b,
            'file-scan-tasks': ((b['file-scan-tasks'] ?? []) as Json[]).slice(1),
          })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'tasks-unknown-200',
    description: 'An unknown plan task answers 200 with no tasks instead of 404.',
    areas: AREAS,
    breaks: ['scan-planning/tasks/unknown-task-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['fetchScanTasks'],
        () => jsonOk(200, { 'file-scan-tasks': [] }),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'plan-ignores-snapshot-id',
    description: 'planTableScan ignores snapshot-id and plans the current snapshot (no time travel).',
    areas: AREAS,
    breaks: ['scan-planning/plan/files-of-snapshot'],
    hooks: () => ({
      onRequest: rewriteRequests(['planTableScan'], (body) => {
        if (body['start-snapshot-id'] === undefined) delete body['snapshot-id']
        return body
      }),
    }),
  },
  {
    name: 'plan-repeats-a-file',
    description:
      'Every answer holding file scan tasks repeats its first task, so that data file is read twice.',
    areas: AREAS,
    breaks: ['scan-planning/plan/files-of-snapshot', 'scan-planning/tasks/plan-task'],
    hooks: () => ({ onResponse: onTasks((tasks) => (tasks.length > 0 ? [...tasks, tasks[0]!] : tasks)) }),
  },
  {
    name: 'plan-drops-delete-references',
    description: 'File scan tasks lose their delete-file-references: clients read rows that were deleted.',
    areas: AREAS,
    breaks: ['scan-planning/plan/delete-references'],
    hooks: () => ({
      onResponse: onTasks((tasks) => tasks.map(({ 'delete-file-references': _refs, ...t }) => t)),
    }),
  },
  {
    name: 'plan-delete-references-off-by-one',
    description: 'delete-file-references count from 1, so they miss or overrun the delete-files array.',
    areas: AREAS,
    breaks: ['scan-planning/plan/delete-references'],
    hooks: () => ({
      onResponse: onTasks((tasks) =>
        tasks.map((t) =>
          Array.isArray(t['delete-file-references'])
            ? { ...t, 'delete-file-references': (t['delete-file-references'] as number[]).map((i) => i + 1) }
            : t,
        ),
      ),
    }),
  },
]
