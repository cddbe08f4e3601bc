/**
 * A/B of two causes of the certification time, on the full default suites: the reference server's
 * keep-alive timeout (as shipped 1000 ms, which undici's 2000 ms threshold turns into a new connection per
 * request, vs 5000 ms, Node's default) and Vitest's worker count (default availableParallelism - 1 = one
 * worker on 2 cores, so every file runs serially, vs VITEST_MAX_WORKERS=4). The CLI certifies a reference
 * server child by `--url` (auth off, unlike the default run), variants alternating so load hits all alike.
 *
 *   npx tsx bench/run.ts certify-ab --runs 3
 */
import { loadavg } from 'node:os'
import { certifyOnce, type CertifySample } from './certify.ts'
import { median, round } from './lib/stats.ts'
import { startReference } from './lib/targets.ts'

interface Variant {
  readonly keepAliveMs?: number
  readonly env: Readonly<Record<string, string>>
}

export const VARIANTS: Readonly<Record<string, Variant>> = {
  shipped: { env: {} },
  keepAlive5s: { keepAliveMs: 5000, env: {} },
  workers4: { env: { VITEST_MAX_WORKERS: '4' } },
  keepAlive5sWorkers4: { keepAliveMs: 5000, env: { VITEST_MAX_WORKERS: '4' } },
}

/** `runs` alternating certifications per variant, each against a fresh reference server child. */
export async function certifyAb(
  runs: number,
  args: readonly string[] = [],
  log: (l: string) => void = () => {},
  variants: readonly string[] = Object.keys(VARIANTS),
) {
  const samples: Record<string, CertifySample[]> = Object.fromEntries(variants.map((v) => [v, []]))
  for (let i = 0; i < runs; i++) {
    for (const name of variants) {
      const v = VARIANTS[name]!
      const server = await startReference(30_000, v.keepAliveMs)
      try {
        const s = await certifyOnce(['--url', server.url, ...args], 600_000, v.env)
        log(`certify A/B ${name} #${i + 1}: ${s.wallMs} ms, ${s.cpuS ?? '?'} s CPU (CLI tree, server apart)`)
        samples[name]!.push(s)
      } finally {
        await server.stop()
      }
    }
  }
  const med = (name: string, f: (s: CertifySample) => number | undefined) =>
    round(median(samples[name]!.map(f).filter((v): v is number => v !== undefined)))
  const summary = Object.fromEntries(
    variants.map((name) => [
      name,
      {
        wallMs: med(name, (s) => s.wallMs),
        cpuS: med(name, (s) => s.cpuS),
        exchangeMedianMs: med(name, (s) => s.exchangeMedianMs),
        testMedianMs: med(name, (s) => s.testMedianMs),
      },
    ]),
  )
  return { runs, args, loadAvg1mAtEnd: round(loadavg()[0] ?? 0), median: summary, samples }
}
