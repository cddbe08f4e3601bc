/// <reference types="vitest/config" />
/**
 * `run`: start the target, prepare the run, run the conformance suites in Vitest with our reporters, write
 * the reports, and answer with the exit code. SIGINT/SIGTERM cancel the run and still sweep the sandbox.
 */
import { join, resolve } from 'node:path'
import { createVitest } from 'vitest/node'
import type { Vitest } from 'vitest/node'
import type { Options } from '../config/options.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import type { RunContext } from '../../suites/_harness/run-context.ts'
import { Redactor } from '../../suites/_harness/http/redact.ts'
import { prepareRun, secretsOf } from '../setup/prepare.ts'
import { remainingOf, sweepRun } from '../setup/sweep.ts'
import { handOverRun } from '../setup/run-handover.ts'
import { replayArgsOf } from '../setup/replay.ts'
import { cleanupFinding, leftoverLine } from '../setup/cleanup-finding.ts'
import type { Exchange } from '../../suites/_harness/http/exchange.ts'
import type { TargetLog } from '../targets/types.ts'
import { startTarget, targetNameOf, withTargetDefaults } from '../setup/start-target.ts'
import { ResultsReporter } from '../../reports/results-reporter.ts'
import type { CollectedRun } from '../../reports/results-reporter.ts'
import { exitCodeOf, summarize, verdictOf } from '../../reports/results.ts'
import type { FailOn } from '../../reports/results.ts'
import type { Results } from '../../reports/results.ts'
import { writeReports } from '../../reports/write.ts'
import { violatedRuleLines } from '../../reports/violated-rules.ts'
import { defectLines } from '../../reports/defects.ts'
import { requestsLine } from '../../reports/requests-line.ts'
import { distinctFailureLines, replayLines } from '../../reports/distinct-failures.ts'
import { notConfiguredHint } from '../../reports/not-configured.ts'
import { advisoriesOf } from '../../reports/advisories.ts'
import { clientCompatLine } from '../../reports/client-compat.ts'
import { robustnessLines } from '../../reports/robustness.ts'
import { blockedLines } from '../../reports/blocked.ts'
import { ConsoleReporter, wantsColour } from '../../reports/console-reporter.ts'
import {
  applyExpectations,
  checkExpectationsFit,
  expectationLines,
  readExpectations,
  readExpectationsHeader,
} from '../../reports/expectations.ts'
import { loadOpenApi } from '../../schemas/openapi.ts'
import { DEFAULTS, OPTION_SPECS } from '../config/options.ts'
import { parseTargetSpec } from '../targets/known-targets.ts'
import { parseImageRef } from '../targets/image-target.ts'
import { runParallelism } from '../config/workers.ts'
import { writableDir } from './writable-dir.ts'
import { harnessVersion, PACKAGE_ROOT } from './version.ts'
import { moduleRunnerFor } from './module-runner.ts'
import { registerStripInstalledTypes } from '../../bin/strip-installed-types.js'
import { writePrecompiled } from '../../schemas/precompiled.ts'
import { selectionOf } from '../../suites/_harness/run-selection.ts'

/** The options with secrets replaced, for results.json. */
export function redactedOptions(opts: Options): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(opts)) {
    const spec = OPTION_SPECS[k as keyof typeof OPTION_SPECS] as { secret?: boolean } | undefined
    out[k] = spec?.secret ? '[REDACTED]' : v
  }
  return out
}

/** The target a run names (`--target NAME[@VERSION]`, `--target-version`), for the expectations file's header. */
function runTargetOf(opts: Options): { target?: string; targetVersion?: string } {
  if (opts.image && !opts.url) {
    // An image is named by its name and tag, as an expectations file's `target: NAME@TAG`.
    const { name, tag } = parseImageRef(opts.image)
    return { target: name, ...(tag ? { targetVersion: tag } : {}) }
  }
  if (!opts.target || opts.url) return {}
  const { name, version } = parseTargetSpec(opts.target, opts.targetVersion)
  return { target: name, ...(version ? { targetVersion: version } : {}) }
}

