/**
 * How much of a run happens at once: suite files in parallel worker threads, the tests of a file concurrently (each
 * in its own namespaces), and, with `--max-in-flight`, a cap on the requests in flight. `--serial` runs one test at a
 * time.
 *
 * Files (`--workers`, unless it says), measured on 2 cores, Node 20, with the tests of a file 8 at once (interleaved
 * runs, same outcomes every time; docs/benchmarks.md):
 * - The bundled reference server answers from the CLI's own process, so every thread competes with it for the cores:
 *   the cores less one, at least 2.
 * - Any other catalog nearby: as many threads as cores. Each thread loads and warms up the suites anew (about 1 s of
 *   CPU under Node 20), which a catalog on the same machine pays for: the Java fixture 1.11.0 took 13.0-14.0 s with 2
 *   workers against 15.1-15.7 s with 3 (one test of a file at a time and 3 workers, the former default: 15.6-16.7 s).
 *   A light server that keeps the harness waiting gains from a thread more: rustberg 0.3.0 took 14.7-14.9 s with 2
 *   against 11.2-11.9 s with 3 (`--workers`; the former default 16.2-17.2 s).
 * - A distant catalog: see distantWorkers.
 */
import { availableParallelism } from 'node:os'

export function defaultWorkers(serverInProcess: boolean, cores = availableParallelism()): number {
  return serverInProcess ? Math.max(2, cores - 1) : cores
}

/**
 * Files at once against a distant catalog, by its round trip. The files are waited on, not worked, but each thread
 * loads and warms up the suites anew (about 0.75 s of CPU under Node 20), so the nearer the catalog, the fewer threads
 * pay for themselves: `cores × (2 + round trip / 20 ms)`, at least `cores`, at most six a core. Measured on 2 cores,
 * Node 20, the reference server behind a delaying proxy, the tests of a file DISTANT_TESTS_PER_FILE at once, two
 * interleaved runs of each (2026-11-27): 10 ms away 4 workers 11.0-11.7 s, 8: 11.3-12.7 s, 12 (8 tests at once, the
 * former default): 13.2-14.9 s; 40 ms away 8 workers 13.4-13.7 s, 10: 13.9-14.9 s, 6: 15.1-16.2 s, 12 (8 at once):
 * 14.7-17.3 s; 100 ms away 12 workers 20.0-20.4 s, 8: 22.0-22.8 s, 12 (8 at once): 20.0-21.3 s. At most
 * MAX_DISTANT_WORKERS on a larger machine: the suites have some sixty files.
 */
export function distantWorkers(roundTripMs: number, cores = availableParallelism()): number {
  const wanted = Math.round(cores * (2 + roundTripMs / 20))
  return Math.max(defaultWorkers(false, cores), Math.min(wanted, 6 * cores, MAX_DISTANT_WORKERS))
}

const MAX_DISTANT_WORKERS = 24

/**
 * The tests of one file that run at once (Vitest's maxConcurrency), whatever the catalog. Most files' tests share
 * nothing, and while one test waits on the catalog another can send: 8 at once was as fast or faster than one at a time
 * against every target measured (2 cores, Node 20): the bundled server 6.6-7.4 s against 7.5-8.2 s, rustberg
 * 14.7-14.9 s against 16.2-17.2 s, the Java fixture 13.0-14.0 s against 15.6-16.7 s (2 workers against 3). A distant
 * catalog gains most: at 40 ms the run overlaps dozens of requests. (Before the property runs went into lanes, the
 * fixture was slower with 8: 35 s against 26 s.)
 */
export const TESTS_PER_FILE = 8

/**
 * The tests of one file at once against a distant catalog: twice as many, so that fewer threads keep as many requests
 * in flight (see distantWorkers; the files with the most tests, the commit suites with some twenty-five each, take half
 * as many rounds of waiting).
 */
export const DISTANT_TESTS_PER_FILE = 16

/** A round trip from which a catalog counts as distant (ms): above what loopback and a LAN take, below 10 ms. */
export const DISTANT_MS = 5

/**
 * The same for a catalog by a loopback URL (localhost, 127.0.0.0/8, ::1), which is on this machine unless the address
 * is a tunnel (`kubectl port-forward`, `ssh -L`) to a catalog elsewhere: only a round trip no catalog on this machine
 * takes to a configuration read says that. A fresh Java fixture on a busy 2-core machine took 5 ms or more to each of
 * five reads in 7 runs of 12, and to each of ten in a run under a profiler: distant, with twelve workers where two do
 * better.
 */
export const DISTANT_LOOPBACK_MS = 20

/** Whether `url` names this machine by a loopback address. */
export function isLoopbackUrl(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname
  } catch {
    return false
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

/**
 * The run's parallelism from what its preparation measured (app/setup/prepare.ts): the preparation and the CLI
 * (app/cli/run.ts) each need it, and must agree.
 */
export function runParallelism(
  targetKind: string,
  opts: Parameters<typeof parallelism>[1],
  run: { readonly roundTripMs: number; readonly baseUrl: string },
): Parallelism {
  return parallelism(targetKind, opts, { roundTripMs: run.roundTripMs, loopback: isLoopbackUrl(run.baseUrl) })
}

/** How far the catalog is, as the run measured it (app/setup/prepare.ts). */
export interface CatalogDistance {
  /** The quickest of a few configuration reads (ms). */
  readonly roundTripMs: number
  /** Whether its URL is a loopback address. */
  readonly loopback: boolean
}

export interface Parallelism {
  readonly workers: number
  readonly testsPerFile: number
  /** Requests in flight at once from one worker: `--max-in-flight` shared among the workers; no cap when absent. */
  readonly inFlightPerWorker?: number
}

/**
 * The run's parallelism from the kind of target (targetNameOf: 'reference', 'url', a started target's name), how far
 * the catalog is, `--workers`, `--max-in-flight` and `--serial`. A cap of N allows at most N workers, and gives
 * each worker N / workers (rounded down) slots, so that the run never has more than N requests in flight. `--serial`
 * (which validate.ts allows only without `--workers`): one file at a time, its tests one after another.
 */
export function parallelism(
  targetKind: string,
  opts: { readonly workers?: number; readonly maxInFlight?: number; readonly serial?: boolean },
  catalog: CatalogDistance = { roundTripMs: 0, loopback: true },
  cores = availableParallelism(),
): Parallelism {
  const serverInProcess = targetKind === 'reference'
  // A catalog the run started (the bundled server, a process, a container) is on this machine, however slowly its
  // first answers come; only one by URL may be far.
  const distant =
    targetKind === 'url' && catalog.roundTripMs >= (catalog.loopback ? DISTANT_LOOPBACK_MS : DISTANT_MS)
  const testsPerFile = opts.serial ? 1 : distant ? DISTANT_TESTS_PER_FILE : TESTS_PER_FILE
  const wanted =
    opts.workers ??
    (opts.serial
      ? 1
      : distant
        ? distantWorkers(catalog.roundTripMs, cores)
        : defaultWorkers(serverInProcess, cores))
  if (opts.maxInFlight === undefined) return { workers: wanted, testsPerFile }
  const workers = Math.min(wanted, opts.maxInFlight)
  return { workers, testsPerFile, inFlightPerWorker: Math.floor(opts.maxInFlight / workers) }
}
