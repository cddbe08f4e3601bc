/**
 * Runs a fast-check property inside a conformance test: with the run's seed, budget and replay path, and
 * with what the reports need when it fails — the seed, a replay path, the shrunk counterexample on `meta`,
 * and the violations and exchanges of that counterexample only (not of every shrink attempt).
 *
 * Replay path format (`--path`): `<rule-id>@<fast-check path>[#<commands replay path>]`. A path without a
 * rule id applies to every property of the run; with one, only to that rule's property.
 *
 * Distinct failures (`distinct` option): fast-check stops at the first failure, so a second defect of the same
 * operation stays hidden until the first is fixed. With `distinct: n` a failed property is checked again with the
 * same seed, an execution failing with a kind already found (its signature, support/failure-signature.ts) now
 * counting as passing, so fast-check finds and shrinks towards the next new kind; this repeats until a pass finds
 * nothing new or n kinds are found for every operation. The budget is per operation (the operation of the exchange that
 * broke the kind's MUST rule): a property that sends to several operations (the malformed-JSON rule) reports up to n
 * kinds of each, so that one operation's failures cannot hide another's, and one kind met on two operations is two
 * failures. A later pass resumes at the input the pass before it failed at: the inputs before
 * that one would pass again (see sifted). A passing property costs one pass, as before; same seed, same list.
 * Every failure keeps its own counterexample, transcript and `<rule>@<path>` replay path. Replaying a path needs no
 * record of the pass that found it: the replay counts as failing only the kind of the first failing execution (the
 * one at the path) and does not shrink it further (a pass may have stopped at its shrink budget, SHRINK_RUNS).
 * Every pass draws the same inputs, so the kinds found are those the budget's inputs (and their shrinks) reach.
 */
import fc from 'fast-check'
import type { ConformanceMeta } from '../results/meta.ts'
import { ERROR_CODES, blockedBy, errorCode } from '../results/errors.ts'
import { failureSignature, generatedStrings } from './failure-signature.ts'
import { firstMustAnswer } from '../results/answer-text.ts'
import type { RunContext } from '../run-context.ts'
import type { Violation } from '../checks/types.ts'
import type { ExchangeRecord } from '../http/exchange.ts'
import { areaOf, judgedInRun } from '../run-selection.ts'
import { inLaneOrder, laneOf } from './lane-tags.ts'
import { laneFailuresOf } from './lanes.ts'

/** What a property needs to replay a failure exactly. */
export interface Replay {
  /** fast-check's counterexample path, when this property is being replayed. */
  readonly path?: string
  /**
   * `fc.commands(…, { replayPath })` of a model-based property being replayed; a property that runs several command
   * sequences at once has one per sequence, joined by LANE_SEPARATOR (commandsPathsOf splits them).
   */
  readonly commandsPath?: string
}

export interface PropertyOptions {
  /** Runs per property; default run.runs (×8 when run.thorough). */
  readonly runs?: number
  /** Upper bound of runs whatever the budget (slow properties). */
  readonly maxRuns?: number
  /** Suite area, for the printed replay command. */
  readonly area?: string
  /**
   * Rules this property may leave a defect to (counted once), which the run judges or not by its selection
   * (run-selection.ts). The printed replay command includes the areas of those this run judges, so that the replay
   * makes the same decisions: what a property leaves may shape what it draws.
   */
  readonly carriers?: readonly string[]
  /**
   * At most this many distinct failures (see the module comment); default 1, fast-check's first failure only.
   * For properties whose executions are cheap and independent of each other, such as one request per execution.
   */
  readonly distinct?: number
  /**
   * Inputs every run tries first, inside its budget (fast-check's `examples`): the cases a generator must not leave to
   * chance. A replay path counts them as fast-check does, so the same examples must be passed when replaying.
   */
  readonly examples?: readonly (readonly unknown[])[]
}

// The caps of distinct failures: their own module, which the CLI reads without loading fast-check.
export { BODY_DISTINCT_FAILURES, DISTINCT_FAILURES, RUN_DISTINCT_FAILURES } from './distinct-failures.ts'

/**
 * Executions spent shrinking each failure: enough to reach a small counterexample for the inputs the suites
 * generate, bounded because against a server that fails, shrinking was most of a property's requests (measured on the
 * Java fixture 1.11.0: 101 shrink steps of 6 requests for one oversized name, 164 passing candidates for one namespace
 * round trip). `--thorough` shrinks THOROUGH_FACTOR times as long.
 */
export const SHRINK_RUNS = 40

