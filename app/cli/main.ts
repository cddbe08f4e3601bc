/**
 * CLI entry: parses the command line, dispatches, and maps errors to exit codes. A HarnessError (bad
 * config, unreachable target, failed auth) is one line on stderr and exit 2; a stack only with --debug.
 */
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { TargetError } from '../targets/target-error.ts'
import { Redactor } from '../../suites/_harness/http/redact.ts'
import { parseCommandLine } from './args.ts'
import type { Command } from './args.ts'
import { helpFor } from './help.ts'
import { harnessVersion } from './version.ts'

/**
 * A reader that went away (`catalog-conformance rules | head`) is no error of ours: what is left to print is dropped,
 * and a run still finishes, cleans up and exits with its verdict's code. Node otherwise dies with a stack trace.
 */
function toleratePipeClose(stream: NodeJS.WriteStream): void {
  // Once per stream: main runs once per process, but many times in one test process.
  if (!stream.listeners('error').includes(ignorePipeClose)) stream.on('error', ignorePipeClose)
}

function ignorePipeClose(e: NodeJS.ErrnoException): void {
  if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e
}

export async function main(argv: readonly string[]): Promise<number> {
  toleratePipeClose(process.stdout)
  toleratePipeClose(process.stderr)
  const out = (line: string) => process.stdout.write(line + '\n')
  let redactor = new Redactor([])
  let debug = argv.includes('--debug')
  try {
    const args = parseCommandLine(argv)
    if (args.extra.help || args.command === 'help') {
      // `help run` is `run --help`.
      const topic = args.command === 'help' ? (args.positionals[0] as Command | undefined) : args.command
      out(helpFor(args.named ? topic : undefined))
      return 0
    }
    if (args.extra.version) {
      out(harnessVersion())
      return 0
    }
    // Loaded after --help/--version, which must answer at once.
    const [{ resolveOptions }, { secretsOf }] = await Promise.all([
      import('../config/resolve.ts'),
      import('../setup/prepare.ts'),
    ])
    const opts = resolveOptions(args.options, process.env)
    debug = opts.debug ?? false
    redactor = new Redactor(secretsOf(opts))
    const log = (line: string) => out(redactor.text(line))
    switch (args.command) {
      // Commands load what they need when they run, so --help and --version start in a fraction of a second.
      case 'run': {
        const { runCommand } = await import('./run.ts')
        return await runCommand(opts, log)
      }
      case 'serve': {
        const { serveCommand } = await import('./serve.ts')
        return await serveCommand(opts, args.extra, log, args.options)
      }
      case 'cleanup': {
        const { cleanupCommand } = await import('./cleanup.ts')
        return await cleanupCommand(opts, log, args.options)
      }
      case 'report': {
        const { reportCommand } = await import('./report.ts')
        return await reportCommand(args.positionals, opts, log, args.extra)
      }
      case 'rules': {
        const { rulesCommand } = await import('./rules.ts')
        return rulesCommand(args.extra.format, opts.profile, (text) => out(text), args.positionals)
      }
      case 'targets': {
        const { listTargets } = await import('../targets/known-targets.ts')
        for (const line of listTargets(args.positionals)) log(line)
        return 0
      }
    }
    return 0
  } catch (e) {
    // Both are written for a person (a TargetError: a target could not be named, prepared or started).
    const message =
      e instanceof HarnessError || e instanceof TargetError
        ? e.message
        : `unexpected error: ${(e as Error)?.message ?? String(e)}`
    process.stderr.write(`catalog-conformance: ${redactor.text(message)}\n`)
    if (debug && e instanceof Error && e.stack) process.stderr.write(redactor.text(e.stack) + '\n')
    return 2
  }
}
