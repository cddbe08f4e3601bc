/**
 * The options a printed replay command must carry so that it runs against the same server: where the catalog is
 * (URL or known target, prefix, warehouse, namespace parent), how it is judged (profile) and how to reach it
 * (OAuth endpoint, header names). Secret values are never printed: their flags appear with a placeholder the user
 * fills in, so the line still says which credentials the replay needs.
 */
import { DEFAULTS, OPTION_SPECS, kebabName, type OptionName, type Options } from '../config/options.ts'

/** Non-secret options that identify the target or change the verdict, in the order they are printed. */
const CARRIED: readonly OptionName[] = [
  'url',
  'target',
  'targetVersion',
  'prefix',
  'warehouse',
  'namespaceParent',
  'profile',
  'oauthUri',
  'scope',
  'clientId',
  'delegationHeader',
  'disableChecks',
]

/** Quotes a value for a POSIX shell when it needs it. */
export function shellQuote(v: string): string {
  return /^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replaceAll("'", `'\\''`)}'`
}

/** `--url http://… --profile 1.11 --token '<token>' --header 'X-Tenant=<value>'` for the options the user gave. */
export function replayArgsOf(opts: Options): string {
  const args: string[] = []
  for (const name of CARRIED) {
    const v = opts[name]
    // A default travels anyway: leaving it out keeps the line short.
    if (v === undefined || v === '' || v === false || v === (DEFAULTS as Options)[name]) continue
    const flag = `--${kebabName(name)}`
    if (Array.isArray(v)) for (const item of v) args.push(flag, shellQuote(String(item)))
    else if (v === true) args.push(flag)
    else args.push(flag, shellQuote(String(v)))
  }
  for (const name of Object.keys(OPTION_SPECS) as OptionName[]) {
    const secret = (OPTION_SPECS[name] as { secret?: boolean }).secret
    const v = opts[name]
    if (!secret || v === undefined) continue
    if (name === 'header') {
      for (const h of v as string[]) args.push('--header', shellQuote(`${h.split('=')[0] ?? ''}=<value>`))
    } else args.push(`--${kebabName(name)}`, `'<${kebabName(name)}>'`)
  }
  return args.join(' ')
}
