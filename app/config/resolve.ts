/**
 * Resolves the options of a run from CLI flags, environment and a YAML file, in that order of precedence.
 * The YAML is validated against a JSON Schema derived from OPTION_SPECS: an unknown or mistyped key is a
 * HarnessError that names it.
 */
import { readFileSync } from 'node:fs'
import { yaml } from '../../schemas/yaml-loader.ts'
import { didYouMean } from '../../schemas/did-you-mean.ts'
import { validateNames } from './validate.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { DEFAULTS, OPTION_NAMES, OPTION_SPECS, envName, kebabName, numberOption } from './options.ts'
import type { OptionName, Options } from './options.ts'

type Raw = Record<string, unknown>

function coerce(name: OptionName, value: unknown, source: string): unknown {
  const spec = OPTION_SPECS[name]
  const where = `${source}: ${kebabName(name)}`
  switch (spec.type) {
    case 'string':
      if (typeof value === 'string') return value
      if (typeof value === 'number') return String(value)
      throw new HarnessError(`${where} must be a string`)
    case 'number':
      return numberOption(name, value, where)
    case 'boolean':
      if (typeof value === 'boolean') return value
      if (value === 'true' || value === '1') return true
      if (value === 'false' || value === '0' || value === '') return false
      throw new HarnessError(`${where} must be true or false, got ${JSON.stringify(value)}`)
    case 'list':
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value
      // Header and variable values may hold commas: such a list from the environment is one entry per line.
      if (typeof value === 'string')
        return value
          .split(name === 'header' || name === 'env' ? /\r?\n/ : /[,\n]/)
          .map((s) => s.trim())
          .filter(Boolean)
      throw new HarnessError(`${where} must be a list of strings`)
  }
}

/** YAML keys may be kebab-case (as documented) or camelCase. */
const BY_KEY = new Map<string, OptionName>(
  OPTION_NAMES.flatMap((n) => [[kebabName(n), n] as const, [n, n] as const]),
)

/** Reads and validates a YAML config file. */
export function readConfigFile(path: string): Options {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    throw new HarnessError(`cannot read config file ${path}`)
  }
  let doc: unknown
  try {
    doc = yaml().parse(text)
  } catch (e) {
    throw new HarnessError(`config file ${path} is not valid YAML: ${(e as Error).message.split('\n')[0]}`)
  }
  if (doc === null || doc === undefined) return {}
  if (typeof doc !== 'object' || Array.isArray(doc))
    throw new HarnessError(`config file ${path} must be a mapping of options`)
  return fromRecord(doc as Raw, `config file ${path}`, true)
}

function fromRecord(raw: Raw, source: string, strict: boolean): Options {
  const out: Raw = {}
  for (const [key, value] of Object.entries(raw)) {
    const name = BY_KEY.get(key)
    if (!name) {
      if (strict) {
        throw new HarnessError(
          `${source}: unknown key "${key}"${didYouMean(key, OPTION_NAMES.map(kebabName))}`,
        )
      }
      continue
    }
    if (
      (name === 'header' || name === 'env') &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value)
    ) {
      out[name] = Object.entries(value as Raw).map(([k, v]) => `${k}=${String(v)}`)
      continue
    }
    out[name] = coerce(name, value, source)
  }
  return out as Options
}

/** Options from CATALOG_CONFORMANCE_* variables. */
export function fromEnv(env: NodeJS.ProcessEnv): Options {
  const raw: Raw = {}
  for (const name of OPTION_NAMES) {
    const v = env[envName(name)]
    if (v !== undefined) raw[name] = v
  }
  return fromRecord(raw, 'environment', false)
}

/** flags > env > file > defaults. The file is named by a flag, else by the environment. */
export function resolveOptions(flags: Options, env: NodeJS.ProcessEnv): Options {
  const fromEnvironment = fromEnv(env)
  const file = flags.config ?? fromEnvironment.config
  const fromFile = file ? readConfigFile(file) : {}
  const opts: Options = { ...DEFAULTS, ...fromFile, ...fromEnvironment, ...stripUndefined(flags) }
  validateNames(opts)
  return opts
}

function stripUndefined(o: Options): Options {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Options
}

/** Parses `--header K=V` entries. */
export function parseHeaders(list: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of list ?? []) {
    const i = entry.indexOf('=')
    // Only the name is ever shown: a value is treated as a secret (`Authorization: Bearer …` is a common slip).
    const name = (i > 0 ? entry.slice(0, i) : (entry.split(/[:\s]/)[0] ?? '')).trim()
    if (i <= 0) throw new HarnessError(`--header must be Name=value, got "${name}…" (the value is not shown)`)
    // undici refuses such headers on every request, which read as an unreachable catalog.
    if (!HEADER_NAME.test(name)) throw new HarnessError(`--header "${name}=…": not a valid header name`)
    if (/[\r\n\0]/.test(entry.slice(i + 1)))
      throw new HarnessError(`--header "${name}=…": the value holds a line break or NUL`)
    out[name] = entry.slice(i + 1)
  }
  return out
}

/** An HTTP field name (RFC 9110 §5.1: a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
