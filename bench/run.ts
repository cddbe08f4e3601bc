/**
 * Runs the benchmarks and writes their results to bench/out/<part>.json (git-ignored).
 *
 *   npx tsx bench/run.ts [certify] [certify-java] [certify-ab] [distance] [rck] [floor] [floor-java] [throughput] [overhead] [memory] [--runs 5] [--quick]
 *
 * No part named: all of them. `--quick` shrinks every budget (a smoke run, not a measurement).
 * The Java fixture parts need `bash fixtures/targets/iceberg-rest-fixture/prepare.sh` first.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { certify } from './certify.ts'
import { certifyAb } from './certify-ab.ts'
import { distance } from './distance.ts'
import { floor } from './floor.ts'
import { memory } from './memory.ts'
import { overhead } from './overhead.ts'
import { rck } from './rck.ts'
import { DEFAULT_THROUGHPUT, throughput } from './throughput.ts'

export const PARTS = [
  'certify',
  'certify-java',
  'certify-ab',
  'distance',
  'rck',
  'floor',
  'floor-java',
  'throughput',
  'overhead',
  'memory',
] as const
export type Part = (typeof PARTS)[number]

/** Runs `parts` with full or quick budgets; returns what each part measured. */
export async function runBench(
  parts: readonly Part[],
  o: { runs: number; quick: boolean; outDir?: URL; log?: (l: string) => void },
): Promise<Record<string, unknown>> {
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`))
  const outDir = o.outDir ?? new URL('./out/', import.meta.url)
  await mkdir(outDir, { recursive: true })
  const env = {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    loadAvg1mAtStart: loadavg()[0],
  }
  const results: Record<string, unknown> = {}
  const quickCertify = ['--include', 'config']
  const jobs: Record<Part, () => Promise<unknown>> = {
    certify: () => certify(o.quick ? quickCertify : [], o.runs, log),
    'certify-java': () =>
      certify(['--target', 'iceberg-rest-fixture', ...(o.quick ? quickCertify : [])], o.runs, log),
    'certify-ab': () => certifyAb(o.runs, o.quick ? quickCertify : [], log),
    // Quick: the config area at 10 ms only (the mechanics, not a measurement).
    distance: () => (o.quick ? distance(quickCertify, [10], log) : distance([], undefined, log)),
    rck: () => rck(o.quick ? 1 : o.runs, o.quick ? quickCertify : [], log),
    // Quick: the config area only, no warm-up rounds (a smoke run of the mechanics).
    floor: () => floor('reference', o.runs, o.quick ? quickCertify : [], { warm: !o.quick, log }),
    'floor-java': () =>
      floor('iceberg-rest-fixture', o.quick ? 1 : o.runs, o.quick ? quickCertify : [], {
        warm: !o.quick,
        log,
      }),
    throughput: () =>
      throughput(
        o.quick
          ? {
              concurrencies: [1, 4],
              maxRequests: 50,
              maxMs: 500,
              warmupMs: 100,
              listSize: 20,
              java: false,
              keepAliveVariant: false,
            }
          : DEFAULT_THROUGHPUT,
        log,
      ),
    overhead: async () =>
      o.quick
        ? { shipped: await overhead(20, 5) }
        : { shipped: await overhead(), keepAlive5s: await overhead(2000, 300, 5000) },
    memory: () => (o.quick ? memory(50) : memory()),
  }
  for (const part of parts) {
    log(`bench: ${part}…`)
    const r = { env, ...((await jobs[part]()) as object) }
    results[part] = r
    await writeFile(new URL(`${part}.json`, outDir), `${JSON.stringify(r, null, 2)}\n`)
  }
  return results
}

function parseArgs(argv: readonly string[]) {
  const parts = argv.filter((a): a is Part => (PARTS as readonly string[]).includes(a))
  const unknown = argv.filter(
    (a, i) => !parts.includes(a as Part) && !a.startsWith('--') && argv[i - 1] !== '--runs',
  )
  if (unknown.length > 0) throw new Error(`unknown part(s) ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`)
  const runsAt = argv.indexOf('--runs')
  return {
    parts: parts.length > 0 ? parts : PARTS,
    runs: runsAt >= 0 ? Number(argv[runsAt + 1]) : 5,
    quick: argv.includes('--quick'),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2))
  const results = await runBench(args.parts, args)
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`)
}
