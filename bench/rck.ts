/**
 * Side by side with Iceberg's REST Compatibility Kit (goal: certify the Java fixture in at most half the RCK's wall
 * time while running at least 1.5× its checks). Each tool gets a fresh Java REST fixture instance (the default
 * release), started the same way and ready before the clock starts: a fixture the other tool has just warmed up
 * (its JIT, its SQLite pages) would flatter whichever runs second. The order alternates from round to round (RCK
 * first in odd rounds, the harness first in even ones), so that whatever the machine does over time falls on both.
 * The RCK is 1.11.0 (clients/java's jars, JUnit console launcher); the harness runs `run --url`. Needs the fixture's
 * prepare.sh and clients/java/install.sh.
 *
 * Beside the walls, each side's CPU (user + system): the tool's own process tree and its fixture's JVM while the tool
 * ran. Both tools are CPU-bound on a small machine, so what each side spends is what its wall time is made of (on the
 * 2-core VM the harness side's CPU moves with the machine's load as much as its wall time: docs/benchmarks.md).
 *
 *   npx tsx bench/run.ts rck --runs 3
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { javaReady, junitSummary, runRck } from '../clients/java/rck.ts'
import { certifyOnce } from './certify.ts'
import { childrenCpu, liveCpu, processTree, stolenCpu } from './lib/proc.ts'
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
  readonly rck: {
    wallMs: number
    found: number
    successful: number
    failed: number
    aborted: number
    /** The RCK's JVM (the JUnit launcher and the kit's client). */
    cpuS?: number
    /** The fixture's JVM while the RCK ran against it. */
    fixtureCpuS?: number
    /** CPU the hypervisor took from the machine while the RCK ran (lib/proc.ts, stolenCpu). */
    stealS?: number
  }
  readonly harness: {
    wallMs: number
    tests: number
    summary: Record<string, number>
    cpuS?: number
    /** The fixture's JVM while the harness ran against it. */
    fixtureCpuS?: number
    /** How far the harness found the fixture and how much it ran at once (the CLI's line). */
    parallelism?: string
    /** CPU the hypervisor took from the machine while the harness ran. */
    stealS?: number
  }
}

