/**
 * Hand-over of a prepared run from the CLI process to Vitest's global setup, through one environment
 * variable. The CLI prepares the run (so errors are clean one-liners before Vitest starts); a plain
 * `vitest --config vitest.conformance.config.ts` (e.g. the UI) prepares it in the global setup instead.
 */
import type { RunContext } from '../../suites/_harness/run-context.ts'

export const RUN_ENV = 'CATALOG_CONFORMANCE_PREPARED_RUN'

export function writeRunEnv(env: NodeJS.ProcessEnv, run: RunContext): void {
  env[RUN_ENV] = JSON.stringify(run)
}

export function readRunEnv(env: NodeJS.ProcessEnv): RunContext | undefined {
  const raw = env[RUN_ENV]
  return raw ? (JSON.parse(raw) as RunContext) : undefined
}
