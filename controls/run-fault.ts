/**
 * The runner of negative controls: starts the reference server with a fault's hooks on 127.0.0.1:0 (behind
 * the wire proxy when the fault needs one), runs the CLI's `run` against it for the fault's areas in a
 * long-lived CLI service (controls/cli-service.ts) with a time bound, reads results.json, and stops the server.
 * A clean baseline is the same run without hooks.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { start } from '../reference-server/index.ts'
import type { FaultHooks, ReferenceServerOptions } from '../reference-server/index.ts'
import type { Results } from '../reports/results.ts'
import type { Fault } from './fault.ts'
import { outsideVitest } from '../app/cli/spawn-cli.ts'
import { CliServices } from './cli-services.ts'
import { startWireProxy } from './wire-proxy.ts'
import type { WireHook } from './wire-proxy.ts'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Where report directories of control runs go (git-ignored). */
export const CONTROLS_TMP = join(ROOT, '.tmp', 'controls')
const DEFAULT_TIMEOUT_MS = 300_000

/** What one control run needs: the areas, and how the server misbehaves (nothing for the baseline). */
export interface RunSpec {
  /** Label for logs and the report directory, e.g. the fault's name or `baseline`. */
  readonly label: string
  readonly areas: readonly string[]
  readonly hooks?: FaultHooks
  readonly wire?: WireHook
  readonly server?: Partial<ReferenceServerOptions>
  readonly runArgs?: readonly string[]
  /** Runs against the started server before the CLI (e.g. creating what a catalog holds beforehand). */
  readonly before?: (url: string) => Promise<void>
  /** Runs against the server after the CLI, before it stops (e.g. reading what the run left). */
  readonly after?: (url: string) => Promise<void>
  /** Bound on the whole CLI run; default 5 minutes (a loaded CI machine is slow). */
  readonly timeoutMs?: number
}

export interface RunOutcome {
  readonly label: string
  /** CLI exit code (0 conformant, 1 nonconformant, 2 harness error); null when killed. */
  readonly exitCode: number | null
  readonly timedOut: boolean
  /** Absent when the CLI wrote no results.json (harness error, timeout). */
  readonly results?: Results
  readonly reportDir: string
  readonly durationMs: number
  /** The last few thousand characters of the CLI's stdout and stderr, for diagnosis. */
  readonly output: string
}

/** Runs the CLI against a server started with `spec`'s hooks. Never throws for what the run finds. */
export async function runControl(spec: RunSpec): Promise<RunOutcome> {
  const started = Date.now()
  mkdirSync(CONTROLS_TMP, { recursive: true })
  const reportDir = mkdtempSync(join(CONTROLS_TMP, `${spec.label}-`))
  const warehouseDir = join(reportDir, 'warehouse')
  mkdirSync(warehouseDir)
  const server = await start({
    // As the CLI's bundled target: the original document's behaviours under its profile, and a warehouse
    // on disk, which the harness reaches to seed tables with real manifests.
    ...(spec.runArgs?.join(' ').includes('--profile document') ? { documentProfile: true } : {}),
    warehouseDir,
    ...spec.server,
    host: '127.0.0.1',
    port: 0,
    ...(spec.hooks ? { hooks: spec.hooks } : {}),
  })
  const proxy = spec.wire ? await startWireProxy(server.url, spec.wire) : undefined
  try {
    await spec.before?.(server.url)
    const url = proxy?.url ?? server.url
    const args = ['run', '--url', url, ...spec.areas.flatMap((a) => ['--include', a])]
    // A control asks only whether a rule fails: the first failure of a property answers that, and the further
    // passes that look for other kinds would only add time (controls/distinct-failures.test.ts sets its own).
    const distinct = spec.runArgs?.includes('--distinct-failures') ? [] : ['--distinct-failures', '1']
    args.push('--report-dir', reportDir, ...distinct, ...(spec.runArgs ?? []))
    const child = await services().run(args, spec.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    await spec.after?.(server.url)
    const file = join(reportDir, 'results.json')
    const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined
    return {
      label: spec.label,
      exitCode: child.code,
      timedOut: child.timedOut,
      ...(results ? { results } : {}),
      reportDir,
      durationMs: Date.now() - started,
      output: child.output,
    }
  } finally {
    await proxy?.close()
    await withTimeout(server.close(), 10_000)
  }
}

/**
 * The run of one fault: its hooks, wire hook, server options and CLI flags, over its areas. `extraArgs`
 * (e.g. `--exclude` of files the fault does not need) go after the fault's own flags.
 */
export function runFault(
  fault: Fault,
  opts: { timeoutMs?: number; extraArgs?: readonly string[] } = {},
): Promise<RunOutcome> {
  const runArgs = [...(fault.runArgs ?? []), ...(opts.extraArgs ?? [])]
  return runControl({
    label: fault.name,
    areas: fault.areas,
    hooks: fault.hooks(),
    ...(fault.wire ? { wire: fault.wire() } : {}),
    ...(fault.server ? { server: fault.server } : {}),
    ...(runArgs.length ? { runArgs } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  })
}

/** The clean run over `areas`, with the server options and flags the faults use (e.g. auth). */
export function runBaseline(
  areas: readonly string[],
  extra: Partial<Pick<RunSpec, 'server' | 'runArgs' | 'timeoutMs' | 'label'>> = {},
): Promise<RunOutcome> {
  return runControl({ ...extra, label: extra.label ?? 'baseline', areas })
}

/** Removes a run's report directory (kept by default, for diagnosis of a failed control). */
export function discard(outcome: RunOutcome): void {
  rmSync(outcome.reportDir, { recursive: true, force: true })
}

let pool: CliServices | undefined

/**
 * The CLI services of this process, started on first use. Their environment drops CATALOG_CONFORMANCE_* (a run is
 * configured by flags only) and the variables of the Vitest run we are inside of, which would confuse their own.
 * CONTROLS_CONCURRENCY sets how many run at once (default 2).
 */
function services(): CliServices {
  if (pool) return pool
  const env = { ...outsideVitest(/^(CATALOG_CONFORMANCE_|NODE_OPTIONS$)/), FORCE_COLOR: '0', NO_COLOR: '1' }
  pool = new CliServices(ROOT, Number(process.env.CONTROLS_CONCURRENCY ?? 2), env)
  return pool
}

function withTimeout(p: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolveDone) => {
    const timer = setTimeout(resolveDone, ms)
    void p.finally(() => {
      clearTimeout(timer)
      resolveDone()
    })
  })
}
