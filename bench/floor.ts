/**
 * The floor under a certification's wall time on this machine (issue #16's goals are compared against it): the
 * CLI's start plus what the server alone needs for the requests one certification sends.
 *
 * Each round records one certification (`run --url`) through a forwarding proxy on a fresh server, then times a
 * second one straight to it (warm, as in the RCK side by side, where the harness follows the RCK). It then replays
 * the recorded requests with a bare client against another fresh instance, warmed by one replay first: each test
 * file's requests in their recorded order, two files at a time (the suites' two workers). The replay skips all the
 * harness does between requests (generating inputs, checking answers, writing reports) and serialises the few
 * racing requests, so it is a lower bound: no certification that sends these requests, started as this one is,
 * can be faster than startup + replay. A second bound is the CPU both sides spent, spread over every core.
 *
 *   npx tsx bench/run.ts floor [--runs 3]
 */
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Agent, request } from 'undici'
import { suiteFiles } from '../app/config/file-order.ts'
import { RUN_MARKER, fileTag } from '../suites/_harness/sandbox/names.ts'
import { certifyOnce } from './certify.ts'
import { liveCpu, processTree } from './lib/proc.ts'
import { type RecordedRequest, startRecordingProxy } from './lib/recording-proxy.ts'
import { median, round } from './lib/stats.ts'
import { type BenchServer, startJavaFixture, startReference } from './lib/targets.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Percent-decoding that keeps what is not valid UTF-8 as it was (generated paths send such bytes on purpose). */
function decodedLoosely(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** The group of the requests that name no run namespace (the configuration, top-level listings). */
export const NO_FILE = '(no run namespace)'

/**
 * The recorded requests grouped by the test file that sent them, each group in the order it was sent. A run names
 * every namespace `ccrun_<run id>_<file tag><counter>_…`; the file is the longest tag followed by a digit.
 */
export function groupByFile(
  recorded: readonly RecordedRequest[],
  files: readonly string[],
): Map<string, RecordedRequest[]> {
  const tags = [...new Set(files.map(fileTag))].sort((a, b) => b.length - a.length)
  const groups = new Map<string, RecordedRequest[]>()
  const marker = new RegExp(`${RUN_MARKER}[a-z0-9]+_([a-z0-9]+)`)
  for (const r of [...recorded].sort((a, b) => a.sentAt - b.sentAt)) {
    const text = `${decodedLoosely(r.path)} ${r.body?.toString('utf8') ?? ''}`
    const named = marker.exec(text)?.[1]
    const tag =
      named === undefined
        ? undefined
        : tags.find((t) => named.startsWith(t) && /\d/.test(named[t.length] ?? ''))
    const key = tag ?? NO_FILE
    const group = groups.get(key)
    if (group) group.push(r)
    else groups.set(key, [r])
  }
  return groups
}

/** Sends `groups` on `lanes` concurrent lanes (a lane takes the next whole group); wall time and answers. */
export async function replay(baseUrl: string, groups: readonly RecordedRequest[][], lanes: number) {
  const dispatcher = new Agent({ connections: 64, keepAliveTimeout: 30_000 })
  const queue = [...groups]
  let sameStatus = 0
  let sent = 0
  let closed = 0
  const t0 = performance.now()
  const lane = async () => {
    for (let g = queue.shift(); g; g = queue.shift())
      for (const r of g) {
        sent++
        try {
          const res = await request(`${baseUrl}${r.path}`, {
            dispatcher,
            method: r.method as 'GET',
            headers: r.headers,
            ...(r.body ? { body: r.body } : {}),
            signal: AbortSignal.timeout(60_000),
          })
          await res.body.arrayBuffer()
          if (res.statusCode === r.status) sameStatus++
        } catch {
          // A server may close the connection on a request the robustness suites malform on purpose; the
          // certification saw an answer there, the replay goes on.
          closed++
        }
      }
  }
  try {
    await Promise.all(Array.from({ length: lanes }, lane))
    return { wallMs: Math.round(performance.now() - t0), requests: sent, sameStatus, closed }
  } finally {
    await dispatcher.close()
  }
}

export type FloorTarget = 'reference' | 'iceberg-rest-fixture'

const START: Record<FloorTarget, () => Promise<BenchServer>> = {
  reference: () => startReference(),
  'iceberg-rest-fixture': () => startJavaFixture(),
}

/**
 * Two certifications on one fresh instance: the first through the recording proxy (its requests, and when the first
 * test file spoke), the second straight to the server (its wall time and CPU, and the server's: the proxy would
 * cost CPU on the same cores). Without `warm`, the recorded one is also the measured one (a smoke run).
 */
async function recordCertification(target: FloorTarget, harnessArgs: readonly string[], warm: boolean) {
  const server = await START[target]()
  try {
    // The server's processes (this process's only children now).
    const serverPids = processTree(process.pid).filter((p) => p !== process.pid)
    const measure = async (url: string) => {
      const before = liveCpu(serverPids)
      const harness = await certifyOnce(['--url', url, ...harnessArgs])
      return { harness, serverCpuS: round(liveCpu(serverPids) - before) }
    }
    const proxy = await startRecordingProxy(server.url)
    let recorded: RecordedRequest[]
    let launched: number
    let proxied: Awaited<ReturnType<typeof measure>>
    try {
      launched = performance.now()
      proxied = await measure(proxy.url)
      recorded = [...proxy.requests]
    } finally {
      await proxy.close()
    }
    return { recorded, launched, ...(warm ? await measure(server.url) : proxied) }
  } finally {
    await server.stop()
  }
}

/** The replay on a fresh instance (warmed by one replay first). */
async function replayOnFresh(
  target: FloorTarget,
  groups: readonly RecordedRequest[][],
  lanes: number,
  warm: boolean,
) {
  const server = await START[target]()
  try {
    if (warm) await replay(server.url, groups, lanes)
    return await replay(server.url, groups, lanes)
  } finally {
    await server.stop()
  }
}

/** One round: the certification as measured from outside, and its floor. */
export interface FloorRound {
  readonly harnessWallMs: number
  readonly harnessCpuS?: number
  readonly tests: number
  /** CPU seconds the server (and anything else this process had started) used during the certification. */
  readonly serverCpuS: number
  /**
   * The certification's CPU, the CLI's and the server's, spread over every core: no schedule of this same work
   * on this machine is faster (the bound for the harness as it is, where the floor is the bound for any harness).
   */
  readonly cpuBoundMs?: number
  readonly requests: number
  readonly files: number
  /** From the CLI's launch to the first request a test file sent. */
  readonly startupMs: number
  readonly replayMs: number
  /** Share of replayed requests answered with the status the certification got (the replay is faithful). */
  readonly replaySameStatus: number
  /** Replayed requests that got no answer (the server closed the connection). */
  readonly replayClosed: number
  readonly floorMs: number
}

/** `runs` rounds against `target`: the certification's wall time next to its floor (startup + replay). */
export async function floor(
  target: FloorTarget,
  runs: number,
  harnessArgs: readonly string[] = [],
  o: { warm?: boolean; log?: (l: string) => void } = {},
) {
  const log = o.log ?? (() => {})
  const warm = o.warm ?? true
  // The suites' worker count (vitest.conformance.config.ts).
  const cores = availableParallelism()
  const lanes = Math.max(2, cores - 1)
  // The suites' files as Vitest names them (absolute), which is what the sandbox derives a file's tag from.
  const files = suiteFiles().map((f) => join(ROOT, f))
  const rounds: FloorRound[] = []
  for (let i = 0; i < runs; i++) {
    const { harness, recorded, launched, serverCpuS } = await recordCertification(target, harnessArgs, warm)
    const groups = groupByFile(recorded, files)
    // The start ends with the first request of a test file: Node, Vitest, the global setup and the workers' modules.
    const fileRequests = [...groups].filter(([k]) => k !== NO_FILE).flatMap(([, g]) => g)
    const startupMs = Math.round(Math.min(...fileRequests.map((r) => r.sentAt)) - launched)
    const replayed = await replayOnFresh(target, [...groups.values()], lanes, warm)
    const round_: FloorRound = {
      harnessWallMs: harness.wallMs,
      ...(harness.cpuS === undefined ? {} : { harnessCpuS: harness.cpuS }),
      tests: harness.tests,
      serverCpuS,
      ...(harness.cpuS === undefined
        ? {}
        : { cpuBoundMs: Math.round(((harness.cpuS + serverCpuS) / cores) * 1000) }),
      requests: recorded.length,
      files: groups.size,
      startupMs,
      replayMs: replayed.wallMs,
      replaySameStatus: round(replayed.sameStatus / Math.max(1, replayed.requests), 3),
      replayClosed: replayed.closed,
      floorMs: startupMs + replayed.wallMs,
    }
    log(
      `floor ${target} #${i + 1}: harness ${round_.harnessWallMs} ms, floor ${round_.floorMs} ms ` +
        `(startup ${startupMs} + replay ${replayed.wallMs} of ${round_.requests} requests)`,
    )
    rounds.push(round_)
  }
  const pick = (f: (r: FloorRound) => number) => Math.round(median(rounds.map(f)))
  return {
    target,
    args: harnessArgs,
    lanes,
    median: {
      harnessWallMs: pick((r) => r.harnessWallMs),
      startupMs: pick((r) => r.startupMs),
      replayMs: pick((r) => r.replayMs),
      floorMs: pick((r) => r.floorMs),
      cpuBoundMs: pick((r) => r.cpuBoundMs ?? 0),
    },
    rounds,
  }
}
