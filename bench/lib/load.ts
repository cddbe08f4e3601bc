/**
 * A closed-loop load generator: `concurrency` workers each run `op` back to back until `maxRequests`
 * operations have started in total or `maxMs` has passed. Every operation is timed; failures are counted.
 */
import { percentile, round } from './stats.ts'

export interface LoadBudget {
  readonly concurrency: number
  readonly maxRequests: number
  readonly maxMs: number
}

export interface LoadResult {
  readonly concurrency: number
  readonly requests: number
  readonly failures: number
  readonly elapsedMs: number
  readonly opsPerS: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** First failure message, for the report. */
  readonly firstFailure?: string
}

/** `op(worker, seq)` resolves when one operation is done and rejects when it failed. */
export async function runLoad(
  budget: LoadBudget,
  op: (worker: number, seq: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = []
  let started = 0
  let failures = 0
  let firstFailure: string | undefined
  const t0 = performance.now()
  const deadline = t0 + budget.maxMs
  const worker = async (w: number) => {
    while (started < budget.maxRequests && performance.now() < deadline) {
      const seq = started++
      const s = performance.now()
      try {
        await op(w, seq)
        latencies.push(performance.now() - s)
      } catch (e) {
        failures++
        firstFailure ??= (e as Error).message
      }
    }
  }
  await Promise.all(Array.from({ length: budget.concurrency }, (_, w) => worker(w)))
  const elapsedMs = performance.now() - t0
  return {
    concurrency: budget.concurrency,
    requests: latencies.length,
    failures,
    elapsedMs: Math.round(elapsedMs),
    opsPerS: round(latencies.length / (elapsedMs / 1000), 1),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    ...(firstFailure !== undefined ? { firstFailure } : {}),
  }
}
