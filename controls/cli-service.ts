/**
 * `catalog-conformance run --url …` as a long-lived process, for the negative controls. They certify a few hundred
 * faulty servers; started as a new CLI each, every run paid ~3 s for Node, Vite and Vitest's workers before its first
 * request, for a fraction of a second of tests. Here one Vitest instance (and its warm workers and module cache) runs
 * every job it is sent, one after the other, through the CLI's own pieces: the same command line, options, target
 * check, run preparation, reporter and report writing (`finishRun`). What it leaves out is the CLI's process shell
 * (signals, console progress) and the final sweep (a control's server is discarded with its data).
 *
 * Protocol (IPC channel of `child_process.fork`): the parent sends `{ id, argv }` with argv as the CLI's (`run`,
 * `--url`, …); the service answers `{ id, code, output }` with the CLI's exit code and the tail of its console.
 * It exits when the parent goes away or after a while without jobs.
 */
import { join, resolve } from 'node:path'
import { createVitest } from 'vitest/node'
import type { TestSpecification } from 'vitest/node'
import { parseCommandLine } from '../app/cli/args.ts'
import { finishRun } from '../app/cli/run.ts'
import { selectionOf, selects } from '../suites/_harness/run-selection.ts'
import { resolveOptions } from '../app/config/resolve.ts'
import { prepareRun, secretsOf } from '../app/setup/prepare.ts'
import { replayArgsOf } from '../app/setup/replay.ts'
import { startTarget, withTargetDefaults } from '../app/setup/start-target.ts'
import { parkedThreads } from './parked-threads.ts'
import { ResultsReporter } from '../reports/results-reporter.ts'
import type { CollectedRun } from '../reports/results-reporter.ts'
import { Redactor } from '../suites/_harness/http/redact.ts'
import { HarnessError } from '../suites/_harness/results/errors.ts'

export interface ServiceJob {
  readonly id: number
  readonly argv: readonly string[]
}

export interface ServiceAnswer {
  readonly id: number
  readonly code: number
  readonly output: string
}

const ROOT = resolve(import.meta.dirname, '..')
const IDLE_EXIT_MS = 10_000
const TAIL = 4_000

/** The suite files a run's `--include`/`--exclude` select, as the CLI's Vitest filters and excludes would. */
export function selectFiles(
  all: readonly string[],
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): string[] {
  const selection = selectionOf(include, exclude)
  return all.filter((f) => selects(selection, f))
}

async function main(): Promise<void> {
  let collected: CollectedRun = { tests: [], errors: [] }
  const vitest = await createVitest(
    'test',
    {
      root: ROOT,
      config: join(ROOT, 'vitest.conformance.config.ts'),
      watch: false,
      // The run is provided per job below; the config's global setup would prepare one of its own.
      globalSetup: [],
      reporters: [new ResultsReporter((c) => (collected = c))],
      maxWorkers: 1,
      // Threads that outlive a run: the next job starts warm (controls/parked-threads.ts).
      pool: parkedThreads,
    },
    { logLevel: 'silent' },
  )
  const first = vitest.projects[0]
  if (!first) throw new Error('the conformance config defines no project')
  const project = first
  const specs = new Map<string, TestSpecification>()
  for (const s of await vitest.globTestSpecifications())
    specs.set(
      s.moduleId
        .slice(ROOT.length + 1)
        .split('\\')
        .join('/'),
      s,
    )

  async function runJob(job: ServiceJob): Promise<ServiceAnswer> {
    const lines: string[] = []
    const log = (line: string) => lines.push(line)
    const answer = (code: number): ServiceAnswer => ({
      id: job.id,
      code,
      output: lines.join('\n').slice(-TAIL),
    })
    try {
      const opts = resolveOptions(parseCommandLine(job.argv).options, {})
      const started = Date.now()
      const target = await startTarget(opts, log)
      const redactor = new Redactor(secretsOf(opts))
      // The selection too, as the CLI's run has it: a count-once decision reads it (run-selection.ts).
      const run = {
        ...(await prepareRun(withTargetDefaults(opts, target), target.url, replayArgsOf(opts))),
        selection: selectionOf(opts.include, opts.exclude),
      }
      for (const s of run.secrets) redactor.add(s)
      project.provide('run', run)
      const files = selectFiles([...specs.keys()], opts.include, opts.exclude)
      collected = { tests: [], errors: [] }
      await vitest.runTestSpecifications(
        files.map((f) => specs.get(f) as TestSpecification),
        false,
      )
      const reportDir = resolve(opts.reportDir ?? 'reports/out')
      return answer(
        finishRun({ opts, run, targetKind: 'url', started, reportDir, redactor, log }, collected, []),
      )
    } catch (e) {
      // As the CLI: a HarnessError is one line and exit 2; anything else is a bug shown whole.
      log(e instanceof HarnessError ? `error: ${e.message}` : String((e as Error).stack ?? e))
      return answer(2)
    }
  }

  let queue = Promise.resolve()
  let pending = 0
  let idle: NodeJS.Timeout | undefined
  const armIdle = () => {
    clearTimeout(idle)
    if (pending === 0)
      idle = setTimeout(() => void vitest.close().finally(() => process.exit(0)), IDLE_EXIT_MS)
  }
  process.on('message', (job: ServiceJob) => {
    clearTimeout(idle)
    pending++
    queue = queue
      .then(() => runJob(job))
      .then((a) => {
        pending--
        process.send?.(a)
        armIdle()
      })
  })
  process.on('disconnect', () => void vitest.close().finally(() => process.exit(0)))
  process.send?.({ ready: true })
  armIdle()
}

// Only as the forked service itself (cli-services.ts): a Vitest worker that imports this module for its tests has an
// IPC channel too, and a service started there ended the worker 10 s later (IDLE_EXIT_MS) with whatever files it had
// still to run.
if (process.send && resolve(process.argv[1] ?? '') === import.meta.filename) await main()
