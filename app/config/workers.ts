/**
 * How much of a run happens at once: suite files in parallel worker threads, the tests of a file concurrently (each
 * in its own namespaces), and, with `--max-in-flight`, a cap on the requests in flight.
 *
 * Files (`--workers`, unless it says), measured on 2 cores (Node 24, interleaved runs, same outcomes every time):
 * - The bundled reference server answers from the CLI's own process, so every thread competes with it for the cores:
 *   3 workers took 5-8 % longer than 2, and 1 s more CPU.
 * - Any other catalog answers from another process, and a file waits on it for much of its time: one thread more than
 *   the cores fills that wait. rustberg took 13.5-13.8 s with 3 workers against 17.7-18.1 s with 2; the reference
 *   server behind 5 ms of added latency per request 15-19 s against 22 s. Where the server itself needs the cores (the
 *   Java fixture on the same 2 cores, lakana-server), 3 and 2 were within the noise of each other.
 *
 * Tests of a file at once, by the catalog's round trip: a catalog across a network is waited on, not worked: what
 * shortens a run at a distance is requests in flight, and most files' tests share nothing. See TESTS_PER_FILE.
 */
import { availableParallelism } from 'node:os'

export function defaultWorkers(serverInProcess: boolean, cores = availableParallelism()): number {
  return serverInProcess ? Math.max(2, cores - 1) : cores + 1
}

/**
 * Files at once against a distant catalog: the files are waited on, not worked, so six threads a core. Measured with
 * every request 100 ms away on 2 cores (the reference server behind a delaying proxy, files started longest chain
 * first): 20.2-21.6 s with 12 workers, 24.0-24.1 s with 8, 24.3 s with 16 (the threads then compete for the cores as
 * they load the suites); 40 ms away 14.1-14.8 s with 12 and 14.8-14.9 s with 8. At most MAX_DISTANT_WORKERS on a
 * larger machine: each thread loads the suites anew, and the suites have some sixty files.
 */
export function distantWorkers(cores = availableParallelism()): number {
  return Math.max(defaultWorkers(false, cores), Math.min(6 * cores, MAX_DISTANT_WORKERS))
}

const MAX_DISTANT_WORKERS = 24

/**
 * The tests of one file that run at once (Vitest's maxConcurrency), by how far the catalog is. A distant one is
 * waited on: 8 tests of a file at once (with the files in parallel, a few dozen requests in flight). One on this
 * machine (or a LAN away) answers as fast as its CPU and its database allow, and the tests would only queue on them:
 * the Java fixture 1.11.0 on the same 2 cores took 26 s with one test of a file at a time against 35 s with 8 (its
 * SQLite commits wait on each other), so a nearby catalog gets one.
 */
export const TESTS_PER_FILE = { near: 1, distant: 8 } as const

/** A round trip from which a catalog counts as distant (ms): above what loopback and a LAN take, below 10 ms. */
export const DISTANT_MS = 5

export interface Parallelism {
  readonly workers: number
  readonly testsPerFile: number
  /** Requests in flight at once from one worker: `--max-in-flight` shared among the workers; no cap when absent. */
  readonly inFlightPerWorker?: number
}

/**
 * The run's parallelism from the kind of target (targetNameOf: 'reference', 'url', a started target's name), the
 * catalog's round trip, `--workers` and `--max-in-flight`. A cap of N allows at most N workers, and gives each
 * worker N / workers (rounded down) slots, so that the run never has more than N requests in flight.
 */
export function parallelism(
  targetKind: string,
  opts: { readonly workers?: number; readonly maxInFlight?: number },
  roundTripMs = 0,
  cores = availableParallelism(),
): Parallelism {
  const serverInProcess = targetKind === 'reference'
  // A catalog the run started (the bundled server, a process, a container) is on this machine, however slowly its
  // first answers come; only one by URL may be far.
  const distant = targetKind === 'url' && roundTripMs >= DISTANT_MS
  const testsPerFile = distant ? TESTS_PER_FILE.distant : TESTS_PER_FILE.near
  const wanted = opts.workers ?? (distant ? distantWorkers(cores) : defaultWorkers(serverInProcess, cores))
  if (opts.maxInFlight === undefined) return { workers: wanted, testsPerFile }
  const workers = Math.min(wanted, opts.maxInFlight)
  return { workers, testsPerFile, inFlightPerWorker: Math.floor(opts.maxInFlight / workers) }
}
