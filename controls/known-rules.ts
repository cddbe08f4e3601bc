/**
 * The rule ids a fault may claim to break: those the check registry reports (suites/_harness/checks/) and
 * those the suites declare with `rule({ id: … })`. Read from the sources, so that a typo in `breaks`, or a
 * rule renamed in a suite, fails the registry test instead of a slow control run.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { SCHEMA_NAMES } from '../schemas/index.ts'
import { ROOT } from './run-fault.ts'

/** Rules reported by the checks of suites/_harness/checks/ (schema rules are `schema/<Name>`). */
export const CHECK_RULES: readonly string[] = [
  'http/responds',
  'http/no-body',
  'http/json-content-type',
  'http/json-body',
  'errors/envelope',
  'errors/code-equals-status',
  'errors/type-names-failure',
  'errors/no-5xx',
  'errors/valid-request-no-5xx',
]

export interface SuiteRule {
  /** The id as written; a template literal keeps its `${…}` parts. */
  readonly id: string
  /** File that declares it, relative to the project root. */
  readonly file: string
  /** Set for ids built from a template literal (`commits/requirements/${c.id}/holds`): the ids it can make. */
  readonly pattern?: RegExp
}

/**
 * Every rule id the suites can report: each `id: '<area>/…'` of a suite file, and each string literal
 * `'<area>/…/…'` anywhere under suites/ (rule ids kept in constants, e.g. in suites/_harness/support/, and
 * passed as `check.that(…, { rule })`). Ids built from template literals become patterns in which each
 * `${…}` stands for any text.
 */
export function suiteRules(root = ROOT): SuiteRule[] {
  const out: SuiteRule[] = []
  const suites = join(root, 'suites')
  const areas = suiteAreas(root)
  for (const file of walk(suites)) {
    const inHarness = relative(suites, file).startsWith('_harness')
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(\bid:\s*)?(['"`])([a-z0-9-]+\/[^'"`\s]+)\2/g)) {
      const id = m[3] as string
      const declared = m[1] !== undefined && !inHarness
      const area = id.slice(0, id.indexOf('/'))
      if (!declared && !(areas.includes(area) && id.split('/').length >= 3)) continue
      const templated = m[2] === '`' && id.includes('${')
      out.push({ id, file: relative(root, file), ...(templated ? { pattern: templatePattern(id) } : {}) })
    }
  }
  return out
}

/** `a/${x}/b` -> /^a\/.+\/b$/ */
function templatePattern(id: string): RegExp {
  const parts = id.split(/\$\{[^}]*\}/).map((p) => p.replace(/[.*+?^$()|[\]\\/{}]/g, '\\$&'))
  return new RegExp(`^${parts.join('.+')}$`)
}

/** Is `rule` a rule some check or suite can report? */
export function isKnownRule(rule: string, suite: readonly SuiteRule[]): boolean {
  if (CHECK_RULES.includes(rule)) return true
  if (suite.some((r) => (r.pattern ? r.pattern.test(rule) : r.id === rule))) return true
  const name = rule.slice('schema/'.length)
  return rule.startsWith('schema/') && (SCHEMA_NAMES as readonly string[]).includes(name)
}

/** The areas (folders under suites/, the harness excluded). */
export function suiteAreas(root = ROOT): string[] {
  return readdirSync(join(root, 'suites'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => d.name)
    .sort()
}

function* walk(dir: string): Generator<string> {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name)
    if (d.isDirectory()) yield* walk(p)
    else if (d.name.endsWith('.ts')) yield p
  }
}

/** Rule ids declared in suite test files (the harness excluded) that no fault claims to break. */
export function rulesWithoutFault(
  faults: readonly { breaks: readonly string[] }[],
  rules: readonly SuiteRule[],
): string[] {
  const breaks = [...new Set(faults.flatMap((f) => f.breaks))]
  const out = new Set<string>()
  for (const r of rules) {
    if (!r.file.endsWith('.test.ts') || r.file.startsWith('suites/_harness/')) continue
    const covered = r.pattern ? breaks.some((b) => r.pattern?.test(b)) : breaks.includes(r.id)
    if (!covered) out.add(r.id)
  }
  return [...out].sort()
}
