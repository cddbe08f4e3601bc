/**
 * The plan of a negative-control run: faults that need the same server options and CLI flags share one
 * clean baseline over the union of their areas; faults are ordered so that the longest runs start first
 * (their areas hold the most suite files), which keeps two workers busy until the end.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Fault } from './fault.ts'
import { ROOT } from './run-fault.ts'

export interface BaselineGroup {
  /** Stable key of the configuration: server options and CLI flags. */
  readonly key: string
  readonly label: string
  readonly areas: readonly string[]
  readonly server?: Fault['server']
  readonly runArgs?: Fault['runArgs']
  readonly faults: readonly Fault[]
}

export interface Plan {
  readonly groups: readonly BaselineGroup[]
  /** Faults in the order to start them. */
  readonly order: readonly Fault[]
  /** Baseline of each fault, by fault name. */
  readonly groupOf: ReadonlyMap<string, BaselineGroup>
}

/** The configuration a fault's baseline needs (functions in options, e.g. `now`, count by their source). */
export function configKey(f: Pick<Fault, 'server' | 'runArgs'>): string {
  return JSON.stringify({ server: f.server ?? {}, runArgs: f.runArgs ?? [] }, (_k, v: unknown) =>
    typeof v === 'function' ? String(v) : v,
  )
}

export function makePlan(
  faults: readonly Fault[],
  cost: (areas: readonly string[]) => number = areaCost,
): Plan {
  const byKey = new Map<string, Fault[]>()
  for (const f of faults) {
    const key = configKey(f)
    byKey.set(key, [...(byKey.get(key) ?? []), f])
  }
  const groups: BaselineGroup[] = [...byKey.entries()].map(([key, fs], i) => {
    const first = fs[0] as Fault
    return {
      key,
      label: i === 0 && key === configKey({}) ? 'baseline' : `baseline-${i}`,
      areas: [...new Set(fs.flatMap((f) => f.areas))].sort(),
      ...(first.server ? { server: first.server } : {}),
      ...(first.runArgs ? { runArgs: first.runArgs } : {}),
      faults: fs,
    }
  })
  const groupOf = new Map<string, BaselineGroup>()
  for (const g of groups) for (const f of g.faults) groupOf.set(f.name, g)
  const order = faults
    .map((f, i) => ({ f, i, c: cost(f.areas) }))
    .sort((a, b) => b.c - a.c || a.i - b.i)
    .map((x) => x.f)
  return { groups, order, groupOf }
}

/** Cost estimate of running `areas`: the number of test files in them (plus one for the CLI's start-up). */
export function areaCost(areas: readonly string[]): number {
  let n = 1
  for (const a of areas) {
    try {
      n += readdirSync(join(ROOT, 'suites', a), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.test.ts')).length
    } catch {
      // An unknown area costs nothing here; the registry test reports it.
    }
  }
  return n
}
