/**
 * Names an option refers to must exist: a mistyped area, profile or check name is an error with a did-you-mean,
 * never a run that silently certifies less (`--include nosucharea` once ran 0 tests and said "conformant").
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import { PROFILE_NAMES } from '../../schemas/profiles.ts'
import { CHECK_NAMES } from '../../suites/_harness/checks/names.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { PACKAGE_ROOT } from '../cli/version.ts'
import { didYouMean } from '../../schemas/did-you-mean.ts'
import type { Options } from './options.ts'
import { kebabName } from './options.ts'
import { imageDefinition, imageFlagsOf, parseEnvPairs } from '../targets/image-target.ts'
import { FAIL_ON } from '../../reports/results.ts'

/** The areas a run can include or exclude: the folders of suites/ (the harness is not an area). */
export function knownAreas(): string[] {
  return readdirSync(join(PACKAGE_ROOT, 'suites'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => d.name)
    .sort()
}

/**
 * An area, or a folder or test file under suites/ (`commits/requirements.test.ts`), as --include/--exclude take; not
 * a path out of suites/, into the harness, or to a helper module (they ran no test and ended in Vitest's own error).
 */
function suitePath(what: string, given: string, areas: readonly string[]): void {
  const normal = posix.normalize(given)
  const path = join(PACKAGE_ROOT, 'suites', normal)
  if (
    areas.includes(given) ||
    (given.includes('/') &&
      areas.includes(normal.split('/')[0] ?? '') &&
      existsSync(path) &&
      (normal.endsWith('.test.ts') || statSync(path).isDirectory()))
  )
    return
  oneOf(what, given, areas)
}

function oneOf(what: string, given: string, known: readonly string[]): void {
  if (!known.includes(given))
    throw new HarnessError(
      `unknown ${what} "${given}"${didYouMean(given, known)}; known: ${known.join(', ')}`,
    )
}

/** Throws a HarnessError (exit 2) naming the first option value that names nothing known. */
export function validateNames(opts: Options): void {
  const areas = knownAreas()
  for (const a of opts.include ?? []) suitePath('area in --include', a, areas)
  for (const a of opts.exclude ?? []) suitePath('area in --exclude', a, areas)
  if (opts.profile !== undefined) oneOf('profile', opts.profile, PROFILE_NAMES)
  for (const c of opts.disableChecks ?? []) oneOf('check in --disable-checks', c, CHECK_NAMES)
  for (const f of opts.failOn ?? []) oneOf('finding in --fail-on', f, FAIL_ON)
  // The prefix is a path segment used verbatim: characters a URL path cannot hold made every request fail.
  if (opts.prefix !== undefined && !/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/.test(opts.prefix))
    throw new HarnessError(
      `--prefix "${opts.prefix}" must be written as it appears in URLs, percent-encoded (a space is %20, | is %7C)`,
    )
  // A started target and a URL name two catalogs: the URL used to win without a word.
  if (opts.url !== undefined && opts.target !== undefined && opts.target !== 'url')
    throw new HarnessError(
      `--url and --target ${opts.target} name two catalogs; give one (a --target starts its own catalog)`,
    )
  if (opts.url !== undefined) validateUrl(opts.url)
  // One test at a time means one file at a time: a worker count beside it would say two things.
  if (opts.serial && opts.workers !== undefined)
    throw new HarnessError('--serial runs one file at a time; give --serial or --workers, not both')
  validateImageFlags(opts)
  // A replay path as a failure report prints it, [rule@]path[#commands…] (support/property.ts: one #commands part per
  // command sequence of a model-based run); anything else made
  // the property under replay an error.
  if (opts.path !== undefined && !/^(?:[^@\s]+@)?(?=[\d#])(?:\d+(?::\d+)*)?(?:#[^\s#@]*)*$/.test(opts.path))
    throw new HarnessError(
      `--path must be a replay path as a failure report prints it ([rule@]numbers joined by ":"[#commands], e.g. tables/create/roundtrip@12:0:3), got "${opts.path}"`,
    )
  if (opts.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(opts.shard)
    if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2]))
      throw new HarnessError(`--shard must be i/n with 1 <= i <= n (e.g. 2/3), got "${opts.shard}"`)
  }
}

/** Options that only mean something with --image, and what --image cannot go with: refused before anything starts. */
function validateImageFlags(opts: Options): void {
  if (opts.env !== undefined) parseEnvPairs(opts.env)
  if (opts.image === undefined) {
    for (const name of ['containerPort', 'waitPath', 'basePath'] as const)
      if (opts[name] !== undefined) throw new HarnessError(`--${kebabName(name)} goes with --image`)
    if (opts.keep && opts.target === undefined)
      throw new HarnessError('--keep goes with --image or a container --target (a catalog the run starts)')
    return
  }
  if (opts.url !== undefined || opts.target !== undefined)
    throw new HarnessError(
      `--image and --${opts.url !== undefined ? 'url' : 'target'} name two catalogs; give one`,
    )
  imageDefinition(imageFlagsOf(opts))
}

/**
 * The catalog's URL, checked before anything starts or is sent: every command that takes --url resolves its options
 * here first.
 */
function validateUrl(url: string): void {
  const u = URL.canParse(url) ? new URL(url) : undefined
  // Credentials in the URL would be printed with it, and a catalog client does not send them: refused first (the
  // other messages repeat the URL), naming the options that do send credentials.
  if (u && (u.username || u.password))
    throw new HarnessError(
      '--url must not carry a user or password (scheme://user:…@host); send credentials with --token, --client-id and --client-secret, or --header Authorization=…',
    )
  if (!u) throw new HarnessError(`--url is not a valid URL: ${url}`)
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new HarnessError(`--url must be http(s): ${url}`)
}
