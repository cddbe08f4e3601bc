/**
 * Helpers of the concurrency suites: fire K requests at once, and build the snapshot a racing commit adds.
 */
import type { Fixtures } from '../_harness/dsl.ts'
import type { CatalogClient } from '../_harness/client.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { createTinyTable, freshNamespace } from '../_harness/support/scratch.ts'
import { snapshotBody } from '../_harness/support/snapshot-body.ts'

/**
 * Ends a racing rule as not-configured where the run's in-flight cap leaves each worker thread one request at a time
 * (`--max-in-flight` below twice the workers): the racing requests would go one after another, so nothing would
 * race, and a pass would say nothing of the server under a race. The Java fixture 1.11.0, which loses the race of
 * concurrency/transactions/all-or-nothing in most runs, passed it in all four runs with one request a worker
 * (`--max-in-flight` 1 over one worker, 2 over two, 4 over four twice). With two or more a worker, `race` holds the
 * worker's slots for its requests (as many as it has, at most `--concurrency`).
 */
export function needsRace(ctx: Pick<Fixtures, 'run' | 'notConfigured'>): void {
  const share = ctx.run.inFlightPerWorker
  if (share !== undefined && share < 2)
    ctx.notConfigured(
      `--max-in-flight leaves each worker thread one request in flight, so the ${ctx.run.concurrency} racing requests would go one after another: give each worker two or more (--max-in-flight at least twice --workers)`,
    )
}

/**
 * Starts every request before awaiting any, so they really race. Under `--max-in-flight` the requests go through
 * slots of the worker's cap reserved for them together (CatalogClient.withSlots): waiting for free slots one by one
 * among the file's other requests, they could go one after another. `send` sends through `racer` only (a request
 * through another client would wait for the slots the race holds).
 */
export async function race(
  catalog: CatalogClient,
  k: number,
  send: (i: number, racer: CatalogClient) => Promise<Exchange>,
): Promise<Exchange[]> {
  const { client, close } = await catalog.withSlots(k)
  try {
    return await Promise.all(Array.from({ length: k }, (_, i) => send(i, client)))
  } finally {
    close()
  }
}

export interface TableFacts {
  readonly metadata: {
    'format-version': number
    'last-sequence-number'?: number
    'next-row-id'?: number
    'current-schema-id'?: number
    location?: string
    properties?: Record<string, string>
    refs?: Record<string, { 'snapshot-id': number }>
    'metadata-log'?: { 'metadata-file': string }[]
  }
  readonly 'metadata-location'?: string | null
}

/** An add-snapshot + set `ref` (a branch) update list for a commit on top of `md` (no parent: the ref is empty). */
export function appendUpdates(md: TableFacts['metadata'], snapshotId: number, ref = 'main'): unknown[] {
  return [
    { action: 'add-snapshot', snapshot: snapshotBody(md, { id: snapshotId }) },
    { action: 'set-snapshot-ref', 'ref-name': ref, type: 'branch', 'snapshot-id': snapshotId },
  ]
}

export const mainOf = (md: TableFacts['metadata']): number | null => md.refs?.main?.['snapshot-id'] ?? null

/** A table `t` in a fresh namespace of the run (setup steps), with its metadata as loaded. */
export async function raceTable(
  ctx: Fixtures,
  label: string,
): Promise<{ ns: string[]; md: TableFacts['metadata'] }> {
  const { ns } = await freshNamespace(ctx.sandbox, ctx.catalog, label)
  await createTinyTable(ctx.catalog, ns, 't')
  const loaded = ctx.check.setup<TableFacts>(
    await ctx.catalog.op.loadTable({ namespace: ns, table: 't' }),
    'load',
  )
  return { ns, md: loaded.metadata }
}
