/**
 * A Vitest reporter that turns the run into TestResults (reading task.meta.conformance) and hands them to
 * `onResults`. Used in-process by the CLI, which then writes results.json and renders the other reports.
 */
import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import type { SerializedError } from '@vitest/utils'
import type { ConformanceMeta } from '../suites/_harness/results/meta.ts'
import { outcomeOf } from '../suites/_harness/results/outcome.ts'
import { blockedBy } from '../suites/_harness/results/errors.ts'
import { followCarriers } from './blocked.ts'
import type { RequestFigures, TestResult } from './results.ts'
import { runRequests } from '../suites/_harness/results/request-figures.ts'
import type { FileRequests } from '../suites/_harness/results/request-figures.ts'

export interface CollectedRun {
  readonly tests: TestResult[]
  readonly errors: string[]
  /** Why the run is no verdict when the catalog stopped answering during it (see http/transport.ts). */
  readonly stoppedAnswering?: string
  /** What the suites' requests cost (http/request-log.ts); absent when no file logged any. */
  readonly requests?: RequestFigures
}

export class ResultsReporter implements Reporter {
  private readonly root = process.cwd()
  private readonly onResults: (run: CollectedRun) => void
  constructor(onResults: (run: CollectedRun) => void) {
    this.onResults = onResults
  }

  onTestRunEnd(modules: readonly TestModule[], unhandled: readonly SerializedError[]): void {
    const tests: TestResult[] = []
    const errors = unhandled.map((e) => `${e.name ?? 'Error'}: ${e.message}`)
    let stoppedAnswering: string | undefined
    const files: (FileRequests & { file: string })[] = []
    for (const mod of modules) {
      const file = relative(this.root, mod.moduleId)
      const logged = mod.meta().requests
      if (logged) files.push({ ...logged, file })
      for (const e of mod.errors()) errors.push(`${file}: ${e.name ?? 'Error'}: ${e.message}`)
      for (const tc of mod.children.allTests()) {
        const meta = tc.meta().conformance as ConformanceMeta | undefined
        const result = tc.result()
        const firstError = result.errors?.[0]
        const outcome = outcomeOf({ state: result.state, thrown: firstError, meta })
        stoppedAnswering ??= meta?.stoppedAnswering
        const name = tc.fullName
        tests.push({
          id: `${file}::${name}`,
          file,
          name,
          area: meta?.area ?? file.split('/')[1] ?? 'misc',
          operationId: meta?.operationId ?? 'unknown',
          rule: meta?.rule ?? 'unknown',
          level: meta?.level ?? 'MUST',
          title: meta?.title ?? tc.name,
          outcome,
          durationMs: Math.round(tc.diagnostic()?.duration ?? 0),
          ...(firstError ? { message: firstError.message } : {}),
          ...(meta?.reason
            ? { reason: meta.reason }
            : outcome === 'blocked' && firstError
              ? { reason: firstError.message }
              : result.state === 'skipped' && result.note
                ? { reason: result.note }
                : {}),
          violations: meta?.violations ?? [],
          exchanges: meta?.exchanges ?? [],
          ...(meta?.seed !== undefined ? { seed: meta.seed } : {}),
          ...(meta?.path ? { path: meta.path } : {}),
          ...(meta?.counterexample ? { counterexample: meta.counterexample } : {}),
          ...(meta?.replay ? { replay: meta.replay } : {}),
          ...(meta?.moreFailures?.length ? { moreFailures: meta.moreFailures } : {}),
          ...(meta?.accepted?.length ? { accepted: meta.accepted } : {}),
          ...(meta?.openapiFindings?.length ? { openapiFindings: meta.openapiFindings } : {}),
          ...(outcome === 'blocked' && blockedBy(firstError) ? { blockedBy: blockedBy(firstError) } : {}),
          ...(meta?.advisories?.length ? { advisories: meta.advisories } : {}),
          ...(meta?.retries ? { retries: meta.retries } : {}),
          ...(meta?.reconnects ? { reconnects: meta.reconnects } : {}),
          ...(meta?.requests ? { requests: meta.requests } : {}),
        })
      }
    }
    if (stoppedAnswering) errors.unshift(stoppedAnswering)
    this.onResults({
      tests: followCarriers(tests),
      errors,
      ...(stoppedAnswering ? { stoppedAnswering } : {}),
      ...(files.length > 0 ? { requests: requestFigures(files, tests) } : {}),
    })
  }
}

/** The run's request figures, with the requests per area (each test's, summed) and per file. */
function requestFigures(
  files: readonly (FileRequests & { file: string })[],
  tests: readonly TestResult[],
): RequestFigures {
  const byArea: Record<string, number> = {}
  for (const t of tests) if (t.requests) byArea[t.area] = (byArea[t.area] ?? 0) + t.requests
  const byFile = Object.fromEntries(
    [...files]
      .sort((a, b) => a.file.localeCompare(b.file))
      .map((f) => [f.file, { requests: f.requests, chain: f.chain }]),
  )
  return { ...runRequests(files), byArea, byFile }
}
