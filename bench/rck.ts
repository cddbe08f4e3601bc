/**
 * Side by side with Iceberg's REST Compatibility Kit (issue #16's goal: certify the Java fixture in at most half
 * the RCK's wall time while running at least 1.5× its checks). One Java REST fixture instance (the default
 * release) serves both in a round: the RCK 1.11.0 (clients/java's jars, JUnit console launcher), then the harness
 * (`run --url`). Each round starts a fresh instance: the RCK leaves namespaces behind when one of its tests fails,
 * and refuses to start on a catalog that holds them. Needs the fixture's prepare.sh and clients/java/install.sh.
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
  readonly rck: { wallMs: number; found: number; successful: number; failed: number; aborted: number }
  readonly harness: { wallMs: number; tests: number; summary: Record<string, number>; cpuS?: number }
}

/** `runs` rounds of RCK then harness, each on a fresh fixture instance; the harness's time over the RCK's. */
export async function rck(
  runs: number,
  harnessArgs: readonly string[] = [],
  log: (l: string) => void = () => {},
) {
  const missing = javaReady()
  if (missing) throw new Error(`rck: ${missing}`)
  const rounds: Round[] = []
  for (let i = 0; i < runs; i++) {
    const fixture = await startJavaFixture()
    const dir = await mkdtemp(join(tmpdir(), 'bench-rck-'))
    try {
      const t0 = performance.now()
      const out = await runRck(`${fixture.url}/`, dir, FIXTURE_RCK)
      const rckMs = Math.round(performance.now() - t0)
      const c = junitSummary(out.stdout)
      // A kit that ran nothing (a class path or flag problem) has no time worth comparing.
      if (!c['tests started']) throw new Error(`rck: the RCK started no test:\n${out.stdout.slice(0, 2000)}`)
      // Like the RCK's run, the harness's is not sampled for memory.
      const h = await certifyOnce(['--url', fixture.url, ...harnessArgs], undefined, {}, false)
      const round_: Round = {
        rck: {
          wallMs: rckMs,
          found: c['tests found'] ?? 0,
          successful: c['tests successful'] ?? 0,
          failed: c['tests failed'] ?? 0,
          aborted: c['tests aborted'] ?? 0,
        },
        harness: {
          wallMs: h.wallMs,
          tests: h.tests,
          summary: h.summary,
          ...(h.cpuS !== undefined ? { cpuS: h.cpuS } : {}),
        },
      }
      log(
        `rck #${i + 1}: RCK ${rckMs} ms (${round_.rck.found} tests), harness ${h.wallMs} ms (${h.tests} tests) = ` +
          `${(h.wallMs / rckMs).toFixed(2)}× the RCK's time`,
      )
      rounds.push(round_)
    } finally {
      await fixture.stop()
      await rm(dir, { recursive: true, force: true })
    }
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
