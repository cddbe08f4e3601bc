/**
 * Certification at a network distance: the default certification of the bundled reference server run directly (in
 * the CLI's process, as `catalog-conformance run` does) and then through a local proxy that holds every byte of every
 * request `delay` ms before passing it on (one round trip to a catalog that far away; lib/delay-proxy.ts), at each
 * delay. The server behind the proxy is a fresh reference server child for each run; the run goes by `--url`, so it
 * also drops what it created, as against any remote catalog.
 *
 * For each: the wall time, the requests, their longest chain (the floor: no run of these tests ends before chain ×
 * delay), the peak in flight, the ratio to the direct run, and whether every test's outcome is that of the same
 * certification by `--url` without a delay run `--serial`, one test at a time (the direct run is configured otherwise:
 * the bundled server's tokens, warehouse and file storage).
 *
 *   npx tsx bench/run.ts distance [--runs 1]
 */
import { certifyOnce } from './certify.ts'
import type { CertifySample, ResultsJson } from './certify.ts'
import { startDelayProxy } from './lib/delay-proxy.ts'
import { round } from './lib/stats.ts'
import { startReference } from './lib/targets.ts'

export const DELAYS_MS = [10, 40, 100] as const

export interface DistanceRow {
  readonly delayMs: number
  readonly wallMs: number
  readonly ratio: number
  readonly verdict: string
  readonly requests?: CertifySample['requests']
  /** The floor this delay puts under the run: longest chain × delay. */
  readonly floorMs?: number
  /**
   * The CLI's CPU (user + system, its workers included): at a short delay the run is bound by it rather than by
   * waiting, each worker thread loading the suites anew.
   */
  readonly cpuS?: number
  /** The run's parallelism line (`round trip … ms: N file(s) at once, M test(s) of a file at once`). */
  readonly parallelism?: string
  /** Tests whose outcome differs from the serial run by URL 0 ms away (id: that run → this one). */
  readonly outcomeDiffs: readonly string[]
}

/** Each test's outcome by id. */
export function outcomesOf(results: ResultsJson): Map<string, string> {
  return new Map(results.tests.map((t) => [t.id, t.outcome]))
}

/** The tests whose outcome differs between two runs, as `id: a → b` (a test missing on one side too). */
export function outcomeDiffs(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string[] {
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort()
  return ids
    .filter((id) => a.get(id) !== b.get(id))
    .map((id) => `${id}: ${a.get(id) ?? 'absent'} → ${b.get(id) ?? 'absent'}`)
}

/** One certification of a fresh reference server child behind a proxy that delays each request `delayMs`. */
export async function atDistance(
  delayMs: number,
  args: readonly string[],
  inspect: (r: ResultsJson) => void,
): Promise<CertifySample> {
  const server = await startReference()
  const proxy = await startDelayProxy(server.url, delayMs)
  try {
    return await certifyOnce(['--url', `${proxy.url}/`, ...args], 900_000, {}, false, inspect)
  } finally {
    await proxy.close()
    await server.stop()
  }
}

export async function distance(
  args: readonly string[] = [],
  delays: readonly number[] = DELAYS_MS,
  log: (l: string) => void = () => {},
  warm = true,
): Promise<{ direct: CertifySample; near: CertifySample; rows: DistanceRow[] }> {
  let nearOutcomes = new Map<string, string>()
  // Same start for each side: a first, unmeasured run warms the disk cache and the compiled validators for both.
  if (warm) await certifyOnce(args, 900_000, {}, false)
  const direct = await certifyOnce(args, 900_000, {}, false)
  log(`distance: direct ${direct.wallMs} ms, ${direct.requests?.total ?? '?'} requests`)
  const near = await atDistance(0, [...args, '--serial'], (r) => (nearOutcomes = outcomesOf(r)))
  log(`distance: by URL 0 ms away, serial, ${near.wallMs} ms, ${near.requests?.total ?? '?'} requests`)
  const rows: DistanceRow[] = []
  for (const delayMs of delays) {
    let diffs: string[] = []
    const s = await atDistance(delayMs, args, (r) => (diffs = outcomeDiffs(nearOutcomes, outcomesOf(r))))
    const row: DistanceRow = {
      delayMs,
      wallMs: s.wallMs,
      ratio: round(s.wallMs / direct.wallMs),
      verdict: s.verdict,
      ...(s.requests ? { requests: s.requests, floorMs: s.requests.longestChain * delayMs } : {}),
      ...(s.cpuS !== undefined ? { cpuS: s.cpuS } : {}),
      ...(s.parallelism ? { parallelism: s.parallelism } : {}),
      outcomeDiffs: diffs,
    }
    log(
      `distance: ${delayMs} ms: ${row.wallMs} ms (${row.ratio}×), ${s.requests?.total ?? '?'} requests, chain ${s.requests?.longestChain ?? '?'}, peak ${s.requests?.peakInFlight ?? '?'} in flight, CPU ${s.cpuS ?? '?'} s (${s.parallelism ?? '?'}), ${diffs.length} outcome(s) differ`,
    )
    rows.push(row)
  }
  return { direct, near, rows }
}
