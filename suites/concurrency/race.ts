/**
 * Helpers of the concurrency suites: fire K requests at once, and build the snapshot a racing commit adds.
 */
import type { Fixtures } from '../_harness/dsl.ts'
import type { Exchange } from '../_harness/http/exchange.ts'
import { createTinyTable, freshNamespace } from '../_harness/support/scratch.ts'
import { snapshotBody } from '../_harness/support/snapshot-body.ts'

/** Starts every request before awaiting any, so they really race. */
export async function race(k: number, send: (i: number) => Promise<Exchange>): Promise<Exchange[]> {
  return Promise.all(Array.from({ length: k }, (_, i) => send(i)))
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
