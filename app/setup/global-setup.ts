/**
 * Vitest global setup of the conformance project: takes the run prepared by the CLI (or prepares one from
 * the environment and YAML, starting the bundled reference server when no URL is given), provides it to
 * every test file, and after the run sweeps every namespace of the run prefix, whatever happened (unless the run
 * leaves what it creates in place). A run the CLI prepared is swept by the CLI (app/cli/run.ts), which judges the
 * drops the server fails and names what is left: sweeping here too sent every leftover's drops twice.
 *
 * What only a run without the CLI needs (options, targets, run preparation) and the sweep are imported when used:
 * a CLI run loads this module in its main thread before any worker starts, and needs none of them there.
 */
import type { TestProject } from 'vitest/node'
import { handOverRun, preparedRun } from './run-handover.ts'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let run = preparedRun()
  const sweptByCli = run !== undefined
  let stopTarget: (() => Promise<void>) | undefined
  if (!run) {
    const [
      { resolveOptions },
      { prepareRun },
      { replayArgsOf },
      { startTarget, targetNameOf, withTargetDefaults },
    ] = await Promise.all([
      import('../config/resolve.ts'),
      import('./prepare.ts'),
      import('./replay.ts'),
      import('./start-target.ts'),
    ])
    const opts = resolveOptions({}, process.env)
    const target = await startTarget(opts)
    stopTarget = () => target.stop()
    run = await prepareRun(
      withTargetDefaults(opts, target),
      target.url,
      replayArgsOf(opts),
      targetNameOf(opts),
    )
    handOverRun(run)
  }
  project.provide('run', run)
  const prepared = run
  return async () => {
    if (!prepared.skipCleanup && !sweptByCli) await (await import('./sweep.ts')).sweepRun(prepared)
    await stopTarget?.()
  }
}
