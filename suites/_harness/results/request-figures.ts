/**
 * The figures of a run's requests (results.json `requests`): plain data and the arithmetic on it, shared by the
 * transport's log (http/request-log.ts) and the reports. See request-log.ts for what each figure means.
 */

/** One request: when it was sent and when it was answered, in ms since the epoch (comparable across threads). */
export type Interval = readonly [start: number, end: number]

/** A file's requests, as the transport hands them to the results (task meta, so plain data). */
export interface FileRequests {
  readonly requests: number
  readonly chain: number
  readonly intervals: readonly Interval[]
}

/** The run's figures (results.json `requests`). */
export interface RunRequests {
  /** Requests the suites sent (the run's setup, a handful, is not counted). */
  readonly total: number
  /** The longest chain of requests that must follow one another: the run's floor is chain × round trip. */
  readonly longestChain: number
  /** The most requests in flight at one moment. */
  readonly peakInFlight: number
}

/** The epoch clock with sub-millisecond resolution, the same in every worker thread. */
export function nowMs(): number {
  return performance.timeOrigin + performance.now()
}

/**
 * The longest sequence of intervals each of which starts once the one before has ended (ties: an answer at the same
 * instant as the next request counts as before it). O(n log n): sorted by end, a running best over the ends seen.
 */
export function longestChain(intervals: readonly Interval[]): number {
  const byEnd = [...intervals].sort((a, b) => a[1] - b[1])
  const byStart = [...intervals].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  // chainOf: the longest chain ending with each interval; bestEnded: the best over the intervals that ended before
  // the current one started.
  const chainOf = new Map<Interval, number>()
  let e = 0
  let bestEnded = 0
  for (const iv of byStart) {
    while (e < byEnd.length && byEnd[e]![1] <= iv[0])
      bestEnded = Math.max(bestEnded, chainOf.get(byEnd[e++]!) ?? 0)
    chainOf.set(iv, bestEnded + 1)
  }
  let best = 0
  for (const n of chainOf.values()) best = Math.max(best, n)
  return best
}

/** The most intervals open at one instant (an interval that ends as another starts does not overlap it). */
export function peakInFlight(intervals: readonly Interval[]): number {
  const events = intervals.flatMap(([s, t]): [number, number][] => [
    [s, 1],
    [t, -1],
  ])
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let open = 0
  let peak = 0
  for (const [, d] of events) peak = Math.max(peak, (open += d))
  return peak
}

/** The run's figures from its files': files run side by side, so the longest file is the floor. */
export function runRequests(files: readonly FileRequests[]): RunRequests {
  return {
    total: files.reduce((n, f) => n + f.requests, 0),
    longestChain: Math.max(0, ...files.map((f) => f.chain)),
    peakInFlight: peakInFlight(files.flatMap((f) => f.intervals)),
  }
}
