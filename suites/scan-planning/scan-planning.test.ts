/**
 * Server-side scan planning: plan answers completed, submitted or failed
 * (never cancelled), with tasks only when completed and a plan-id when submitted; fetch, cancel and tasks
 * answer their shapes and statuses; unknown plans and tasks are 404; invalid combinations are 400.
 * Planning is optional: a 406 or an unadvertised endpoint is "unsupported".
 */
import { operation, rule } from '../_harness/dsl.ts'
import type { Fixtures } from '../_harness/dsl.ts'
import { createTable, tableRequest } from '../_harness/support/catalog-objects.ts'
import { definesField, delegationHeader, freshIdempotencyKey } from '../_harness/support/spec-params.ts'
import { anyAnswer } from '../_harness/support/statuses.ts'
import { judgeInvalidBody } from '../_harness/support/invalid-body.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { Blocked, ERROR_CODES, errorCode } from '../_harness/results/errors.ts'
import { errorTypeOf, notImplemented } from '../_harness/not-served.ts'
import { dataFiles, incrementalTable, seededTable, type SeedContext } from './seed.ts'
import { PLAIN_PLAN_RULE, blockIfPlansNotServed } from './plain-plan.ts'
import { NOT_SERVED_CARRIER } from '../_harness/checker.ts'

interface PlanResult {
  status?: string
  'plan-id'?: string
  'file-scan-tasks'?: unknown[]
  'plan-tasks'?: string[]
  'delete-files'?: unknown[]
}

const TASK_FIELDS = ['file-scan-tasks', 'plan-tasks', 'delete-files'] as const

/** The rule of a valid incremental plan: the carrier of a server error that every incremental plan gets. */
const INCREMENTAL_RULE = 'scan-planning/plan/incremental-appended-files'

/** Thrown by the probe's seeding where the run could not seed a table: the probe then has no answer. */
class NoProbe extends Error {}

/**
 * The answer INCREMENTAL_RULE's own plan gets (a valid incremental plan of a seeded table), or undefined when this run
 * cannot make that table (an unreachable table location, a refused commit): the invalid plan is then judged alone.
 */
async function validIncrementalAnswer(ctx: Fixtures): Promise<Exchange | undefined> {
  const stop = (): never => {
    throw new NoProbe()
  }
  const probeCtx = { ...ctx, unsupported: stop, notConfigured: stop }
  try {
    const ns = await ctx.sandbox.namespace(ctx.catalog, 'incprobe')
    const { body } = await incrementalTable(probeCtx, ns)
    return await ctx.catalog.op.planTableScan({ namespace: ns, table: 't', body })
  } catch (e) {
    const code = errorCode(e)
    if (e instanceof NoProbe || code === ERROR_CODES.setup || code === ERROR_CODES.blocked) return undefined
    throw e
  }
}

/**
 * An incremental plan request the document calls invalid, on a fresh table, judged as every request that fails
 * validation is (invalid-body.ts): a 5xx fails, a refusal other than 400 and an acceptance are SHOULDs (a 406 says the
 * server does not plan scans). One that gets a server error is left to INCREMENTAL_RULE when a valid incremental plan
 * gets the same status and error type: a server that plans no incremental scan (rustberg's 501 "not implemented" to
 * any start-snapshot-id) cannot be asked which of them it refuses, and that one answer is judged there once.
 */
async function invalidPlanRefused(
  ctx: Fixtures,
  label: string,
  body: Record<string, unknown>,
  what: string,
): Promise<void> {
  const { catalog, sandbox, check, unsupported } = ctx
  const ns = await sandbox.namespace(catalog, label)
  await createTable(catalog, check, ns, 't')
  const ex = await catalog.op.planTableScan({ namespace: ns, table: 't', body })
  if (ex.status === 406) unsupported('the server does not plan scans (406)')
  if (ex.status >= 500) {
    const valid = await validIncrementalAnswer(ctx)
    if (valid && valid.status === ex.status && errorTypeOf(valid) === errorTypeOf(ex))
      throw new Blocked(
        `blocked by ${INCREMENTAL_RULE}: this invalid plan answered ${ex.status}, as a valid incremental plan did; an incremental scan the server does not plan is judged there once`,
        INCREMENTAL_RULE,
      )
  }
  judgeInvalidBody(check, ex, what)
}

/** A fresh namespace with a table holding `files` data files, and a first plan of it. */
async function planTableWithFiles(
  ctx: SeedContext,
  label: string,
  files: number,
): Promise<{ ns: string[]; plan: PlanResult }> {
  const ns = await ctx.sandbox.namespace(ctx.catalog, label)
  await seededTable(ctx, ns, [(md) => dataFiles(md, 'conformance', files)])
  const plan = ctx.check.setup<PlanResult>(
    await ctx.catalog.op.planTableScan({ namespace: ns, table: 't', body: {} }),
    'plan a scan',
  )
  return { ns, plan }
}

