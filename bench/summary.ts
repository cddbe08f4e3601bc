/**
 * Renders bench/out/*.json as the Markdown tables of docs/benchmarks.md (whatever parts exist).
 *
 *   npx tsx bench/summary.ts [outDir]
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

type Json = Record<string, unknown>
const LOADS = ['loadTable', 'commitTable', 'listTables', 'createNamespace'] as const

function read(dir: string, part: string): Json | undefined {
  const file = join(dir, `${part}.json`)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Json) : undefined
}

function table(head: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) => `| ${cells.map((c) => String(c ?? '–')).join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

interface Cell {
  concurrency: number
  opsPerS: number
  p50Ms: number
  p99Ms: number
  failures: number
}

/** The Markdown for every part found in `dir`. */
export function summarize(dir: string): string {
  const out: string[] = []
  const certify = read(dir, 'certify') as
    { median: Json; samples: Json[]; loadAvg1mAtEnd: number } | undefined
  if (certify) {
    const m = certify.median
    out.push(
      '### Certification of the reference server',
      table(
        [
          'runs',
          'wall (median)',
          'CPU s (median)',
          'peak tree RSS MB',
          'test median ms',
          'exchange median ms',
        ],
        [
          [
            certify.samples.length,
            `${m['wallMs']} ms`,
            m['cpuS'],
            m['peakTreeRssMb'],
            m['testMedianMs'],
            m['exchangeMedianMs'],
          ],
        ],
      ),
      `Samples (wall ms / CPU s): ${certify.samples.map((s) => `${s['wallMs']} / ${s['cpuS']}`).join(', ')}`,
    )
  }
  const ab = read(dir, 'certify-ab') as { median: Record<string, Json>; runs: number } | undefined
  if (ab)
    out.push(
      '### Certification A/B (reference server child by --url)',
      table(
        ['variant', 'wall ms (median)', 'CPU s (median)', 'exchange median ms', 'test median ms'],
        Object.entries(ab.median).map(([k, v]) => [
          k,
          v['wallMs'],
          v['cpuS'],
          v['exchangeMedianMs'],
          v['testMedianMs'],
        ]),
      ),
    )
  const side = read(dir, 'rck') as
    { median: Json; rounds: { rck: Json; harness: Json }[]; loadAvg1mAtEnd: number } | undefined
  if (side)
    out.push(
      '### Side by side with the RCK (a fresh Java fixture instance per round)',
      table(
        [
          'round',
          'RCK wall',
          'RCK tests found',
          'harness wall',
          'harness tests',
          'time ratio',
          'tests ratio',
        ],
        side.rounds.map((r, i) => [
          i + 1,
          `${r.rck['wallMs']} ms`,
          r.rck['found'],
          `${r.harness['wallMs']} ms`,
          r.harness['tests'],
          (Number(r.harness['wallMs']) / Number(r.rck['wallMs'])).toFixed(2),
          (Number(r.harness['tests']) / Math.max(1, Number(r.rck['found']))).toFixed(2),
        ]),
      ),
      `Median: harness ${side.median['timeRatio']}× the RCK's wall time for ${side.median['testsRatio']}× its tests ` +
        `(goal: ≤ 0.5× the time for ≥ 1.5× the tests); load average ${side.loadAvg1mAtEnd} at the end.`,
    )
  const dist = read(dir, 'distance') as
    | {
        direct: Json & { requests?: Json }
        near: Json
        rows: (Json & { requests?: Json; outcomeDiffs: unknown[] })[]
      }
    | undefined
  if (dist)
    out.push(
      '### Certification at network distance (the reference server behind a delaying proxy)',
      table(
        [
          'delay',
          'wall',
          'ratio to direct',
          'requests',
          'longest chain',
          'floor',
          'peak in flight',
          'CLI CPU s',
          'parallelism',
          'outcomes differ',
        ],
        [
          [
            'direct',
            `${dist.direct['wallMs']} ms`,
            1,
            dist.direct.requests?.['total'],
            dist.direct.requests?.['longestChain'],
            undefined,
            dist.direct.requests?.['peakInFlight'],
            dist.direct['cpuS'],
            dist.direct['parallelism'],
            undefined,
          ],
          ...dist.rows.map((r) => [
            `${r['delayMs']} ms`,
            `${r['wallMs']} ms`,
            `${r['ratio']}×`,
            r.requests?.['total'],
            r.requests?.['longestChain'],
            r['floorMs'] === undefined ? undefined : `${r['floorMs']} ms`,
            r.requests?.['peakInFlight'],
            r['cpuS'],
            r['parallelism'],
            r.outcomeDiffs.length,
          ]),
        ],
      ),
      `Baseline for the outcomes: by URL 0 ms away, \`--serial\`, ${dist.near['wallMs']} ms.`,
    )
  for (const part of ['floor', 'floor-java']) {
    const f = read(dir, part) as { target: string; median: Json; rounds: Json[] } | undefined
    if (!f) continue
    out.push(
      `### Floor under a certification of ${f.target} (startup + a bare replay of its requests)`,
      table(
        [
          'round',
          'harness wall',
          'startup',
          'replay',
          'floor',
          'CPU bound',
          'harness / server CPU s',
          'requests',
          'replay same status',
        ],
        f.rounds.map((r, i) => [
          i + 1,
          `${r['harnessWallMs']} ms`,
          `${r['startupMs']} ms`,
          `${r['replayMs']} ms`,
          `${r['floorMs']} ms`,
          r['cpuBoundMs'] === undefined ? undefined : `${r['cpuBoundMs']} ms`,
          `${r['harnessCpuS'] ?? '–'} / ${r['serverCpuS']}`,
          r['requests'],
          r['replaySameStatus'],
        ]),
      ),
      `Median: harness ${f.median['harnessWallMs']} ms, floor ${f.median['floorMs']} ms ` +
        `(startup ${f.median['startupMs']} + replay ${f.median['replayMs']}), CPU bound ${f.median['cpuBoundMs']} ms.`,
    )
  }
  const tp = read(dir, 'throughput') as Record<string, Record<string, Cell[]> | undefined> | undefined
  if (tp) {
    const servers = ['reference', 'keepAlive5s', 'java'].filter((s) => typeof tp[s] === 'object')
    const rows: unknown[][] = []
    for (const load of LOADS)
      for (let i = 0; i < (tp['reference']?.[load]?.length ?? 0); i++)
        rows.push([
          load,
          tp['reference']![load]![i]!.concurrency,
          ...servers.map((s) => {
            const c = tp[s]![load]![i]!
            return `${c.opsPerS} op/s, ${c.p50Ms} / ${c.p99Ms} ms${c.failures ? `, ${c.failures} failed` : ''}`
          }),
          ...['ratioShippedOverJava', 'ratioKeepAlive5sOverJava']
            .filter((r) => tp[r])
            .map((r) => (tp[r] as unknown as Record<string, number[]>)[load]![i]),
        ])
    out.push(
      '### Throughput and latency (op/s, p50 / p99)',
      table(
        [
          'load',
          'concurrency',
          ...servers,
          ...['ratioShippedOverJava', 'ratioKeepAlive5sOverJava'].filter((r) => tp[r]),
        ],
        rows,
      ),
    )
  }
  const ohRaw = read(dir, 'overhead') as Record<string, Record<string, Json> | undefined> | undefined
  // Older files hold one server's numbers at the top level.
  const oh = ohRaw && 'loadTable' in ohRaw ? { shipped: ohRaw as Record<string, Json> } : ohRaw
  if (oh) {
    const rows: unknown[][] = []
    for (const [variant, r] of Object.entries(oh))
      for (const op of ['loadTable', 'listNamespaces']) {
        const x = r?.[op] as Record<string, Json> | undefined
        if (!x || typeof x !== 'object' || !('raw' in x)) continue
        rows.push([
          variant,
          op,
          x['raw']!['medianMs'],
          x['harness']!['medianMs'],
          x['checksAndRecord']!['medianMs'],
          `${String(x['overheadPct'])} %`,
        ])
      }
    out.push(
      '### Harness overhead per exchange (median ms)',
      table(['server', 'operation', 'raw undici', 'harness', 'checks + record alone', 'overhead'], rows),
    )
  }
  const mem = read(dir, 'memory')
  if (mem)
    out.push(
      '### Memory of the reference server',
      table(
        ['tables', 'idle RSS MB', 'RSS MB after fill', 'peak RSS MB', 'fill (createTable/s)'],
        [[mem['tables'], mem['idleRssMb'], mem['rssMb'], mem['peakRssMb'], mem['createTablePerS']]],
      ),
    )
  return out.join('\n\n')
}

if (import.meta.url === `file://${process.argv[1]}`)
  process.stdout.write(`${summarize(process.argv[2] ?? fileURLToPath(new URL('./out/', import.meta.url)))}\n`)
