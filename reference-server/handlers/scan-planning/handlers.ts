/**
 * Server-side scan planning: a faithful minimal planner over the data files of a snapshot and the delete
 * files that apply to them, read from its manifest list and manifests (planning/manifests.ts), whoever wrote them: a client's add-snapshot or the
 * document profile's `append`. A snapshot it cannot read fully is refused with 406 rather than planned
 * partially. It never prunes: every file of the scanned
 * snapshot becomes a file scan task without a residual, so the client applies the filter itself,
 * which the spec allows. A scan of a table with data is answered `submitted`, and the first fetch
 * completes it, so fetch and cancel are exercised; with `settings.plansCompleteAtOnce` it is answered
 * `completed` at once (for clients that cannot poll, like PyIceberg 0.12). More than FILES_PER_TASK
 * files are split into plan tasks for fetchScanTasks.
 */
import { badRequest, noSuchPlanId, noSuchPlanTask, unsupported } from '../../errors.ts'
import { isObject, isStringArray, type JsonObject } from '../../json.ts'
import type { HandlerContext, OperationInput, OperationResult } from '../context.ts'
import { storageCredentials } from '../delegation.ts'
import { existingTable } from '../tables.ts'
import type { Plan } from './plan-store.ts'
import { isInt64, type Int64 } from '../../../schemas/model/json-int64.ts'
import { CannotPlan, planScan, type ScanTask } from '../../planning/manifests.ts'

/** Files per plan task; at most this many are returned inline. */
export const FILES_PER_TASK = 4

// Snapshot ids are 64-bit: beyond 2^53 they arrive as exact bigints (schemas/model/json-int64.ts).
const isInt = isInt64

function snapshotIds(md: JsonObject): Set<unknown> {
  const snapshots = Array.isArray(md.snapshots) ? md.snapshots : []
  return new Set(snapshots.flatMap((s) => (isObject(s) ? [s['snapshot-id']] : [])))
}

function checkRequest(req: JsonObject, md: JsonObject): void {
  for (const k of ['snapshot-id', 'start-snapshot-id', 'end-snapshot-id', 'min-rows-requested']) {
    if (req[k] !== undefined && !isInt(req[k])) throw badRequest(`Invalid ${k}: expected an integer`)
  }
  for (const k of ['select', 'stats-fields']) {
    if (req[k] !== undefined && !isStringArray(req[k])) throw badRequest(`Invalid ${k}: expected field names`)
  }
  for (const k of ['case-sensitive', 'use-snapshot-schema']) {
    if (req[k] !== undefined && typeof req[k] !== 'boolean')
      throw badRequest(`Invalid ${k}: expected a boolean`)
  }
  if (req.filter !== undefined && typeof req.filter !== 'boolean' && !isObject(req.filter)) {
    throw badRequest('Invalid filter: expected an expression')
  }
  const pointInTime = req['snapshot-id'] !== undefined
  const incremental = req['start-snapshot-id'] !== undefined || req['end-snapshot-id'] !== undefined
  if (pointInTime && incremental) throw badRequest('Cannot mix snapshot-id with start/end-snapshot-id')
  if (req['start-snapshot-id'] !== undefined && req['end-snapshot-id'] === undefined) {
    throw badRequest('end-snapshot-id is required with start-snapshot-id')
  }
  const known = snapshotIds(md)
  for (const k of ['snapshot-id', 'start-snapshot-id', 'end-snapshot-id']) {
    if (req[k] !== undefined && !known.has(req[k])) throw badRequest(`Unknown ${k}: ${String(req[k])}`)
  }
}

/** The file scan tasks of one snapshot (default: the current one). */
function snapshotTasks(ctx: HandlerContext, md: JsonObject, id?: Int64): readonly ScanTask[] {
  const snapshotId = id ?? md['current-snapshot-id']
  const snapshots = Array.isArray(md.snapshots) ? md.snapshots : []
  const snapshot = snapshots.find((s) => isObject(s) && s['snapshot-id'] === snapshotId)
  if (!isObject(snapshot)) return []
  try {
    return planScan((location) => ctx.files.readBytes(location), md, snapshot)
  } catch (e) {
    if (e instanceof CannotPlan) throw unsupported(`Cannot plan snapshot ${String(snapshotId)}: ${e.message}`)
    throw e
  }
}

function tasksToScan(ctx: HandlerContext, md: JsonObject, req: JsonObject): ScanTask[] {
  const path = (t: ScanTask): unknown => t.dataFile['file-path']
  if (req['end-snapshot-id'] !== undefined) {
    const end = snapshotTasks(ctx, md, req['end-snapshot-id'] as Int64)
    if (req['start-snapshot-id'] === undefined) return [...end]
    const before = new Set(snapshotTasks(ctx, md, req['start-snapshot-id'] as Int64).map(path))
    return end.filter((t) => !before.has(path(t)))
  }
  const id = req['snapshot-id']
  return [...snapshotTasks(ctx, md, isInt(id) ? id : undefined)]
}

