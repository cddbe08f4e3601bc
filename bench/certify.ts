/**
 * Wall time, CPU and peak RSS of the full default certification (`catalog-conformance run`), run as a
 * child process `runs` times, with the per-test and per-exchange medians of each run's results.json.
 *
 *   npx tsx bench/certify.ts [--runs 5] [--target iceberg-rest-fixture] [--include AREA]...
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { childrenCpu, sampleTreeRss } from './lib/proc.ts'
import { median, round } from './lib/stats.ts'

const CLI = fileURLToPath(new URL('../bin/catalog-conformance.js', import.meta.url))

/** One certification run as measured from outside. */
export interface CertifySample {
  readonly exitCode: number | null
  readonly verdict: string
  readonly summary: Record<string, number>
  readonly wallMs: number
  /** User + system CPU seconds of the CLI and every process it started (undefined outside Linux). */
  readonly cpuS?: number
  /** Largest summed RSS of the CLI's process tree (sampled every 100 ms). */
  readonly peakTreeRssMb?: number
  readonly tests: number
  readonly testMedianMs: number
  readonly exchanges: number
  readonly exchangeMedianMs: number
  /** Summed test time per file, the ten largest (where the time goes). */
  readonly slowestFiles: readonly { file: string; ms: number }[]
  /** The run's own count of its requests, their longest chain and peak in flight (results.json `requests`). */
  readonly requests?: { total: number; longestChain: number; peakInFlight: number }
  /** The CLI's line on how far the catalog is and how much runs at once ("round trip 4.5 ms: 2 file(s) at once, …"). */
  readonly parallelism?: string
}

export interface ResultsJson {
  verdict: string
  summary: Record<string, number>
  tests: {
    id: string
    file: string
    outcome: string
    durationMs: number
    exchanges?: { durationMs: number }[]
  }[]
  requests?: { total: number; longestChain: number; peakInFlight: number }
}

/**
 * Runs the CLI once with `args` (after `run --report-dir <tmp>`) and extra `env`, bounded by `timeoutMs`. `sampleRss`
 * false leaves out the peak memory: its sampler reads /proc every 100 ms (~3 ms a tick), work a side-by-side's other
 * tool is not charged with.
 */
export async function certifyOnce(
  args: readonly string[],
  timeoutMs = 600_000,
  env: Readonly<Record<string, string>> = {},
  sampleRss = true,
  inspect: (results: ResultsJson) => void = () => {},
): Promise<CertifySample> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-certify-'))
  try {
    const before = childrenCpu()
    const t0 = performance.now()
    const child = spawn(process.execPath, [CLI, 'run', '--report-dir', dir, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    let parallelism: string | undefined
    let stdoutTail = ''
    child.stdout.on('data', (c: Buffer) => {
      stdoutTail = (stdoutTail + c.toString()).slice(-4000)
      parallelism ??= /^round trip [^\n]*(?=\n)/m.exec(stdoutTail)?.[0]
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)))
    const rss = sampleRss ? sampleTreeRss(child.pid ?? -1) : { stop: () => undefined }
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs)
    const [code] = (await once(child, 'exit')) as [number | null]
    clearTimeout(timer)
    const wallMs = performance.now() - t0
    const peak = rss.stop()
    const after = childrenCpu()
    // Exit 1 (non-conformant) and 2 (a harness error, e.g. a test timing out on a loaded machine) still
    // leave results.json; the sample keeps the exit code and verdict so the median is not silently clean.
    const text = await readFile(join(dir, 'results.json'), 'utf8').catch(() => undefined)
    if (text === undefined)
      throw new Error(`catalog-conformance exited ${code} without results.json: ${stderr}`)
    const results = JSON.parse(text) as ResultsJson
    inspect(results)
    const byFile = new Map<string, number>()
    for (const t of results.tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.durationMs)
    const exchangeMs = results.tests.flatMap((t) => (t.exchanges ?? []).map((e) => e.durationMs))
    return {
      exitCode: code,
      verdict: results.verdict,
      summary: results.summary,
      wallMs: Math.round(wallMs),
      ...(before && after ? { cpuS: round(after.user + after.system - before.user - before.system) } : {}),
      ...(peak !== undefined ? { peakTreeRssMb: Math.round(peak / 2 ** 20) } : {}),
      tests: results.tests.length,
      testMedianMs: round(median(results.tests.map((t) => t.durationMs))),
      exchanges: exchangeMs.length,
      exchangeMedianMs: round(median(exchangeMs)),
      slowestFiles: [...byFile]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([file, ms]) => ({ file, ms: Math.round(ms) })),
      ...(results.requests
        ? {
            requests: {
              total: results.requests.total,
              longestChain: results.requests.longestChain,
              peakInFlight: results.requests.peakInFlight,
            },
          }
        : {}),
      ...(parallelism ? { parallelism } : {}),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** `runs` certifications and their medians. */
export async function certify(args: readonly string[], runs: number, log: (l: string) => void = () => {}) {
  const samples: CertifySample[] = []
  for (let i = 0; i < runs; i++) {
    const s = await certifyOnce(args)
    log(`certify ${args.join(' ') || '(reference server)'} #${i + 1}: ${s.wallMs} ms, ${s.cpuS ?? '?'} s CPU`)
    samples.push(s)
  }
  const pick = (f: (s: CertifySample) => number | undefined) =>
    round(median(samples.map(f).filter((v): v is number => v !== undefined)))
  return {
    args,
    runs,
    loadAvg1mAtEnd: round(loadavg()[0] ?? 0),
    median: {
      wallMs: pick((s) => s.wallMs),
      cpuS: pick((s) => s.cpuS),
      peakTreeRssMb: pick((s) => s.peakTreeRssMb),
      testMedianMs: pick((s) => s.testMedianMs),
      exchangeMedianMs: pick((s) => s.exchangeMedianMs),
    },
    samples,
  }
}
