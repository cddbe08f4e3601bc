/**
 * Runs a fast-check property inside a conformance test: with the run's seed, budget and replay path, and
 * with what the reports need when it fails — the seed, a replay path, the shrunk counterexample on `meta`,
 * and the violations and exchanges of that counterexample only (not of every shrink attempt).
 *
 * Replay path format (`--path`): `<rule-id>@<fast-check path>[#<commands replay path>]`. A path without a
 * rule id applies to every property of the run; with one, only to that rule's property.
 */
import fc from 'fast-check'
import type { ConformanceMeta } from '../results/meta.ts'
import { errorCode } from '../results/errors.ts'
import type { RunContext } from '../run-context.ts'
import type { Violation } from '../checks/types.ts'
import type { ExchangeRecord } from '../http/exchange.ts'

/** What a property needs to replay a failure exactly. */
export interface Replay {
  /** fast-check's counterexample path, when this property is being replayed. */
  readonly path?: string
  /** `fc.commands(…, { replayPath })` of a model-based property being replayed. */
  readonly commandsPath?: string
}

export interface PropertyOptions {
  /** Runs per property; default run.runs (×8 when run.thorough). */
  readonly runs?: number
  /** Upper bound of runs whatever the budget (slow properties). */
  readonly maxRuns?: number
  /** Suite area, for the printed replay command. */
  readonly area?: string
}

/** Number of runs for a property from the run's budget. */
export function budget(run: RunContext, opts: PropertyOptions = {}): number {
  const base = opts.runs ?? run.runs
  const n = run.thorough ? base * 8 : base
  return Math.max(1, Math.min(n, opts.maxRuns ?? Number.MAX_SAFE_INTEGER))
}

/** The replay path of `rule` from run.path (see the module comment), if any. */
export function replayFor(run: RunContext, rule: string): Replay {
  const raw = run.path
  if (!raw) return {}
  const at = raw.lastIndexOf('@')
  const forRule = at >= 0 ? raw.slice(0, at) : undefined
  if (forRule !== undefined && forRule !== rule) return {}
  const rest = at >= 0 ? raw.slice(at + 1) : raw
  const hash = rest.indexOf('#')
  const path = hash >= 0 ? rest.slice(0, hash) : rest
  const commandsPath = hash >= 0 ? rest.slice(hash + 1) : undefined
  return { ...(path ? { path } : {}), ...(commandsPath ? { commandsPath } : {}) }
}

const SOFT_LIMIT = 20

/**
 * Checks `makeProperty(replay)` with the run's seed and budget. On failure: sets meta.seed, meta.path,
 * meta.counterexample, keeps the violations and exchanges of the shrunk counterexample, and throws an error
 * of the same kind as the counterexample's (its `code`: ConformanceFailure → fail, SetupError → error) with the replay
 * command in its message.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  ctx: { run: RunContext; meta: ConformanceMeta },
  makeProperty: (replay: Replay) => fc.IAsyncPropertyWithHooks<Ts>,
  opts: PropertyOptions = {},
): Promise<void> {
  const { run, meta } = ctx
  const replay = replayFor(run, meta.rule)
  const soft = new Map<string, Violation>()
  let failing: { violations: Violation[]; exchanges: ExchangeRecord[] } | undefined
  let sample: ExchangeRecord[] | undefined
  const property = makeProperty(replay)
    .beforeEach((previous) => {
      meta.violations.length = 0
      meta.exchanges.length = 0
      return previous()
    })
    .afterEach((previous) => {
      // fast-check moves to each failing shrink candidate: the last failing execution is the counterexample.
      const hard = meta.violations.filter((v) => v.level === 'MUST')
      for (const v of meta.violations)
        if (v.level !== 'MUST' && soft.size < SOFT_LIMIT) soft.set(`${v.rule}|${v.message}`, v)
      if (hard.length > 0) failing = { violations: hard, exchanges: [...meta.exchanges] }
      sample ??= [...meta.exchanges]
      return previous()
    })
  meta.seed = run.seed
  const details = await fc.check(property, {
    seed: run.seed,
    numRuns: budget(run, opts),
    ...(replay.path ? { path: replay.path } : {}),
  })
  meta.violations.length = 0
  meta.exchanges.length = 0
  meta.violations.push(...soft.values())
  if (!details.failed) {
    meta.exchanges.push(...(sample ?? []).slice(0, 40))
    return
  }
  if (failing) {
    meta.violations.push(...failing.violations)
    meta.exchanges.push(...failing.exchanges)
  }
  const shown = details.counterexample ? fc.stringify(details.counterexample) : '(none)'
  const commandsPath = /\/\*replayPath="([^"]*)"\*\//.exec(shown)?.[1]
  const path = `${meta.rule}@${details.counterexamplePath ?? ''}${commandsPath ? `#${commandsPath}` : ''}`
  meta.path = path
  meta.counterexample = shown.length > 8000 ? `${shown.slice(0, 8000)}…` : shown
  const cause = details.errorInstance
  const causeMessage = cause instanceof Error ? cause.message : String(cause)
  const area = opts.area ?? meta.area
  meta.replay = [
    'catalog-conformance run',
    run.replayArgs,
    `--include ${area} --seed ${run.seed} --path '${path.replaceAll("'", `'\\''`)}'`,
  ]
    .filter(Boolean)
    .join(' ')
  const message = [
    causeMessage,
    `Property falsified after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s).`,
    `Counterexample (shrunk): ${meta.counterexample}`,
    `Replay: ${meta.replay}`,
  ].join('\n')
  // The same kind as the counterexample's error: its name for the console, its code for the outcome.
  const err = Object.assign(new Error(message), { code: errorCode(cause) })
  err.name = cause instanceof Error ? cause.name : 'Error'
  throw err
}
