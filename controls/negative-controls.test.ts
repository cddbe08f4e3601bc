/**
 * Negative controls: the clean reference server passes every area the faults touch, and each fault makes
 * the rules it claims come out fail (or warn, for SHOULD rules) without making other tests unevaluable.
 * Ends with the mutation score (killed / total); any surviving fault fails the run.
 *
 * A fault whose rules are all declared in known suite files runs only those files of its areas (the
 * baseline still runs the whole areas); CONTROLS_FULL=1 runs every fault over its whole areas, which also
 * proves that it makes no test of the other files unevaluable.
 *
 * CONTROLS_ONLY=name,module… runs a subset (fault names or controls/faults/ file names);
 * CONTROLS_CONCURRENCY sets the number of parallel CLI runs (default 2).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fault } from './fault.ts'
import { FAULTS, moduleOf } from './faults/index.ts'
import { evaluateFault, mutationScore, outcomesById } from './evaluate.ts'
import type { FaultVerdict } from './evaluate.ts'
import { rulesWithoutFault, suiteRules } from './known-rules.ts'
import { areaCost, excludeArgs, filesFor, makePlan } from './plan.ts'
import type { BaselineGroup } from './plan.ts'
import { Pool } from './pool.ts'
import { CONTROLS_TMP, discard, runBaseline, runFault } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'

const only = (process.env.CONTROLS_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const selected: readonly Fault[] =
  only.length === 0
    ? FAULTS
    : FAULTS.filter((f) => only.includes(f.name) || only.includes(moduleOf(f.name) ?? ''))
const full = process.env.CONTROLS_FULL === '1'
const rules = suiteRules()
/** The files each fault runs, when narrowed. */
const narrowed = new Map<string, string[]>()
if (!full)
  for (const f of selected) {
    const files = filesFor(f, rules)
    if (files) narrowed.set(f.name, files)
  }
const plan = makePlan(selected, (f) => 1 + (narrowed.get(f.name)?.length ?? areaCost(f.areas)))
const pool = new Pool(Number(process.env.CONTROLS_CONCURRENCY ?? 2))
/** Generous: a test waits for its turn in the pool, not only for its own run. */
const WAIT_MS = 30 * 60_000

const baselines = new Map<string, Promise<RunOutcome>>()
const verdicts = new Map<string, Promise<FaultVerdict>>()

/** One line per finished run in .tmp/controls/progress.log, to follow a long run (Vitest prints at the end). */
function progress(line: string): void {
  appendFileSync(join(CONTROLS_TMP, 'progress.log'), `${new Date().toISOString()} ${line}\n`)
}

/** A promise awaited later by its test: mark it handled now, so that an early rejection is not "unhandled". */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined)
  return p
}

beforeAll(() => {
  mkdirSync(CONTROLS_TMP, { recursive: true })
  progress(`start: ${selected.length} faults, ${plan.groups.length} baselines, ${narrowed.size} narrowed`)
  // Baselines first, then the faults, longest first; each fault is judged once its baseline is in.
  for (const g of plan.groups)
    baselines.set(
      g.key,
      handled(
        pool
          .run(() =>
            runBaseline(g.areas, {
              label: g.label,
              ...(g.server ? { server: g.server } : {}),
              ...(g.runArgs ? { runArgs: g.runArgs } : {}),
            }),
          )
          .then((b) => {
            progress(
              `${g.label} (${g.areas.join(', ')}): ${JSON.stringify(b.results?.summary ?? b.exitCode)}`,
            )
            return b
          }),
      ),
    )
  for (const f of plan.order) {
    const group = plan.groupOf.get(f.name) as BaselineGroup
    const files = narrowed.get(f.name)
    const run = pool.run(() => runFault(f, files ? { extraArgs: excludeArgs(f.areas, files) } : {}))
    verdicts.set(
      f.name,
      handled(
        Promise.all([run, baselines.get(group.key) as Promise<RunOutcome>]).then(([r, b]) => {
          const v = evaluateFault(f, r, outcomesById(b.results), b.results?.errors ?? [])
          progress(`${v.killed ? 'killed' : 'SURVIVED'} ${f.name} in ${Math.round(r.durationMs / 100) / 10}s`)
          if (v.killed && v.unexpectedErrors.length === 0) discard(r)
          return v
        }),
      ),
    )
  }
})

afterAll(async () => {
  // Let every run finish (and stop its server) even when a test failed early.
  await Promise.allSettled([...baselines.values(), ...verdicts.values()])
})

describe('the clean reference server', () => {
  for (const g of plan.groups) {
    it(
      `passes ${g.areas.join(', ')}${g.runArgs?.length || g.server ? ` (${g.label})` : ''} with no fail and no error`,
      async () => {
        const b = (await baselines.get(g.key)) as RunOutcome
        expect(b.results, `no results (exit ${String(b.exitCode)}): ${b.output.slice(-1500)}`).toBeDefined()
        const bad = (b.results?.tests ?? [])
          .filter((t) => t.outcome === 'fail' || t.outcome === 'error')
          .map((t) => `${t.outcome} ${t.rule} (${t.id}): ${(t.message ?? '').split('\n')[0]}`)
        expect(bad, `report: ${b.reportDir}`).toEqual([])
        expect(b.results?.errors).toEqual([])
        expect(b.results?.tests.length ?? 0, 'the areas hold tests').toBeGreaterThan(0)
        if (!bad.length) discard(b)
      },
      WAIT_MS,
    )
  }
})

describe('each fault breaks the rules it claims', () => {
  for (const f of plan.order) {
    it(
      `${f.name}: breaks ${f.breaks.join(', ')}`,
      async () => {
        const v = (await verdicts.get(f.name)) as FaultVerdict
        expect(v.harness, 'the control run itself').toBeUndefined()
        expect(v.survivors, 'rules the fault did not break').toEqual([])
        expect(
          v.unexpectedErrors,
          'tests the fault made unevaluable (allowErrors lists the expected)',
        ).toEqual([])
        expect(v.uncounted ?? [], 'tests blocked by a rule that passed: a defect counted zero times').toEqual(
          [],
        )
      },
      WAIT_MS,
    )
  }
})

describe('mutation score', () => {
  it(
    'kills every fault',
    async () => {
      const all = await Promise.all(plan.order.map((f) => verdicts.get(f.name) as Promise<FaultVerdict>))
      const score = mutationScore(all)
      const survivors = all.filter((v) => !v.killed)
      const lines = [
        `negative controls: mutation score ${score.killed}/${score.total} (${score.percent}%)`,
        ...survivors.map(
          (v) => `  survived: ${v.fault}: ${v.survivors.map((s) => `${s.rule} (${s.why})`).join('; ')}`,
        ),
      ]
      if (only.length === 0) {
        // Not a failure here (a suite may land before its faults), but worth seeing on every full run.
        const uncovered = rulesWithoutFault(selected, rules)
        if (uncovered.length > 0)
          lines.push(`rules that no fault breaks (${uncovered.length}): ${uncovered.join(', ')}`)
      }
      console.log(lines.join('\n'))
      if (only.length === 0) {
        mkdirSync(CONTROLS_TMP, { recursive: true })
        writeFileSync(
          join(CONTROLS_TMP, 'score.json'),
          JSON.stringify({ ...score, survivors: survivors.map((v) => v.fault) }, null, 2) + '\n',
        )
      }
      expect(survivors.map((v) => v.fault)).toEqual([])
    },
    WAIT_MS,
  )
})