operation('planTableScan', () => {
  rule(
    {
      id: 'scan-planning/plan/status-and-shape',
      title:
        'plan answers completed, submitted or failed; tasks only when completed; a plan-id when submitted',
      requires: ['createNamespace', 'createTable', 'planTableScan'],
    },
    async ({ catalog, sandbox, check, run, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'plan')
      await createTable(catalog, check, ns, 't')
      // With the 1.11 row hint, which the server may follow or not: it changes none of what is judged here.
      const body = definesField(run, 'planTableScan', 'min-rows-requested') ? { 'min-rows-requested': 1 } : {}
      const ex = await catalog.op.planTableScan({ namespace: ns, table: 't', body })
      // Not implemented at all: config/endpoints/declared-served's defect (its probe is the plain plan), judged there.
      await blockIfPlansNotServed(
        { catalog, run },
        ns,
        't',
        NOT_SERVED_CARRIER,
        ex,
        Object.keys(body).length === 0,
      )
      check.accepts(ex, [200, 406])
      if (ex.status === 406) {
        check.conform(ex, { status: 406 }) // a refusal still carries the error envelope
        unsupported('the server does not plan scans (406)')
      }
      // This rule's assertions first; the registry's schema check (schema/PlanTableScanResult) after them.
      const res = ((ex.status === 200 ? ex.json : undefined) ?? {}) as PlanResult
      check.that(
        ['completed', 'submitted', 'failed'].includes(String(res.status)),
        'status is completed, submitted or failed',
        {
          received: res.status,
        },
      )
      if (res.status !== 'completed')
        check.that(
          TASK_FIELDS.every((f) => res[f] === undefined),
          'no tasks unless completed',
          { received: res },
        )
      if (res.status === 'submitted')
        check.that(
          typeof res['plan-id'] === 'string' && res['plan-id'] !== '',
          'a submitted plan has a plan-id',
        )
      check.conform(ex, { status: 200 })
    },
  )

  rule(
    {
      id: 'scan-planning/plan/mixed-kinds-400',
      title:
        'a plan that mixes snapshot-id with start/end-snapshot-id is never answered with a 5xx; refused with a 4xx (400 expected)',
      requires: ['createNamespace', 'createTable', 'planTableScan'],
    },
    (ctx) =>
      invalidPlanRefused(
        ctx,
        'mixed',
        { 'snapshot-id': 1, 'start-snapshot-id': 1, 'end-snapshot-id': 2 },
        'snapshot-id with start- and end-snapshot-id',
      ),
  )

  rule(
    {
      id: 'scan-planning/plan/incremental-without-end-400',
      title:
        'a plan with start-snapshot-id but no end-snapshot-id is never answered with a 5xx; refused with a 4xx (400 expected)',
      requires: ['createNamespace', 'createTable', 'planTableScan'],
    },
    (ctx) =>
      invalidPlanRefused(
        ctx,
        'noend',
        { 'start-snapshot-id': 1 },
        'start-snapshot-id without end-snapshot-id',
      ),
  )

  rule(
    {
      id: 'scan-planning/plan/missing-table-404',
      title: 'planning a scan of a table that does not exist is 404',
      requires: ['createNamespace', 'planTableScan'],
    },
    async ({ catalog, sandbox, check, run }) => {
      const ns = await sandbox.namespace(catalog, 'planmissing')
      const ex = await catalog.op.planTableScan({ namespace: ns, table: 'nope', body: {} })
      // Not implemented, for a table that exists too: planning is not served at all, the plain plan's rule's defect.
      if (notImplemented(ex, run.noRoute)) {
        const created = await catalog.op.createTable({ namespace: ns, body: tableRequest('t') })
        if (created.status === 200)
          await blockIfPlansNotServed({ catalog, run }, ns, 't', PLAIN_PLAN_RULE, ex)
      }
      check.conform(ex, { status: 404, errorType: /NoSuchTable/ })
    },
  )
})

