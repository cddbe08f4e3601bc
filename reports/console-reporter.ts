/**
 * The console while a run is under way: one line per suite file as it finishes, with its outcomes in the
 * harness's vocabulary (pass, fail, warn, unsupported, disabled, blocked, error). No stack or code frames (they point into
 * the harness, not at the server; `--debug` switches to Vitest's own reporter), and colour only on a terminal that
 * wants it. The violated rules and the verdict follow at the end of the run (app/cli/run.ts).
 */
import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import type { ConformanceMeta, Outcome } from '../suites/_harness/results/meta.ts'
import { OUTCOMES } from './results.ts'
import { outcomeOf } from '../suites/_harness/results/outcome.ts'

const COLOURS: Record<Outcome, string> = {
  pass: '32',
  fail: '31',
  warn: '33',
  unsupported: '36',
  'not-configured': '34',
  disabled: '90',
  blocked: '94',
  error: '35',
}

/** Colour when writing to a terminal, unless NO_COLOR is set (https://no-color.org). */
export function wantsColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb'
}

export class ConsoleReporter implements Reporter {
  private readonly root = process.cwd()
  private done = 0
  private total = 0

  private readonly write: (line: string) => void
  private readonly colour: boolean
  constructor(write: (line: string) => void, colour: boolean) {
    this.write = write
    this.colour = colour
  }

  onTestRunStart(specifications: readonly unknown[]): void {
    this.total = specifications.length
    this.write(`running ${this.total} suite file(s)…`)
  }

  onTestModuleEnd(mod: TestModule): void {
    const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>
    for (const tc of mod.children.allTests()) {
      const result = tc.result()
      counts[
        outcomeOf({
          state: result.state,
          thrown: result.errors?.[0],
          meta: tc.meta().conformance as ConformanceMeta,
        })
      ]++
    }
    const errors = mod.errors().length
    const parts = OUTCOMES.filter((o) => counts[o] > 0).map((o) => this.paint(o, `${counts[o]} ${o}`))
    if (errors > 0) parts.push(this.paint('error', `${errors} file error(s)`))
    this.done++
    const file = relative(this.root, mod.moduleId).replace(/^suites\//, '')
    this.write(
      `[${String(this.done).padStart(String(this.total).length)}/${this.total}] ${file}  ${parts.join(' · ')}`,
    )
  }

  private paint(o: Outcome, text: string): string {
    return this.colour ? `\u001b[${COLOURS[o]}m${text}\u001b[0m` : text
  }
}