export async function runCommand(opts: Options, log: (line: string) => void): Promise<number> {
  const started = Date.now()
  // Before any thread validates (the bundled server's included): every thread then loads the validators
  // instead of compiling its own. A read-only install just compiles, as without the cache.
  writePrecompiled()
  // Before the target starts: a report folder that cannot be written is known now, not after the whole run.
  const reportDir = writableDir(resolve(opts.reportDir ?? 'reports/out'), '--report-dir', 'reports')
  // So are a missing or malformed expectations file and a broken --openapi document (exit 2), not after the target
  // started (a JVM, a container) or in every test.
  if (opts.expect) {
    readExpectations(opts.expect)
    checkExpectationsFit(
      readExpectationsHeader(opts.expect),
      { profile: opts.profile ?? DEFAULTS.profile, ...runTargetOf(opts) },
      opts.expect,
    )
  }
  if (opts.openapi) {
    try {
      loadOpenApi(opts.openapi)
    } catch (e) {
      throw new HarnessError(`--openapi ${opts.openapi}: ${(e as Error).message.split('\n')[0]}`)
    }
  }
  const target = await startTarget(opts, log)
  const targetLog = target.log?.bind(target)
  const redactor = new Redactor(secretsOf(opts))
  let interrupted = false
  // Ctrl+C between the target's start (which handles it while a container or JVM starts) and the run's own handler
  // below (the run is being prepared, Vitest loaded): the signal's default action would end the process at once, and
  // 'exit' handlers do not run then, so a started container or JVM would be left running. Stop it and end as an
  // interrupted run does; the run prefix holds nothing yet that the end of a run would sweep.
  const onSignalBeforeRun = () => {
    // Set first: Vitest's own handler, added while it loads and dropped after, keeps an exit code already set.
    process.exitCode = 130
    log('interrupted: stopping the target…')
    void target.stop().finally(() => process.exit(130))
  }
  listenOnce(onSignalBeforeRun)
  try {
    const targetKind = targetNameOf(opts)
    const selection = selectionOf(opts.include, opts.exclude)
    const run: RunContext = {
      ...(await prepareRun(withTargetDefaults(opts, target), target.url, replayArgsOf(opts), targetKind)),
      skipCleanup: skipsCleanup(opts, targetKind),
      selection,
    }
    // The same as the run's (prepare.ts), now that the catalog's round trip is known.
    const parallel = runParallelism(targetKind, opts, run)
    for (const s of run.secrets) redactor.add(s)
    log(
      `catalog-conformance ${harnessVersion()}: certifying ${redactor.text(run.baseUrl)} (${targetKind}), profile ${run.profile}, seed ${run.seed}, run ${run.runPrefix}`,
    )
    log(
      `round trip ${run.roundTripMs} ms: ${parallel.workers} file(s) at once, ${parallel.testsPerFile} test(s) of a file at once${parallel.inFlightPerWorker ? `, at most ${parallel.inFlightPerWorker * parallel.workers} requests in flight` : ''}`,
    )
    handOverRun(run)
    let collected: CollectedRun = { tests: [], errors: [] }
    // The files Vitest runs: the same selection the tests read (run-selection.ts).
    const areas = [...selection.include]
    const excluded = selection.exclude.map((p) => (p.endsWith('/') ? `${p}**` : p))
    const vitestSignalsBefore = signalListeners()
    const runner = moduleRunnerFor(PACKAGE_ROOT, Boolean(opts.ui))
    // The global setup is TypeScript that Vitest imports on this thread: an installed package strips it here too.
    if (runner.stripInstalledTypes) registerStripInstalledTypes(PACKAGE_ROOT)
    if (opts.debug) log(`suites loaded by ${runner.reason}`)
    const vitest = await createVitest(
      'test',
      {
        root: PACKAGE_ROOT,
        config: join(PACKAGE_ROOT, 'vitest.conformance.config.ts'),
        configLoader: runner.configLoader,
        watch: Boolean(opts.ui),
        ui: Boolean(opts.ui),
        open: Boolean(opts.ui),
        reporters: [
          new ResultsReporter((c) => {
            collected = c
            // In the Vitest UI every (re-)run is a certification of its own: its reports are written at once.
            if (opts.ui)
              finishRun({ opts, run, targetKind, started, reportDir, redactor, log, targetLog }, c, [])
          }),
          // Vitest's own reporter shows harness stack and code frames: only for --debug.
          opts.debug ? 'default' : new ConsoleReporter(log, wantsColour(process.stdout, process.env)),
        ],
        passWithNoTests: false,
        // Worker threads rather than child processes: a worker starts without a new Node process (~1 s less CPU
        // at the start of every run, measured with `--include config`), and no suite uses per-process state. Set
        // here, not in the config, so that the negative controls' service keeps its own parked threads.
        pool: 'threads',
        maxWorkers: parallel.workers,
        maxConcurrency: parallel.testsPerFile,
        experimental: runner.experimental,
        setupFiles: [...runner.setupFiles],
        ...(opts.shard ? { shard: opts.shard } : {}),
      },
      { test: { exclude: ['suites/_harness/**', '**/node_modules/**', ...excluded] } },
    )
    // Vitest's logger ends the process 1 ms after SIGINT or SIGTERM, before the sweep below could remove what the run
    // created in the catalog: the run's own handler takes the signals instead (Vitest's cleanup still runs on close).
    dropListenersSince(vitestSignalsBefore)
    stopListening(onSignalBeforeRun)
    const onSignal = () => {
      interrupted = true
      log(`interrupted: cancelling the run${run.skipCleanup ? '' : ' and removing what it created'}…`)
      // In UI (watch) mode nothing ends by itself: close Vitest, which ends the wait below.
      void (opts.ui ? vitest.close() : vitest.cancelCurrentRun('keyboard-input'))
    }
    listenOnce(onSignal)
    await startRun(vitest, areas)
    if (opts.ui) {
      // The port the UI really listens on: when the configured one is taken (another Vitest UI), Vite moves on.
      const api = vitest.config.api as { port?: number; host?: string } | undefined
      const bound = vitest.vite.httpServer?.address()
      const port = typeof bound === 'object' && bound ? bound.port : (api?.port ?? 51204)
      log(
        `Vitest UI: http://${api?.host ?? 'localhost'}:${port}/__vitest__/ — reports are rewritten after each run; Ctrl+C stops`,
      )
      await new Promise<void>((resolveClosed) => vitest.onClose(() => resolveClosed()))
    }
    // The results are final once the run has ended: the catalog is swept and the reports are written while Vitest
    // ends its workers (~0.1 s of waiting for the threads to exit), not after. The global setup leaves the sweep of a
    // run the CLI prepared to the CLI (global-setup.ts), so nothing else sends requests meanwhile.
    const closing = vitest.close()
    const finish = { opts, run, targetKind, started, reportDir, redactor, log, targetLog }
    const exitCode = interrupted ? undefined : await finishAfterRun(finish, collected)
    await closing
    stopListening(onSignal)
    if (exitCode !== undefined) return exitCode
    // Interrupted: remove what the run created (it judges nothing more), and end as an interrupted command does.
    if (!run.skipCleanup) {
      const removed = await sweepRun(run)
      log(`removed ${removed.length} leftover object(s) of run ${run.runPrefix}`)
    }
    return 130
  } catch (e) {
    if (e instanceof HarnessError) throw new HarnessError(redactor.text(e.message))
    throw e
  } finally {
    stopListening(onSignalBeforeRun)
    await target.stop()
  }
}

