/**
 * CLI entry: parses the command line, dispatches, and maps errors to exit codes. A HarnessError (bad
 * config, unreachable target, failed auth) is one line on stderr and exit 2; a stack only with --debug.
 */
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { resolveOptions } from '../config/resolve.ts'
import { Redactor } from '../../suites/_harness/http/redact.ts'
import { secretsOf } from '../setup/prepare.ts'
import { parseCommandLine, usage } from './args.ts'
import { cleanupCommand } from './cleanup.ts'
import { harnessVersion, runCommand } from './run.ts'
import { serveCommand } from './serve.ts'

export async function main(argv: readonly string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(line + '\n')
  let redactor = new Redactor([])
  let debug = argv.includes('--debug')
  try {
    const args = parseCommandLine(argv)
    if (args.extra.help || args.command === 'help') {
      out(usage())
      return 0
    }
    if (args.extra.version) {
      out(harnessVersion())
      return 0
    }
    const opts = resolveOptions(args.options, process.env)
    debug = opts.debug ?? false
    redactor = new Redactor(secretsOf(opts))
    const log = (line: string) => out(redactor.text(line))
    switch (args.command) {
      case 'run':
        return await runCommand(opts, log)
      case 'serve':
        return await serveCommand(opts, args.extra, log)
      case 'cleanup':
        return await cleanupCommand(opts, log)
      case 'report': {
        const { reportCommand } = await import('./report.ts')
        return await reportCommand(args.positionals, opts, log)
      }
      case 'rules': {
        const { rulesCommand } = await import('./rules.ts')
        return rulesCommand(args.extra.format, opts.profile, (text) => out(text))
      }
      case 'targets': {
        const { listTargets } = await import('../targets/known-targets.ts')
        for (const line of listTargets()) log(line)
        return 0
      }
    }
    return 0
  } catch (e) {
    const message =
      e instanceof HarnessError ? e.message : `unexpected error: ${(e as Error)?.message ?? String(e)}`
    process.stderr.write(`catalog-conformance: ${redactor.text(message)}\n`)
    if (debug && e instanceof Error && e.stack) process.stderr.write(redactor.text(e.stack) + '\n')
    return 2
  }
}