operation('fetchPlanningResult', () => {
  rule(
    {
      id: 'scan-planning/fetch/lifecycle',
      title: 'a submitted plan is fetched (completed, submitted, failed or cancelled) and cancelled with 204',
      requires: [
        'createNamespace',
        'createTable',
        'updateTable',
        'planTableScan',
        'fetchPlanningResult',
        'cancelPlanning',
      ],
    },
    async (ctx) => {
      const { catalog, check, unsupported } = ctx
      const { ns, plan } = await planTableWithFiles(ctx, 'fetch', 2)
      const planId = plan['plan-id']
      if (plan.status !== 'submitted' || !planId)
        unsupported(`the server plans synchronously (${plan.status})`)
      const fetched = check.conform<PlanResult>(
        await catalog.op.fetchPlanningResult({ namespace: ns, table: 't', planId }),
        { status: 200 },
      )
      check.that(
        ['completed', 'submitted', 'failed', 'cancelled'].includes(String(fetched.status)),
        'the fetched status is one of the PlanStatus values',
        { received: fetched.status },
      )
      if (fetched.status !== 'completed')
        check.that(
          TASK_FIELDS.every((f) => fetched[f] === undefined),
          'no tasks unless completed',
          { received: fetched },
        )
      // The same read with the delegation header (1.11): the server may supply access via the requested mechanism
      // or none, and the document gives the header no other behaviour, so any answer but a 5xx will do (a 200 is
      // judged against the schema).
      const delegated = await catalog.op.fetchPlanningResult({
        namespace: ns,
        table: 't',
        planId,
        headers: delegationHeader(ctx.run, 'fetchPlanningResult'),
      })
      check.conform(delegated, { status: anyAnswer(delegated.status) })
      check.conform(await catalog.op.cancelPlanning({ namespace: ns, table: 't', planId }), { status: 204 })
      // A second plan and its cancel as a client that asks for credentials and sends Idempotency-Key (1.11): the
      // document states no replay on these routes ("mutation endpoints" advertise it), so the keys are only sent,
      // once each, and any answer but a 5xx will do.
      const again = await catalog.op.planTableScan({
        namespace: ns,
        table: 't',
        body: {},
        headers: {
          ...delegationHeader(ctx.run, 'planTableScan'),
          ...freshIdempotencyKey(ctx.run, 'planTableScan'),
        },
      })
      const second = check.conform<PlanResult>(again, { status: anyAnswer(again.status) })
      if (again.status === 200 && second.status === 'submitted' && second['plan-id']) {
        const cancel = await catalog.op.cancelPlanning({
          namespace: ns,
          table: 't',
          planId: second['plan-id'],
          headers: {
            ...delegationHeader(ctx.run, 'cancelPlanning'),
            ...freshIdempotencyKey(ctx.run, 'cancelPlanning'),
          },
        })
        check.conform(cancel, { status: anyAnswer(cancel.status) })
      }
    },
  )

  rule(
    {
      id: 'scan-planning/fetch/unknown-plan-404',
      title: 'fetching a plan-id that does not exist is 404',
      requires: ['createNamespace', 'createTable', 'fetchPlanningResult'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'noplan')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.fetchPlanningResult({
        namespace: ns,
        table: 't',
        planId: 'conformance-no-plan',
      })
      check.conform(ex, { status: 404, errorType: /NoSuchPlanId/ })
    },
  )
})

operation('cancelPlanning', () => {
  rule(
    {
      id: 'scan-planning/cancel/unknown-plan-404',
      title: 'cancelling a plan-id that does not exist is 404',
      requires: ['createNamespace', 'createTable', 'cancelPlanning'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'nocancel')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.cancelPlanning({ namespace: ns, table: 't', planId: 'conformance-no-plan' })
      check.conform(ex, { status: 404, errorType: /NoSuchPlanId/ })
    },
  )
})

operation('fetchScanTasks', () => {
  rule(
    {
      id: 'scan-planning/tasks/plan-task',
      title: 'each plan task of a completed plan is fetched with 200 and file scan tasks',
      requires: [
        'createNamespace',
        'createTable',
        'updateTable',
        'planTableScan',
        'fetchPlanningResult',
        'fetchScanTasks',
      ],
    },
    async (ctx) => {
      const { catalog, check, unsupported } = ctx
      const first = await planTableWithFiles(ctx, 'tasks', 9)
      const ns = first.ns
      let res = first.plan
      for (let i = 0; i < 20 && res.status === 'submitted' && res['plan-id']; i++) {
        const planId: string = res['plan-id']
        res = check.setup<PlanResult>(
          await catalog.op.fetchPlanningResult({ namespace: ns, table: 't', planId }),
          'fetch the plan',
        )
        if (res.status === 'submitted') res['plan-id'] = planId
      }
      const planTasks = res['plan-tasks'] ?? []
      if (res.status !== 'completed' || planTasks.length === 0)
        unsupported(`the plan returned no plan tasks (status ${res.status}); all tasks came inline`)
      let files = (res['file-scan-tasks'] ?? []).length
      for (const task of planTasks) {
        const got = check.conform<PlanResult>(
          await catalog.op.fetchScanTasks({ namespace: ns, table: 't', body: { 'plan-task': task } }),
          { status: 200 },
        )
        files += (got['file-scan-tasks'] ?? []).length
      }
      check.equal(files, 9, 'the plan tasks together hold every data file of the table')
      // A plan task fetched again under an Idempotency-Key (1.11): only sent, as on the other planning routes.
      const keyed = await catalog.op.fetchScanTasks({
        namespace: ns,
        table: 't',
        body: { 'plan-task': planTasks[0] },
        headers: freshIdempotencyKey(ctx.run, 'fetchScanTasks'),
      })
      check.conform(keyed, { status: anyAnswer(keyed.status) })
    },
  )

  rule(
    {
      id: 'scan-planning/tasks/unknown-task-404',
      title: 'fetching a plan task that does not exist is 404 (or 400 for a malformed task)',
      requires: ['createNamespace', 'createTable', 'fetchScanTasks'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'notask')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.fetchScanTasks({
        namespace: ns,
        table: 't',
        body: { 'plan-task': 'conformance-no-task' },
      })
      check.conform(ex, { status: [404, 400], errorType: /NoSuchPlanTask|BadRequest/ })
    },
  )
})