/** How much more `--thorough` spends: runs per property and shrink executions alike. */
const THOROUGH_FACTOR = 8

export function shrinkBudget(run: RunContext): number {
  return run.thorough ? SHRINK_RUNS * THOROUGH_FACTOR : SHRINK_RUNS
}

/** Number of runs for a property from the run's budget. */
export function budget(run: RunContext, opts: PropertyOptions = {}): number {
  const base = opts.runs ?? run.runs
  const n = run.thorough ? base * THOROUGH_FACTOR : base
  return Math.max(1, Math.min(n, opts.maxRuns ?? Number.MAX_SAFE_INTEGER))
}

/** Between the replay paths of a model-based property's command sequences in a --path (fast-check's never hold it). */
export const LANE_SEPARATOR = '#'

/** The replay path of each of `lanes` command sequences (undefined where there is none). */
export function commandsPathsOf(replay: Replay, lanes: number): (string | undefined)[] {
  const paths = replay.commandsPath?.split(LANE_SEPARATOR) ?? []
  return Array.from({ length: lanes }, (_, i) => paths[i] || undefined)
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
const MAX_COUNTEREXAMPLE = 8000

/** The failing execution that counted: its kind, what it threw, its MUST violations and its exchanges. */
interface Failing {
  readonly signature: string
  /** The operation whose exchange broke the first MUST rule ('' for a failure without one): the budget's key. */
  readonly operation: string
  readonly thrown: unknown
  readonly violations: Violation[]
  readonly exchanges: ExchangeRecord[]
}

/** One distinct failure as the reports show it. */
interface Found extends Failing {
  readonly message: string
  readonly counterexample: string
  readonly path: string
  readonly replay: string
  /** The pass that found it: fast-check's counts, for the message. */
  readonly numRuns: number
  readonly numShrinks: number
}

/** A pass of the distinct-failures search: the property as fast-check checks it, and where it failed. */
interface SiftedPass<Ts> {
  readonly property: fc.IAsyncProperty<Ts>
  /** The index among the generated (not shrunk) executions of the first one that counted, once there is one. */
  readonly failedAt: () => number | undefined
}

/**
 * `inner` with each failing execution sorted by its kind: one that `counts` rejects passes (fast-check moves on
 * and shrinks only towards kinds that count); one that counts is handed to `onFailing`. fast-check moves to each
 * failing shrink candidate, so the last execution handed over is the counterexample's. Shrinking stops after
 * `shrinkCap` executions: the counterexample is then the smallest failing one found so far, still a real failure.
 *
 * The generated executions before index `resumeAt` are not run again, hooks included: with the same seed they draw
 * the inputs an earlier pass ran before its failure, and each of those passed or failed with a kind found by then, so
 * each would pass now. The failing execution itself runs again: shrinking may have moved to another kind than its
 * own, which is then still to be found. fast-check counts the skipped executions, so run indices, paths and the
 * inputs drawn after them stay those of a full pass.
 */
function sifted<Ts>(
  inner: fc.IAsyncProperty<Ts>,
  meta: ConformanceMeta,
  counts: (signature: string, operation: string) => boolean,
  onFailing: (failing: Failing) => void,
  shrinkCap: number,
  resumeAt: number,
): SiftedPass<Ts> {
  let failed = false
  let failedAt: number | undefined
  let shrinkRuns = 0
  // Executions generated so far (shrinking only starts after the first failure), and whether the current one is skipped.
  let generated = 0
  let skipping = false
  const property: fc.IAsyncProperty<Ts> = {
    isAsync: () => true,
    generate: (mrng, runId) => inner.generate(mrng, runId),
    // Until the first failure the stream is whole: a replay walks it to reach the path's counterexample.
    shrink: (value) => inner.shrink(value).takeWhile(() => !failed || shrinkRuns < shrinkCap),
    runBeforeEach: () => {
      skipping = !failed && generated++ < resumeAt
      return skipping ? Promise.resolve() : inner.runBeforeEach()
    },
    runAfterEach: () => (skipping ? Promise.resolve() : inner.runAfterEach()),
    run: async (v) => {
      if (skipping) return null
      if (failed) shrinkRuns++
      const out = await inner.run(v)
      if (out === null || fc.PreconditionFailure.isFailure(out)) return out
      const counted = failingOf(meta, out.error, v).find((f) => counts(f.signature, f.operation))
      if (!counted) return null
      if (!failed) failedAt = generated - 1
      failed = true
      onFailing(counted)
      return out
    },
  }
  return { property, failedAt: () => failedAt }
}

/**
 * The failure of a failing execution, with its kind. A laned run (lanes.ts) is one failure per failing lane, in lane
 * order, each of that lane's own records (lane-tags.ts; those of no lane belong to each): its lanes' answers interleave,
 * and the run's first MUST violation in time would make its kind depend on which answer came first, and a lane whose
 * kind was found already would hide a new kind in a lane after it.
 */
function failingOf(meta: ConformanceMeta, thrown: unknown, args: unknown): Failing[] {
  const violations = inLaneOrder(meta.violations).filter((x) => x.level === 'MUST')
  const exchanges = inLaneOrder(meta.exchanges)
  const lanes = laneFailuresOf(thrown)
  if (!lanes) return [failure(violations, exchanges, thrown, generatedStrings(args))]
  return lanes.map((l) => {
    const own = (r: object) => (laneOf(r) ?? l.lane) === l.lane
    return failure(violations.filter(own), exchanges.filter(own), l.thrown, generatedStrings(l.value))
  })
}

function failure(
  violations: Violation[],
  exchanges: ExchangeRecord[],
  thrown: unknown,
  generated: readonly string[],
): Failing {
  const answer = firstMustAnswer(violations, exchanges)
  return {
    signature: failureSignature(violations, thrown, answer, generated),
    operation: violations[0]?.operationId ?? '',
    thrown,
    violations,
    exchanges,
  }
}

/**
 * Checks `makeProperty(replay)` with the run's seed and budget. On failure: sets meta.seed, meta.path,
 * meta.counterexample, keeps the violations and exchanges of the shrunk counterexample, and throws an error
 * of the same kind as the counterexample's (its `code`: ConformanceFailure → fail, SetupError → error) with the replay
 * command in its message. With `opts.distinct` > 1, the further distinct failures go to meta.moreFailures, their
 * violations to meta.violations too, and the error is a fail when any of them broke a MUST rule.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  ctx: { run: RunContext; meta: ConformanceMeta },
  makeProperty: (replay: Replay) => fc.IAsyncPropertyWithHooks<Ts>,
  opts: PropertyOptions = {},
): Promise<void> {
  const { run, meta } = ctx
  const replay = replayFor(run, meta.rule)
  const soft = new Map<string, Violation>()
  let sample: ExchangeRecord[] | undefined
  const property = makeProperty(replay)
    .beforeEach((previous) => {
      meta.violations.length = 0
      meta.exchanges.length = 0
      return previous()
    })
    .afterEach((previous) => {
      // A laned run's records in lane order (lane-tags.ts), so that what is kept of it is the same every run.
      meta.violations.splice(0, meta.violations.length, ...inLaneOrder(meta.violations))
      meta.exchanges.splice(0, meta.exchanges.length, ...inLaneOrder(meta.exchanges))
      for (const v of meta.violations)
        if (v.level !== 'MUST' && soft.size < SOFT_LIMIT) soft.set(`${v.rule}|${v.message}`, v)
      sample ??= [...meta.exchanges]
      return previous()
    })
  const found: Found[] = []
  // Replaying a path: only the kind met first counts (see the module comment); otherwise every kind not found yet.
  let pinned: string | undefined
  // The property's own cap, within the run's (`--distinct-failures`), per operation; a replay reproduces one failure.
  const cap = replay.path ? 1 : Math.max(1, Math.min(opts.distinct ?? 1, run.distinctFailures))
  const ofOperation = (operation: string) => found.filter((f) => f.operation === operation)
  const counts = (signature: string, operation: string): boolean => {
    if (replay.path) return `${operation}|${signature}` === (pinned ??= `${operation}|${signature}`)
    const same = ofOperation(operation)
    return same.length < cap && !same.some((f) => f.signature === signature)
  }
  let failing: Failing | undefined
  meta.seed = run.seed
  // Where the next pass resumes (see sifted): the generated execution the last pass failed at.
  let resumeAt = 0
  // Each pass finds a kind not found before or ends the search. A property that does not collect (cap 1) and a replay
  // stop at their one failure, as fast-check does; a collecting one goes on until a pass finds nothing new.
  while (!(cap === 1 && found.length > 0)) {
    failing = undefined
    // A replay shows the reported counterexample itself: the pass that found it may have stopped at its budget.
    const pass = sifted(
      property,
      meta,
      counts,
      (f) => (failing = f),
      replay.path ? 0 : shrinkBudget(run),
      resumeAt,
    )
    const details = await fc.check(pass.property, {
      seed: run.seed,
      numRuns: budget(run, opts),
      ...(opts.examples ? { examples: opts.examples as unknown as Ts[] } : {}),
      ...(replay.path ? { path: replay.path } : {}),
    })
    if (!details.failed) break
    // A failure outside the predicate (a hook threw, the run was interrupted) has no execution of its own.
    const f = failing ?? {
      signature: failureSignature([], details.errorInstance),
      operation: '',
      thrown: details.errorInstance,
      violations: [],
      exchanges: [],
    }
    // Such a failure would repeat in every pass: it ends the search.
    if (found.some((k) => k.signature === f.signature && k.operation === f.operation)) break
    found.push(describeFailure(run, meta, opts, f, details))
    resumeAt = pass.failedAt() ?? resumeAt
  }
  meta.violations.length = 0
  meta.exchanges.length = 0
  meta.violations.push(...soft.values())
  const [first, ...more] = found
  if (!first) {
    meta.exchanges.push(...(sample ?? []).slice(0, 40))
    return
  }
  for (const f of found) meta.violations.push(...f.violations)
  meta.exchanges.push(...first.exchanges)
  meta.path = first.path
  meta.counterexample = first.counterexample
  meta.replay = first.replay
  if (more.length > 0)
    meta.moreFailures = more.map((f) => ({
      signature: f.signature,
      message: f.message,
      counterexample: f.counterexample,
      path: f.path,
      replay: f.replay,
      violations: f.violations,
      exchanges: f.exchanges,
    }))
  const message = [
    first.message,
    `Property falsified after ${first.numRuns} run(s) and ${first.numShrinks} shrink(s).`,
    `Counterexample (shrunk): ${first.counterexample}`,
    `Replay: ${first.replay}`,
    ...more.flatMap((f, i) => [
      '',
      `Distinct failure ${i + 2} of ${found.length} (another kind, found with the kinds before it counted as passing):`,
      f.message,
      `Counterexample (shrunk): ${f.counterexample}`,
      `Replay: ${f.replay}`,
    ]),
  ].join('\n')
  // The kind of the error decides the outcome: a fail when any distinct failure broke a MUST rule, else the first's.
  const decisive = found.find((f) => errorCode(f.thrown) === ERROR_CODES.conformanceFailure) ?? first
  // A blocked run keeps the rule that carries the refusal (results/errors.ts blockedBy), as a thrown Blocked does.
  const rule = blockedBy(decisive.thrown)
  const err = Object.assign(new Error(message), {
    code: errorCode(decisive.thrown),
    ...(rule ? { rule } : {}),
  })
  // Its name for the console, its code for the outcome.
  err.name = decisive.thrown instanceof Error ? decisive.thrown.name : 'Error'
  throw err
}

/** The reports' view of one failure: its cause's message, shrunk counterexample, replay path and command. */
function describeFailure(
  run: RunContext,
  meta: ConformanceMeta,
  opts: PropertyOptions,
  failing: Failing,
  details: {
    readonly counterexample: unknown
    readonly counterexamplePath: string | null
    readonly numRuns: number
    readonly numShrinks: number
  },
): Found {
  const shown = details.counterexample ? fc.stringify(details.counterexample) : '(none)'
  // A model-based property may run several command sequences at once (one per lane): their replay paths, in order.
  const commandsPaths = [...shown.matchAll(/\/\*replayPath="([^"]*)"\*\//g)].map((m) => m[1] ?? '')
  const commandsPath = commandsPaths.length > 0 ? commandsPaths.join(LANE_SEPARATOR) : undefined
  const path = `${meta.rule}@${details.counterexamplePath ?? ''}${commandsPath ? `#${commandsPath}` : ''}`
  const carried = (opts.carriers ?? []).filter((rule) => judgedInRun(run.selection, rule))
  const areas = [...new Set([opts.area ?? meta.area, ...carried.map(areaOf)])]
  const replay = [
    'catalog-conformance run',
    run.replayArgs,
    `--include ${areas.join(',')} --seed ${run.seed} --path '${path.replaceAll("'", `'\\''`)}'`,
  ]
    .filter(Boolean)
    .join(' ')
  const cause = failing.thrown
  return {
    ...failing,
    message: cause instanceof Error ? cause.message : String(cause),
    counterexample: shown.length > MAX_COUNTEREXAMPLE ? `${shown.slice(0, MAX_COUNTEREXAMPLE)}…` : shown,
    path,
    replay,
    numRuns: details.numRuns,
    numShrinks: details.numShrinks,
  }
}
