/**
 * Where the suites declare rule ids: read from the sources (`rule({ id: … })` and rule ids kept in
 * constants), so that the rules catalog generator can join each catalog rule with the files that judge it,
 * and the controls can run only the files a fault needs. Which rules exist is the catalog's to say
 * (schemas/rules/catalog.ts): a typo in a fault's `breaks` fails the registry test, not a slow control run.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ruleEntry } from '../schemas/rules/catalog.ts'
import { ROOT } from './run-fault.ts'

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

/** Is `rule` in the rules catalog? */
export function isKnownRule(rule: string): boolean {
  return ruleEntry(rule) !== undefined
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