/** Handles the next SIGINT or SIGTERM with `listener`. */
function listenOnce(listener: () => void): void {
  for (const signal of SIGNALS) process.once(signal, listener)
}

/** Removes a listener listenOnce added. */
function stopListening(listener: () => void): void {
  for (const signal of SIGNALS) process.off(signal, listener)
}

/**
 * What a run that was not interrupted ends with: unless it leaves what it created in place, one more sweep (a drop
 * the server fails with 5xx is a finding against it) and the namespaces still there; then the reports and the exit
 * code.
 */
async function finishAfterRun(f: Finish, collected: CollectedRun): Promise<number> {
  const { run, log, targetKind } = f
  if (run.skipCleanup) {
    const code = finishRun(f, collected, [])
    if (targetKind === 'url')
      log(
        `--no-cleanup: what run ${run.runPrefix} created stays in the catalog; \`catalog-conformance cleanup\` removes it`,
      )
    return code
  }
  // Never leave anything behind: sweep once more; a drop the server fails with 5xx is a finding against it.
  const failedDrops: Exchange[] = []
  if ((await remainingOf(run)).length > 0) await sweepRun(run, (ex) => failedDrops.push(ex))
  const finding = cleanupFinding(failedDrops, f.redactor)
  const tests = finding ? [...collected.tests, finding] : collected.tests
  const left = await remainingOf(run)
  // A target the harness started (here: for the UI) is destroyed with its data; only someone else's catalog keeps
  // leftovers.
  if (left.length > 0 && targetKind !== 'url')
    log(
      `note: ${left.length} namespace(s) were not removed; the ${targetKind} target is discarded with its data`,
    )
  return finishRun({ ...f, leftovers: targetKind === 'url' ? left : [] }, { ...collected, tests }, [])
}

