/**
 * Tables with data for the scan planning rules, seeded as a client seeds them (manifests written into the
 * table's location, then add-snapshot), and completed plans collected whole (polling a submitted plan, then
 * every plan task, including plan tasks that fetchScanTasks hands out in turn).
 */
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { fixture } from '../_harness/support/catalog-objects.ts'
import type { LoadTableResult } from '../_harness/support/catalog-objects.ts'
import { freshSnapshotId, snapshotBody } from '../_harness/support/snapshot-body.ts'
import { reachable, type ContentFile } from '../_harness/support/table-files.ts'

export type SeedContext = Pick<
  Fixtures,
  'run' | 'catalog' | 'sandbox' | 'check' | 'unsupported' | 'notConfigured'
>

type Metadata = LoadTableResult['metadata']

/** `count` data files named `${prefix}-${i}` under the table's location, of the unpartitioned spec 0. */
export function dataFiles(md: Metadata, prefix: string, count: number): ContentFile[] {
  const template = fixture<ContentFile>('data-file.json')
  const location = md.location ?? 'file:/tmp/conformance'
  return Array.from({ length: count }, (_, i) => ({
    ...template,
    'file-path': `${location}/data/${prefix}-${i}.parquet`,
  }))
}

/**
 * Commits a snapshot adding `files` (data and delete files) on top of the current one, with its manifests
 * written into the table's location. Returns the metadata after the commit and the new snapshot's id.
 */