/** The RCK's run against the fixture at `url`, timed; an RCK that started no test is an error. */
async function timeRck(url: string): Promise<Round['rck']> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-rck-'))
  try {
    // The RCK's JVM is the only child that ends (and is reaped) meanwhile: the fixture is stopped after.
    const before = childrenCpu()
    const t0 = performance.now()
    const out = await runRck(`${url}/`, dir, FIXTURE_RCK)
    const wallMs = Math.round(performance.now() - t0)
    const after = childrenCpu()
    const c = junitSummary(out.stdout)
    // A kit that ran nothing (a class path or flag problem) has no time worth comparing.
    if (!c['tests started']) throw new Error(`rck: the RCK started no test:\n${out.stdout.slice(0, 2000)}`)
    return {
      wallMs,
      found: c['tests found'] ?? 0,
      successful: c['tests successful'] ?? 0,
      failed: c['tests failed'] ?? 0,
      aborted: c['tests aborted'] ?? 0,
      ...(before && after ? { cpuS: round(after.user + after.system - before.user - before.system) } : {}),
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
      // The fixture's processes: those its start added (tsx keeps an esbuild service beside this process).
      const others = new Set(processTree(process.pid))
      const fixture = await startJavaFixture()
      const fixturePids = processTree(process.pid).filter((p) => !others.has(p))
      const fixtureBefore = liveCpu(fixturePids)
      const fixtureCpu = () =>
        fixturePids.length > 0 ? { fixtureCpuS: round(liveCpu(fixturePids) - fixtureBefore) } : {}
      const stealBefore = stolenCpu()
      const stolen = () => {
        const now = stolenCpu()
        return now !== undefined && stealBefore !== undefined ? { stealS: round(now - stealBefore) } : {}
      }
      try {
        if (side === 'rck') rckSide = { ...(await timeRck(fixture.url)), ...fixtureCpu(), ...stolen() }
        else {
          // Like the RCK's run, the harness's is not sampled for memory.
          const h = await certifyOnce(['--url', fixture.url, ...harnessArgs], undefined, {}, false)
          harnessSide = {
            wallMs: h.wallMs,
            tests: h.tests,
            summary: h.summary,
            ...(h.cpuS !== undefined ? { cpuS: h.cpuS } : {}),
            ...(h.parallelism ? { parallelism: h.parallelism } : {}),
            ...fixtureCpu(),
            ...stolen(),
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
        cpuLine(rckSide, harnessSide) +
        stealLine(rckSide, harnessSide) +
        (harnessSide.parallelism ? ` (${harnessSide.parallelism})` : ''),
    )
    rounds.push({ rck: rckSide, harness: harnessSide, rckFirst })
  }
  const rckMs = median(rounds.map((r) => r.rck.wallMs))
  const cpuRatios = rounds.map(cpuRatio).filter((x): x is number => x !== undefined)
  const harnessMs = median(rounds.map((r) => r.harness.wallMs))
  const calm = rounds.filter(isCalm)
  return {
    runs,
    loadAvg1mAtEnd: round(loadavg()[0] ?? 0),
    median: {
      rckWallMs: round(rckMs),
      harnessWallMs: round(harnessMs),
      timeRatio: round(harnessMs / rckMs),
      testsRatio: round(median(rounds.map((r) => r.harness.tests / Math.max(1, r.rck.found)))),
      ...(cpuRatios.length > 0 ? { cpuRatio: round(median(cpuRatios)) } : {}),
    },
    // The rounds in which neither side lost more than CALM_STEAL of its CPU time to the hypervisor, and the figure over
    // them alone (the same ratio of medians as timeRatio, so that with every round calm the two agree): what the code
    // does on a machine of its own. The figure over all rounds above stays the figure.
    ...(calm.length > 0
      ? {
          calmRounds: calm.length,
          calmTimeRatio: round(
            median(calm.map((r) => r.harness.wallMs)) / median(calm.map((r) => r.rck.wallMs)),
          ),
        }
      : {}),
    rounds,
  }
}

/** The share of a side's CPU time (its wall time on every core) the hypervisor may take for the side to count as calm. */
const CALM_STEAL = 0.01

/** Whether neither side of the round lost more than CALM_STEAL of its CPU time to other guests (measured only). */
function isCalm(r: Pick<Round, 'rck' | 'harness'>): boolean {
  const cores = availableParallelism()
  const calm = (side: { wallMs: number; stealS?: number }) =>
    side.stealS !== undefined && side.stealS <= (CALM_STEAL * side.wallMs * cores) / 1000
  return calm(r.rck) && calm(r.harness)
}

/** The round's stolen CPU for the log line. */
function stealLine(rck: Round['rck'], harness: Round['harness']): string {
  if (rck.stealS === undefined || harness.stealS === undefined) return ''
  return `; stolen by the hypervisor: ${rck.stealS} s during the RCK, ${harness.stealS} s during the harness${isCalm({ rck, harness }) ? ' (calm)' : ''}`
}

/** A side's CPU: the tool's and its fixture's, in seconds (undefined where either was not measured). */
function sideCpu(side: { cpuS?: number; fixtureCpuS?: number }): number | undefined {
  return side.cpuS !== undefined && side.fixtureCpuS !== undefined ? side.cpuS + side.fixtureCpuS : undefined
}

/** The harness side's CPU over the RCK side's, each with its fixture's. */
function cpuRatio(r: Pick<Round, 'rck' | 'harness'>): number | undefined {
  const [h, k] = [sideCpu(r.harness), sideCpu(r.rck)]
  return h !== undefined && k !== undefined && k > 0 ? round(h / k) : undefined
}

/** The round's CPU for the log line: each tool with its fixture, and the ratio. */
function cpuLine(rck: Round['rck'], harness: Round['harness']): string {
  const part = (name: string, side: { cpuS?: number; fixtureCpuS?: number }) =>
    `${name} ${side.cpuS ?? '?'} s + its fixture ${side.fixtureCpuS ?? '?'} s`
  const ratio = cpuRatio({ rck, harness })
  return `; CPU: ${part('harness', harness)} against ${part('RCK', rck)}${ratio !== undefined ? ` = ${ratio.toFixed(2)}×` : ''}`
}