/**
 * The `file-scan-tasks` and `delete-files` of one response: each delete file once, and each task's
 * `delete-file-references` the 0-based indices of its delete files in that response's `delete-files`.
 */
export function scanTasksBody(tasks: readonly ScanTask[]): {
  'file-scan-tasks': JsonObject[]
  'delete-files': JsonObject[]
} {
  const deleteFiles: JsonObject[] = []
  const index = new Map<unknown, number>()
  const fileScanTasks = tasks.map((t) => {
    const refs = t.deletes.map((d) => {
      const key = d['file-path']
      let i = index.get(key)
      if (i === undefined) {
        i = deleteFiles.push(d as JsonObject) - 1
        index.set(key, i)
      }
      return i
    })
    return {
      'data-file': t.dataFile as JsonObject,
      ...(refs.length > 0 ? { 'delete-file-references': refs } : {}),
    }
  })
  return { 'file-scan-tasks': fileScanTasks, 'delete-files': deleteFiles }
}

function completed(plan: Plan): JsonObject {
  return {
    status: 'completed',
    'plan-id': plan.id,
    ...scanTasksBody(plan.fileScanTasks),
    'plan-tasks': [...plan.planTasks.keys()],
    ...(plan.storageCredentials ? { 'storage-credentials': plan.storageCredentials } : {}),
  }
}

/** POST …/tables/{table}/plan — planTableScan. */
export function planTableScan(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body ?? {}
  if (!isObject(req)) throw badRequest('Invalid PlanTableScanRequest: expected an object')
  const { ns, name, entry } = existingTable(ctx, input)
  checkRequest(req, entry.metadata)
  const tasks = tasksToScan(ctx, entry.metadata, req)
  const id = ctx.newUuid()
  const planTasks = new Map<string, ScanTask[]>()
  if (tasks.length > FILES_PER_TASK) {
    for (let i = 0; i < tasks.length; i += FILES_PER_TASK) {
      planTasks.set(
        Buffer.from(`${id}:${i / FILES_PER_TASK}`).toString('base64url'),
        tasks.slice(i, i + FILES_PER_TASK),
      )
    }
  }
  const vended = input.delegation.vendedCredentials && !ctx.flags.ignoreDelegation
  const plan = ctx.plans.add(ns, name, {
    id,
    state: tasks.length === 0 || ctx.settings.plansCompleteAtOnce ? 'completed' : 'submitted',
    fileScanTasks: planTasks.size > 0 ? [] : tasks,
    planTasks,
    ...(vended ? { storageCredentials: storageCredentials(entry.metadata) as unknown as JsonObject[] } : {}),
  })
  if (plan.state === 'completed') return { status: 200, body: completed(plan) }
  return { status: 200, body: { status: 'submitted', 'plan-id': plan.id } }
}

function existingPlan(ctx: HandlerContext, input: OperationInput): Plan {
  const { ns, name } = existingTable(ctx, input)
  const plan = ctx.plans.get(ns, name, input.planId ?? '')
  if (!plan) throw noSuchPlanId(`Plan does not exist: ${input.planId ?? ''}`)
  return plan
}

/** GET …/plan/{plan-id} — fetchPlanningResult: completes a submitted plan. */
export function fetchPlanningResult(ctx: HandlerContext, input: OperationInput): OperationResult {
  const plan = existingPlan(ctx, input)
  if (plan.state === 'cancelled') return { status: 200, body: { status: 'cancelled' } }
  plan.state = 'completed'
  const { 'plan-id': _id, ...body } = completed(plan)
  return { status: 200, body }
}

/** DELETE …/plan/{plan-id} — cancelPlanning: 204, also for an already cancelled plan. */
export function cancelPlanning(ctx: HandlerContext, input: OperationInput): OperationResult {
  const plan = existingPlan(ctx, input)
  plan.state = 'cancelled'
  plan.planTasks.clear()
  return { status: 204 }
}

/** POST …/tables/{table}/tasks — fetchScanTasks for one plan task. */
export function fetchScanTasks(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req) || typeof req['plan-task'] !== 'string') {
    throw badRequest('Invalid FetchScanTasksRequest: plan-task is required')
  }
  const { ns, name } = existingTable(ctx, input)
  const found = ctx.plans.task(ns, name, req['plan-task'])
  if (!found || found.plan.state === 'cancelled')
    throw noSuchPlanTask(`Plan task does not exist: ${req['plan-task']}`)
  return { status: 200, body: { ...scanTasksBody(found.tasks), 'plan-tasks': [] } }
}