/**
 * Whether the run leaves what it creates in the catalog. By default only for a target the run started, which is
 * destroyed with its data when the run ends, and not in the UI, where every re-run would pile up in the same server;
 * `--cleanup` / `--no-cleanup` decide for any target.
 */
export function skipsCleanup(opts: Pick<Options, 'cleanup' | 'ui'>, targetKind: string): boolean {
  return opts.cleanup === undefined ? targetKind !== 'url' && !opts.ui : !opts.cleanup
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const

function signalListeners(): Record<(typeof SIGNALS)[number], readonly unknown[]> {
  return { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
}

/** Removes the SIGINT and SIGTERM listeners added since `before`. */
function dropListenersSince(before: ReturnType<typeof signalListeners>): void {
  for (const signal of SIGNALS)
    for (const listener of process.listeners(signal))
      if (!before[signal].includes(listener)) process.off(signal, listener)
}

/** The first run (the only one without --ui); no test file in the selection is an empty run, as in Vitest's CLI. */
async function startRun(vitest: Vitest, files: string[]): Promise<void> {
  try {
    await vitest.start(files)
  } catch (e) {
    if ((e as Error).name !== 'FilesNotFoundError') throw e
  }
}

/** What a finished run needs to turn its collected tests into results.json and the other reports. */
export interface Finish {
  /** Namespaces of the run a `--url` catalog still holds after the cleanup (named in the results). */
  readonly leftovers?: readonly string[][]
  readonly opts: Options
  readonly run: RunContext
  readonly targetKind: string
  readonly started: number
  readonly reportDir: string
  readonly redactor: Redactor
  readonly log: (line: string) => void
  /** The end of the started catalog's output, attached to the results of a run that did not pass. */
  readonly targetLog?: (() => TargetLog) | undefined
}

/**
 * Builds the results of a run, writes every report and prints the violated rules and the verdict; returns the exit
 * code. Called once at the end of a run, and after each run of the Vitest UI's watch mode.
 */
export function finishRun(f: Finish, c: CollectedRun, runErrors: readonly string[]): number {
  const { opts, run, targetKind, started, reportDir, redactor, log } = f
  const errors = [...c.errors, ...runErrors]
  const summary = summarize(c.tests)
  // A run that judged nothing certifies nothing: every test disabled by the profile or unsupported is an error.
  if (summary.pass + summary.fail + summary.warn + summary.error === 0 && true)
    errors.push(
      `the run judged no rule (${summary.total} tests: ${summary.disabled} disabled, ${summary.unsupported} unsupported); check --include, --exclude and --profile`,
    )
  // Tests before the catalog stopped answering may have failed on its silence; none of it is a verdict.
  const failOn = (opts.failOn ?? []) as FailOn[]
  const verdict = c.stoppedAnswering ? 'error' : verdictOf(summary, errors, failOn)
  let results: Results = JSON.parse(
    redactor.text(
      JSON.stringify({
        harness: { name: 'catalog-conformance', version: harnessVersion() },
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        target: { url: run.baseUrl, kind: targetKind },
        runId: run.runId,
        profile: run.profile,
        seed: run.seed,
        capabilities: run.caps,
        config: redactedOptions(opts),
        summary,
        verdict,
        tests: c.tests,
        errors,
        ...(c.requests ? { requests: c.requests } : {}),
        ...(f.leftovers?.length ? { leftovers: f.leftovers } : {}),
      } satisfies Results),
    ),
  ) as Results
  let exitCode = exitCodeOf(verdict)
  // Printed last, beside the verdict: with --expect they decide the exit code, and a CI log is read from its end.
  let expectLines: string[] = []
  if (opts.expect) {
    // Strict expectations decide whether CI is surprised; the verdict itself is never rewritten.
    const report = applyExpectations(results, opts.expect)
    results = { ...results, expectations: report.record }
    expectLines = expectationLines(report, results.tests)
    // A run the catalog stopped answering is no verdict, foreseen or not.
    exitCode = c.stoppedAnswering ? 2 : report.exitCode
  }
  // What the catalog itself said goes with a run that did not pass, where the reasons may be in it.
  const targetLog = f.targetLog?.()
  if (targetLog && targetLog.lines.length > 0 && (verdict !== 'conformant' || exitCode !== 0))
    results = {
      ...results,
      targetLog: { source: targetLog.source, lines: targetLog.lines.map((l) => redactor.text(l)) },
    }
  const written = writeReports(results, reportDir, { log })
  // The defects first (what to fix), then the rules they break (what the spec says).
  for (const line of defectLines(results)) log(line)
  for (const line of violatedRuleLines(results)) log(line)
  for (const line of distinctFailureLines(results)) log(line)
  for (const line of replayLines(results)) log(line)
  const hint = notConfiguredHint(results)
  if (hint) log(hint)
  for (const a of advisoriesOf(results)) log(`advisory (not part of the verdict): ${a.finding}`)
  log(clientCompatLine(results))
  for (const line of robustnessLines(results, failOn.includes('robustness'))) log(line)
  for (const line of blockedLines(results)) log(line)
  const retries = results.tests.reduce((n, t) => n + (t.retries ?? 0), 0)
  if (retries > 0)
    log(`the server asked to retry ${retries} request(s) (503/429 with Retry-After); they were resent`)
  const reconnects = results.tests.reduce((n, t) => n + (t.reconnects ?? 0), 0)
  if (reconnects > 0)
    log(
      `the server closed a kept-alive connection without answering (and without Connection: close) under ${reconnects} idempotent request(s); they were sent again on a new connection`,
    )
  const requests = requestsLine(results)
  if (requests) log(requests)
  log(
    `verdict: ${verdict} — ${Object.entries(summary)
      .filter(([k]) => k !== 'total')
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} (${summary.total} tests)`,
  )
  for (const line of expectLines) log(line)
  if (results.leftovers?.length) log(leftoverLine(results.leftovers, run.runPrefix))
  for (const e of results.errors) log(`harness error: ${e}`)
  log(`reports: ${written.join(', ')}`)
  return exitCode
}
