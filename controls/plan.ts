/**
 * The plan of a negative-control run: faults that need the same server options and CLI flags share one
 * clean baseline over the union of their areas; a fault whose rules are declared in known suite files runs
 * only those files; faults are ordered so that the longest runs start first (most suite files), which
 * keeps two workers busy until the end.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Fault } from './fault.ts'
import type { SuiteRule } from './known-rules.ts'
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
  cost: (f: Fault) => number = (f) => areaCost(f.areas),
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
    .map((f, i) => ({ f, i, c: cost(f) }))
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

/**
 * The suite files of `areas` (paths under suites/) that a fault needs: its own `files`, else those that
 * declare one of the rules it breaks. Undefined when that cannot be told from the sources (a check rule such as `http/responds`, or a
 * rule only named in a helper), and then the fault runs its whole areas.
 */
export function filesFor(
  fault: Pick<Fault, 'areas' | 'breaks' | 'files'>,
  rules: readonly SuiteRule[],
): string[] | undefined {
  if (fault.files) return fault.files.map((f) => `suites/${f}`).sort()
  const inAreas = (file: string) =>
    file.endsWith('.test.ts') && fault.areas.some((a) => file.startsWith(`suites/${a}/`))
  const files = new Set<string>()
  for (const rule of fault.breaks) {
    const found = rules
      .filter((r) => inAreas(r.file) && (r.pattern ? r.pattern.test(rule) : r.id === rule))
      .map((r) => r.file)
    if (found.length === 0) return undefined
    for (const f of found) files.add(f)
  }
  return [...files].sort()
}

/** `--exclude` flags that leave only `files` of `areas` to run (the CLI takes paths under suites/). */
export function excludeArgs(areas: readonly string[], files: readonly string[], root = ROOT): string[] {
  const keep = new Set(files)
  const out: string[] = []
  for (const a of areas) {
    let all: string[]
    try {
      all = readdirSync(join(root, 'suites', a), { recursive: true }).map(String)
    } catch {
      continue
    }
    for (const f of all.filter((x) => x.endsWith('.test.ts')).sort()) {
      const path = `suites/${a}/${f.split('\\').join('/')}`
      if (!keep.has(path)) out.push('--exclude', path.slice('suites/'.length))
    }
  }
  return out
}