export async function commitFiles(
  ctx: SeedContext,
  ns: string[],
  md: Metadata,
  files: readonly ContentFile[],
): Promise<{ metadata: Metadata; snapshotId: number }> {
  const id = freshSnapshotId()
  const parent = md['current-snapshot-id'] ?? undefined
  const deletes = files.some((f) => f.content !== 'data')
  const ex = await ctx.catalog.op.updateTable({
    namespace: ns,
    table: 't',
    body: {
      requirements: [{ type: 'assert-table-uuid', uuid: md['table-uuid'] }],
      updates: [
        {
          action: 'add-snapshot',
          snapshot: snapshotBody(md, {
            id,
            ...(parent !== undefined && parent !== -1 ? { parent } : {}),
            files,
            ...(deletes ? { operation: 'overwrite' } : {}),
          }),
        },
        { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': id },
      ],
    },
  })
  const res = ctx.check.setup<LoadTableResult>(ex, `commit a snapshot of ${files.length} files`)
  return { metadata: res.metadata, snapshotId: id }
}

/**
 * A table `t` in `ns` with a snapshot per batch of `batches` (data files first, delete files where given),
 * created with `properties`. Returns the snapshot ids in order. Needs a table location this machine reaches;
 * otherwise, under the original document's profile and for data files only, its `append` update.
 */
export async function seededTable(
  ctx: SeedContext,
  ns: string[],
  batches: readonly ((md: Metadata) => ContentFile[])[],
  properties: Record<string, string> = {},
): Promise<number[]> {
  const ex = await ctx.catalog.op.createTable({
    namespace: ns,
    body: { ...fixture<Record<string, unknown>>('create-basic.json'), name: 't', properties },
  })
  let md = ctx.check.setup<LoadTableResult>(ex, 'create table t').metadata
  const ids: number[] = []
  if (reachable(md.location)) {
    for (const batch of batches) {
      const done = await commitFiles(ctx, ns, md, batch(md))
      md = done.metadata
      ids.push(done.snapshotId)
    }
    return ids
  }
  const location = md.location ?? '(no location)'
  if (ctx.run.profile !== 'document')
    ctx.notConfigured(
      `scan planning needs a table with data, which the harness writes into the table's location; ${location} is not reachable from this machine`,
    )
  for (const batch of batches) {
    const files = batch(md)
    if (files.some((f) => f.content !== 'data'))
      ctx.notConfigured(`delete files are seeded only into a reachable table location; ${location} is not`)
    const appended = await ctx.catalog.op.updateTable({
      namespace: ns,
      table: 't',
      body: {
        requirements: [{ type: 'assert-table-uuid', uuid: md['table-uuid'] }],
        updates: [{ action: 'append', 'data-files': files }],
      },
    })
    if (appended.status !== 200)
      ctx.unsupported("the server takes no append of data files (the original document's update)")
    md = (appended.json as LoadTableResult).metadata
    ids.push(md['current-snapshot-id'] as number)
  }
  return ids
}

/** One response holding scan tasks: the completed plan, or a fetched plan task. */
export interface TasksResponse {
  readonly 'file-scan-tasks'?: {
    readonly 'data-file'?: { readonly 'file-path'?: string }
    readonly 'delete-file-references'?: unknown[]
  }[]
  readonly 'delete-files'?: { readonly 'file-path'?: string }[]
  readonly 'plan-tasks'?: string[]
}

interface PlanResult extends TasksResponse {
  status?: string
  'plan-id'?: string
}

const POLLS = 50
const FETCHES = 200

/**
 * Plans `body` on table `t` and collects the completed plan whole: the completed result and the answer to
 * every plan task. A 406, or a plan that ends other than completed, ends the rule as unsupported (the content
 * of a plan the server did not complete cannot be judged).
 */
export async function completedPlan(
  ctx: SeedContext,
  ns: string[],
  body: Record<string, unknown>,
): Promise<TasksResponse[]> {
  return collectPlan(ctx, ns, await ctx.catalog.op.planTableScan({ namespace: ns, table: 't', body }))
}

/** completedPlan's collection, from the plan's first answer `ex` (a test that judges that answer itself first). */
export async function collectPlan(ctx: SeedContext, ns: string[], ex: Exchange): Promise<TasksResponse[]> {
  const { catalog, check } = ctx
  if (ex.status === 406) ctx.unsupported('the server does not plan scans (406)')
  let res = check.setup<PlanResult>(ex, 'plan a scan')
  const planId = res['plan-id']
  for (let i = 0; i < POLLS && res.status === 'submitted' && planId; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100))
    res = check.setup<PlanResult>(
      await catalog.op.fetchPlanningResult({ namespace: ns, table: 't', planId }),
      'fetch the plan',
    )
  }
  if (res.status !== 'completed')
    ctx.unsupported(`the plan did not complete (status ${String(res.status)}); its content is not judged`)
  const responses: TasksResponse[] = [res]
  const queue = [...(res['plan-tasks'] ?? [])]
  for (let n = 0; queue.length > 0; n++) {
    check.that(n < FETCHES, `the plan tasks end (at most ${FETCHES} fetched)`)
    if (n >= FETCHES) break
    const task = queue.shift() as string
    const got = check.setup<TasksResponse>(
      await catalog.op.fetchScanTasks({ namespace: ns, table: 't', body: { 'plan-task': task } }),
      'fetch a plan task',
    )
    responses.push(got)
    queue.push(...(got['plan-tasks'] ?? []))
  }
  return responses
}

/** The table and request of scan-planning/plan/incremental-appended-files, and the files its plan must hold. */
export interface IncrementalPlan {
  readonly body: { 'start-snapshot-id': number; 'end-snapshot-id': number }
  /** The data files the second snapshot added: the plan's content (the first snapshot's are before its start). */
  readonly added: readonly string[]
}

/**
 * Table `t` in `ns` with two appends (2 data files, then 1), and the incremental plan from the first snapshot
 * (exclusive) to the second (inclusive). Needs what seededTable needs.
 */
export async function incrementalTable(ctx: SeedContext, ns: string[]): Promise<IncrementalPlan> {
  const added: string[] = []
  const [start, end] = await seededTable(ctx, ns, [
    (md) => dataFiles(md, 'before-start', 2),
    (md) => {
      const files = dataFiles(md, 'after-start', 1)
      added.push(...files.map((f) => f['file-path']))
      return files
    },
  ])
  return { body: { 'start-snapshot-id': start!, 'end-snapshot-id': end! }, added }
}
