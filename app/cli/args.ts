/**
 * Command-line parsing: the command, then flags derived from OPTION_SPECS (kebab-case, `--no-x` for booleans,
 * repeatable lists). An unknown flag is a HarnessError naming it.
 */
import { parseArgs } from 'node:util'
import { didYouMean } from '../../schemas/did-you-mean.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { OPTION_NAMES, OPTION_SPECS, kebabName, numberOption } from '../config/options.ts'
import type { OptionName, Options } from '../config/options.ts'

export const COMMANDS = ['run', 'serve', 'cleanup', 'report', 'targets', 'rules', 'help'] as const
export type Command = (typeof COMMANDS)[number]

export interface ParsedArgs {
  readonly command: Command
  readonly options: Options
  /** Flags of commands other than run (serve's --port, report's files …). */
  readonly extra: Record<string, string | boolean | undefined>
  readonly positionals: string[]
  /** The command was named (`run --help` shows run's page; a bare `--help` the overview). */
  readonly named: boolean
}

const EXTRA_FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'warehouse-dir': { type: 'string' },
  fault: { type: 'string' },
  'plans-complete-at-once': { type: 'boolean' },
  'plans-async': { type: 'boolean' },
  'in-memory': { type: 'boolean' },
  out: { type: 'string' },
  format: { type: 'string' },
  write: { type: 'string' },
  upstream: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const

export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  const first = argv[0]
  const command: Command = first && !first.startsWith('-') ? (first as Command) : 'run'
  if (!COMMANDS.includes(command)) throw unknownCommand(command)
  const rest = first && !first.startsWith('-') ? argv.slice(1) : argv
  const flagSpecs: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    ...EXTRA_FLAGS,
  }
  for (const name of OPTION_NAMES) {
    const spec = OPTION_SPECS[name]
    flagSpecs[kebabName(name)] = {
      type: spec.type === 'boolean' ? 'boolean' : 'string',
      ...(spec.type === 'list' ? { multiple: true } : {}),
    }
  }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: [...rest],
      options: flagSpecs,
      allowPositionals: true,
      strict: true,
      allowNegative: true,
    })
  } catch (e) {
    throw new HarnessError(parseErrorLine((e as Error).message, Object.keys(flagSpecs)))
  }
  const options: Record<string, unknown> = {}
  const extra: Record<string, string | boolean | undefined> = {}
  for (const [flag, value] of Object.entries(parsed.values)) {
    const name = OPTION_NAMES.find((n) => kebabName(n) === flag) as OptionName | undefined
    if (!name) {
      extra[flag] = value as string | boolean
      continue
    }
    const type = OPTION_SPECS[name].type
    if (type === 'number') options[name] = numberOption(name, value, `--${flag}`)
    else if (type === 'list') {
      options[name] = (value as string[]).flatMap((v) =>
        // A header's or a variable's value may hold commas: one flag is one entry.
        name === 'header' || name === 'env' ? [v] : v.split(',').map((s) => s.trim()),
      )
    } else options[name] = value
  }
  refuseStrayWords(command, parsed.positionals)
  return {
    command,
    options: options as Options,
    extra,
    positionals: parsed.positionals,
    named: rest !== argv,
  }
}

/** A word that is a catalog's address, given where a command or an option was expected. */
const URL_LIKE = /^https?:\/\//i
/** The user and password of such an address (`http://me:secret@host`): never printed, as for --url. */
const URL_CREDENTIALS = /^(https?:\/\/)[^/?#@]*@/i

/** What to say of a URL given in the wrong place: where it goes, without the credentials it may carry. */
function urlHint(word: string, lead: string): string {
  const bare = word.replace(URL_CREDENTIALS, '$1')
  const credentials =
    bare === word ? '' : ' (credentials go in --token, --client-id and --client-secret, not the URL)'
  return `${lead} --url ${bare}${credentials}`
}

/** A word as an error message may quote it: a URL without its credentials. */
function shown(word: string): string {
  return word.replace(URL_CREDENTIALS, '$1…@')
}

function unknownCommand(word: string): HarnessError {
  return new HarnessError(
    URL_LIKE.test(word)
      ? `unknown command "${shown(word)}"; ${urlHint(word, 'to certify that catalog: run')}`
      : `unknown command "${word}"${didYouMean(word, COMMANDS)}; try: ${COMMANDS.join(', ')}`,
  )
}

/** How many words besides flags each command reads: report's files, rules' and targets' names, help's command. */
const WORDS_TAKEN: Readonly<Record<Command, number>> = {
  run: 0,
  serve: 0,
  cleanup: 0,
  targets: Number.POSITIVE_INFINITY,
  report: Number.POSITIVE_INFINITY,
  rules: Number.POSITIVE_INFINITY,
  help: 1,
}

/**
 * A word a command does not read is refused: `run http://catalog` would otherwise certify the bundled server and
 * call it conformant. A URL gets the flag that takes it; `help` takes one command name.
 */
function refuseStrayWords(command: Command, words: readonly string[]): void {
  if (command === 'help' && words[0] !== undefined && !COMMANDS.includes(words[0] as Command))
    throw unknownCommand(words[0])
  const stray = words[WORDS_TAKEN[command]]
  if (stray === undefined) return
  const hint = URL_LIKE.test(stray)
    ? `; ${urlHint(stray, 'a catalog is given as')}`
    : ` (options start with --); see ${command === 'help' ? '' : `${command} `}--help`
  throw new HarnessError(`${command} does not take "${shown(stray)}"${hint}`)
}

/**
 * One line for an error of node:util's parseArgs, which spreads some over three: a flag without its value ("argument
 * missing", or "ambiguous" when the next word starts with a dash) says which flag and how to give a value starting with
 * a dash; an unknown flag gets a did-you-mean among `flags` (kebab-case names, without dashes).
 */
export function parseErrorLine(message: string, flags: readonly string[]): string {
  const withoutValue = /^Option '(--[^' ]+)(?: <value>)?' argument (?:missing|is ambiguous)/.exec(
    message,
  )?.[1]
  if (withoutValue)
    return `${withoutValue} needs a value (one that starts with a dash is written ${withoutValue}=-…); see --help`
  const unknown = /^Unknown option '--([^']+)'/.exec(message)?.[1]
  const line = message.replace(/\. To specify a positional.*$/s, '').replace(/\s*\n\s*/g, ' ')
  if (!unknown) return line
  return `${line}${didYouMean(
    `--${unknown}`,
    flags.map((f) => `--${f}`),
  )}; see --help`
}
