/**
 * A/B of the reference server's keep-alive timeout on a full certification: the CLI certifies a reference
 * server child by `--url`, as shipped (keepAliveTimeout 1000 ms, so undici opens a connection per request)
 * and with 5000 ms (Node's default), alternating runs so machine load hits both alike.
 *
 *   npx tsx bench/run.ts keep-alive-ab --runs 3
 */
import { loadavg } from 'node:os'
import { certifyOnce, type CertifySample } from './certify.ts'
import { median, round } from './lib/stats.ts'
import { startReference } from './lib/targets.ts'

const VARIANTS = { shipped: undefined, keepAlive5s: 5000 } as const

/** `runs` alternating certifications per variant, each against a fresh server child. */
export async function keepAliveAb(
  runs: number,
  args: readonly string[] = [],
  log: (l: string) => void = () => {},
) {
  const samples: Record<string, CertifySample[]> = { shipped: [], keepAlive5s: [] }
  for (let i = 0; i < runs; i++) {
    for (const [name, keepAliveMs] of Object.entries(VARIANTS)) {
      const server = await startReference(30_000, keepAliveMs)
      try {
        const s = await certifyOnce(['--url', server.url, ...args])
        log(`keep-alive A/B ${name} #${i + 1}: ${s.wallMs} ms, ${s.cpuS ?? '?'} s CPU (CLI tree only)`)
        samples[name]!.push(s)
      } finally {
        await server.stop()
      }
    }
  }
  const med = (name: string, f: (s: CertifySample) => number | undefined) =>
    round(median(samples[name]!.map(f).filter((v): v is number => v !== undefined)))
  const summary = Object.fromEntries(
    Object.keys(VARIANTS).map((name) => [
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
