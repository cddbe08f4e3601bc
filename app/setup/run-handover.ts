/**
 * Hand-over of a prepared run from the CLI to Vitest's global setup, in memory. Both run in the CLI's process (the
 * CLI starts Vitest through its Node API), but the global setup is loaded through Vite's module runner, so it sees
 * its own copy of this module: the run is kept on `globalThis` under a registered symbol. Never in an environment
 * variable: the run holds the tokens, and the environment is readable by every child process (Vitest workers, a
 * started target) and by other processes of the user.
 */
import type { RunContext } from '../../suites/_harness/run-context.ts'

const KEY = Symbol.for('catalog-conformance.prepared-run')

type Holder = { [KEY]?: RunContext }

export function handOverRun(run: RunContext): void {
  ;(globalThis as Holder)[KEY] = run
}

export function preparedRun(): RunContext | undefined {
  return (globalThis as Holder)[KEY]
}
