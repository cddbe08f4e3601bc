/**
 * Side by side with Iceberg's REST Compatibility Kit (goal: certify the Java fixture in at most half the RCK's wall
 * time while running at least 1.5× its checks). Each tool gets a fresh Java REST fixture instance (the default
 * release), started the same way and ready before the clock starts: a fixture the other tool has just warmed up
 * (its JIT, its SQLite pages) would flatter whichever runs second. The order alternates from round to round (RCK
 * first in odd rounds, the harness first in even ones), so that whatever the machine does over time falls on both.
 * The RCK is 1.11.0 (clients/java's jars, JUnit console launcher); the harness runs `run --url`. Needs the fixture's
 * prepare.sh and clients/java/install.sh.
 *
 *   npx tsx bench/run.ts rck --runs 3
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { javaReady, junitSummary, runRck } from '../clients/java/rck.ts'
import { certifyOnce } from './certify.ts'
import { median, round } from './lib/stats.ts'
import { startJavaFixture } from './lib/targets.ts'

/**
 * The RCK's flags for the fixture: a remote catalog (rck.local=false: no server of its own), namespaces created
 * before their tables, as the RCK's README recommends.
 */
const FIXTURE_RCK = {
  systemProperties: ['-Drck.local=false', '-Drck.requires-namespace-create=true'],
  launcher: [],
}

interface Round {
  /** Which ran first in this round (each on its own fresh fixture). */
  readonly rckFirst: boolean
  readonly rck: { wallMs: number; found: number; successful: number; failed: number; aborted: number }
  readonly harness: {
    wallMs: number
    tests: number
    summary: Record<string, number>
    cpuS?: number
    /** How far the harness found the fixture and how much it ran at once (the CLI's line). */
    parallelism?: string
  }
}

/** The RCK's run against the fixture at `url`, timed; an RCK that started no test is an error. */
async function timeRck(url: string): Promise<Round['rck']> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-rck-'))
  try {
    const t0 = performance.now()
    const out = await runRck(`${url}/`, dir, FIXTURE_RCK)
    const wallMs = Math.round(performance.now() - t0)
    const c = junitSummary(out.stdout)
    // A kit that ran nothing (a class path or flag problem) has no time worth comparing.
    if (!c['tests started']) throw new Error(`rck: the RCK started no test:\n${out.stdout.slice(0, 2000)}`)
    return {
      wallMs,
      found: c['tests found'] ?? 0,
      successful: c['tests successful'] ?? 0,
      failed: c['tests failed'] ?? 0,
      aborted: c['tests aborted'] ?? 0,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** `runs` rounds, each tool on a fresh fixture instance, the order alternating; the harness's time over the RCK's. */
export async function rck(
  runs: number,
  harnessArgs: readonly string[] = [],
  log: (l: string) => void = () => {},
) {
  const missing = javaReady()
  if (missing) throw new Error(`rck: ${missing}`)
  const rounds: Round[] = []
  for (let i = 0; i < runs; i++) {
    const rckFirst = i % 2 === 0
    let rckSide: Round['rck'] | undefined
    let harnessSide: Round['harness'] | undefined
    for (const side of rckFirst ? ['rck', 'harness'] : ['harness', 'rck']) {
      const fixture = await startJavaFixture()
      try {
        if (side === 'rck') rckSide = await timeRck(fixture.url)
        else {
          // Like the RCK's run, the harness's is not sampled for memory.
          const h = await certifyOnce(['--url', fixture.url, ...harnessArgs], undefined, {}, false)
          harnessSide = {
            wallMs: h.wallMs,
            tests: h.tests,
            summary: h.summary,
            ...(h.cpuS !== undefined ? { cpuS: h.cpuS } : {}),
            ...(h.parallelism ? { parallelism: h.parallelism } : {}),
          }
        }
      } finally {
        await fixture.stop()
      }
    }
    if (!rckSide || !harnessSide) throw new Error('rck: a side of the round did not run')
    log(
      `rck #${i + 1} (${rckFirst ? 'RCK' : 'harness'} first): RCK ${rckSide.wallMs} ms (${rckSide.found} tests), ` +
        `harness ${harnessSide.wallMs} ms (${harnessSide.tests} tests) = ` +
        `${(harnessSide.wallMs / rckSide.wallMs).toFixed(2)}× the RCK's time` +
        (harnessSide.cpuS !== undefined ? `; harness ${harnessSide.cpuS} s CPU` : '') +
        (harnessSide.parallelism ? ` (${harnessSide.parallelism})` : ''),
    )
    rounds.push({ rck: rckSide, harness: harnessSide, rckFirst })
  }
  const rckMs = median(rounds.map((r) => r.rck.wallMs))
  const harnessMs = median(rounds.map((r) => r.harness.wallMs))
  return {
    runs,
    loadAvg1mAtEnd: round(loadavg()[0] ?? 0),
    median: {
      rckWallMs: round(rckMs),
      harnessWallMs: round(harnessMs),
      timeRatio: round(harnessMs / rckMs),
      testsRatio: round(median(rounds.map((r) => r.harness.tests / Math.max(1, r.rck.found)))),
    },
    rounds,
  }
}
