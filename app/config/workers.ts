/**
 * How many suite files run at once, unless `--workers` says. Measured on 2 cores (Node 24, interleaved runs, same
 * outcomes every time):
 * - The bundled reference server answers from the CLI's own process, so every thread competes with it for the cores:
 *   3 workers took 5-8 % longer than 2, and 1 s more CPU.
 * - Any other catalog answers from another process, and a file waits on it for much of its time: one thread more than
 *   the cores fills that wait. rustberg took 13.5-13.8 s with 3 workers against 17.7-18.1 s with 2; the reference
 *   server behind 5 ms of added latency per request 15-19 s against 22 s. Where the server itself needs the cores (the
 *   Java fixture on the same 2 cores, lakana-server), 3 and 2 were within the noise of each other.
 */
import { availableParallelism } from 'node:os'

export function defaultWorkers(serverInProcess: boolean, cores = availableParallelism()): number {
  return serverInProcess ? Math.max(2, cores - 1) : cores + 1
}
