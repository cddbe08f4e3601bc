/**
 * Strict expectations (`--expect FILE`): a YAML map from test id (or rule id) to the outcome a known target
 * is expected to have, with the reason and a link. The run then fails on anything the file did not foresee:
 * a new failure, an expected failure that now passes, another outcome than expected, or an entry that
 * matches no test (stale). The verdict itself is never rewritten: a target with expected failures is still
 * nonconformant; expectations only decide whether CI should be surprised.
 *
 * ```yaml
 * "namespaces/create/exists-409":
 *   outcome: fail
 *   reason: returns 500 on a duplicate namespace
 *   link: https://github.com/vendor/catalog/issues/12
 * ```
 */
import { readFileSync } from 'node:fs'
import { yaml } from '../schemas/yaml-loader.ts'
import { HarnessError } from '../suites/_harness/results/errors.ts'
import type { Outcome } from '../suites/_harness/results/meta.ts'
import { closestRule, ruleEntry } from '../schemas/rules/catalog.ts'
import { blockedGroups } from './blocked.ts'
import { OUTCOMES } from './results.ts'
import type { ExpectationsRecord, Results, TestResult, Unexpected } from './results.ts'

export interface ExpectationEntry {
  /** The expected outcome; a list for a server bug that shows intermittently (the reason must say so). */
  readonly outcome: Outcome | readonly Outcome[]
  readonly reason: string
  readonly link?: string
}

/** A test whose (non-passing) outcome the file foresaw: it does not fail the run, but it is listed. */
export interface Adjustment {
  readonly id: string
  readonly outcome: Outcome
  readonly reason: string
  readonly link?: string
}

export interface ExpectationsReport {
  readonly unexpected: readonly Unexpected[]
  readonly stale: readonly string[]
  /** Foreseen outcomes that count as expected, e.g. known failures (the verdict adjustments). */
  readonly adjustments: readonly Adjustment[]
  /** 0: nothing unforeseen; 1: an unforeseen failure, pass or outcome, or a stale entry; 2: only harness errors. */
  readonly exitCode: number
  /** What to store as results.expectations. */
  readonly record: ExpectationsRecord
}

/** Parses and validates an expectations document; any malformed entry is a HarnessError naming it. */
export function parseExpectations(text: string, source = 'expectations'): Map<string, ExpectationEntry> {
  let doc: unknown
  try {
    doc = yaml().parse(text)
  } catch (e) {
    throw new HarnessError(`${source}: not YAML: ${(e as Error).message.split('\n')[0]}`)
  }
  if (doc === null || doc === undefined) return new Map()
  if (typeof doc !== 'object' || Array.isArray(doc))
    throw new HarnessError(`${source}: expected a map of test id -> { outcome, reason, link }`)
  const out = new Map<string, ExpectationEntry>()
  for (const [id, raw] of Object.entries(doc)) {
    if (HEADER_KEYS.has(id)) continue
    const v = (typeof raw === 'string' ? { outcome: raw } : raw) as Record<string, unknown> | null
    const where = `${source}: "${id}"`
    if (!v || typeof v !== 'object') throw new HarnessError(`${where}: expected { outcome, reason, link }`)
    const extra = Object.keys(v).filter((k) => !['outcome', 'reason', 'link'].includes(k))
    if (extra.length > 0) throw new HarnessError(`${where}: unknown key(s) ${extra.join(', ')}`)
    const outcomes = Array.isArray(v.outcome) ? (v.outcome as unknown[]) : [v.outcome]
    if (outcomes.length === 0 || !outcomes.every((o) => OUTCOMES.includes(o as Outcome)))
      throw new HarnessError(`${where}: outcome must be one of ${OUTCOMES.join(', ')} (or a list of them)`)
    if (outcomes.length > 1 && typeof v.reason === 'string' && !/intermittent/i.test(v.reason))
      throw new HarnessError(
        `${where}: a list of outcomes is for an intermittent server bug; the reason must say "intermittent" and why`,
      )
    if (typeof v.reason !== 'string' || v.reason.trim() === '')
      throw new HarnessError(`${where}: a reason is required (why is this outcome expected?)`)
    if (v.link !== undefined && typeof v.link !== 'string')
      throw new HarnessError(`${where}: link must be a string`)
    checkKey(id, where)
    out.set(id, {
      outcome: outcomes.length === 1 ? (outcomes[0] as Outcome) : (outcomes as Outcome[]),
      reason: v.reason,
      ...(typeof v.link === 'string' ? { link: v.link } : {}),
    })
  }
  return out
}

/**
 * The file's header: the profile its outcomes were measured under (required: outcomes differ between profiles, so a
 * run under another one only produces noise) and the target they describe (`NAME@VERSION` of a known target, or any
 * words for a catalog given by URL). Top-level keys, beside the entries: a rule id always has a slash.
 */
export interface ExpectationsHeader {
  readonly profile?: string
  readonly target?: string
}

const HEADER_KEYS: ReadonlySet<string> = new Set(['profile', 'target'])

export function parseExpectationsHeader(text: string, source = 'expectations'): ExpectationsHeader {
  let doc: unknown
  try {
    doc = yaml().parse(text)
  } catch {
    return {}
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return {}
  const out: { profile?: string; target?: string } = {}
  for (const key of HEADER_KEYS) {
    const v = (doc as Record<string, unknown>)[key]
    if (v === undefined) continue
    if (typeof v !== 'string' && typeof v !== 'number')
      throw new HarnessError(
        `${source}: "${key}" must be a string, e.g. ${key}: "${key === 'profile' ? '1.11' : 'rustberg@0.3.0'}"`,
      )
    out[key as 'profile' | 'target'] = String(v)
  }
  return out
}

/**
 * A run is checked only against a file written for the same profile and, when the run names a known target, the same
 * target: one line saying what to use, where a mismatch used to give dozens of "unexpected" entries.
 */
export function checkExpectationsFit(
  header: ExpectationsHeader,
  run: { readonly profile: string; readonly target?: string; readonly targetVersion?: string },
  file: string,
): void {
  if (header.profile === undefined)
    throw new HarnessError(
      `${file} does not say which profile its outcomes were measured under: add a top-level line such as profile: "${run.profile}"`,
    )
  if (header.profile !== run.profile)
    throw new HarnessError(
      `${file} is written for profile ${header.profile}, and this run judges profile ${run.profile}: run with --profile ${header.profile}`,
    )
  if (!header.target || !run.target || run.target === 'url') return
  const [name, version] = header.target.split('@')
  const sameName = name === run.target
  const sameVersion = !version || !run.targetVersion || version === run.targetVersion
  if (!sameName || !sameVersion)
    throw new HarnessError(
      `${file} is written for target ${header.target}, and this run starts ${run.target}${run.targetVersion ? `@${run.targetVersion}` : ''}: run with ${rerunFlag(header.target)}`,
    )
}

/** The flag that starts an expectations file's target: an image's name has a slash (`--image NAME:TAG`). */
function rerunFlag(target: string): string {
  const [name, version] = target.split('@')
  return name?.includes('/') ? `--image ${name}${version ? `:${version}` : ''}` : `--target ${target}`
}

/**
 * A key is a rule id of the catalog, or a test id (`<file>::<full name>`, the name ending in `(<rule id>)`)
 * whose rule is in the catalog. Anything else is a typo that would otherwise only show up as "stale".
 */
function checkKey(key: string, where: string): void {
  const rule = key.includes('::') ? /\(([^()]+)\)$/.exec(key)?.[1] : key
  if (rule !== undefined && ruleEntry(rule)) return
  const hint = rule === undefined ? undefined : closestRule(rule)
  const what = key.includes('::') ? 'a test of an unknown rule' : 'an unknown rule id'
  const suggestion = hint
    ? ` (did you mean "${key.includes('::') ? key.replace(/\([^()]+\)$/, `(${hint})`) : hint}"?)`
    : ''
  throw new HarnessError(`${where}: ${what}${suggestion}; see catalog-conformance rules`)
}

const FAILING: ReadonlySet<Outcome> = new Set(['fail', 'error'])

/** Checks a run against parsed entries (keys match a test's id first, else its rule id). */
export function checkExpectations(
  results: Pick<Results, 'tests' | 'errors'>,
  entries: ReadonlyMap<string, ExpectationEntry>,
  file = 'expectations',
): ExpectationsReport {
  const used = new Set<string>()
  const unexpected: Unexpected[] = []
  const adjustments: Adjustment[] = []
  // A test blocked by a rule that passed: the refusal is judged by no test, whatever the file foresaw.
  const uncounted = new Set(blockedGroups(results).flatMap((g) => (g.carrierPassed ? g.tests : [])))
  let expected = 0
  for (const t of results.tests) {
    const key = entries.has(t.id) ? t.id : entries.has(t.rule) ? t.rule : undefined
    const entry = key === undefined ? undefined : entries.get(key)
    if (uncounted.has(t.id)) {
      if (key !== undefined) used.add(key)
      unexpected.push({ id: t.id, outcome: t.outcome, kind: 'uncounted' })
      continue
    }
    if (key === undefined || !entry) {
      // Strict: an unlisted test must pass (or be disabled by the run's own choice); anything else is a surprise.
      if (FAILING.has(t.outcome)) unexpected.push({ id: t.id, outcome: t.outcome, kind: 'new-failure' })
      else if (t.outcome === 'warn' || t.outcome === 'unsupported' || t.outcome === 'blocked')
        unexpected.push({ id: t.id, outcome: t.outcome, kind: 'unlisted' })
      continue
    }
    used.add(key)
    const allowed: readonly Outcome[] = typeof entry.outcome === 'string' ? [entry.outcome] : entry.outcome
    if (allowed.includes(t.outcome)) {
      expected++
      if (t.outcome !== 'pass')
        adjustments.push({
          id: t.id,
          outcome: t.outcome,
          reason: entry.reason,
          ...(entry.link ? { link: entry.link } : {}),
        })
    } else
      unexpected.push({
        id: t.id,
        outcome: t.outcome,
        expected: allowed[0] as Outcome,
        kind: t.outcome === 'pass' ? 'fixed' : 'mismatch',
      })
  }
  const stale = [...entries.keys()].filter((k) => !used.has(k))
  // The server's surprises exit 1; the harness's own (errors, a refusal judged by no test) exit 2.
  const harnessSide = (u: Unexpected) => u.outcome === 'error' || u.kind === 'uncounted'
  const surprising = stale.length > 0 || unexpected.some((u) => !harnessSide(u))
  const harnessOnly = unexpected.some(harnessSide) || results.errors.length > 0
  return {
    unexpected,
    stale,
    adjustments,
    exitCode: surprising ? 1 : harnessOnly ? 2 : 0,
    record: { file, expected, unexpected, stale },
  }
}

/** Reads and validates an expectations file (call it before a run to fail fast on a malformed file). */
export function readExpectations(file: string): Map<string, ExpectationEntry> {
  return parseExpectations(readText(file), file)
}

/** The header of an expectations file (its profile and target). */
export function readExpectationsHeader(file: string): ExpectationsHeader {
  return parseExpectationsHeader(readText(file), file)
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (e) {
    throw new HarnessError(`cannot read expectations file ${file}: ${(e as Error).message}`)
  }
}

/** Reads the YAML file and checks the run against it (what `run --expect FILE` and `report check` call). */
export function applyExpectations(
  results: Pick<Results, 'tests' | 'errors'>,
  file: string,
): ExpectationsReport {
  return checkExpectations(results, readExpectations(file), file)
}

/** A ready-to-paste entry for a new failure. */
export function pasteEntry(t: Pick<TestResult, 'id' | 'outcome' | 'rule'>): string {
  return yaml().stringify({
    [t.id]: { outcome: t.outcome, reason: `TODO: why ${t.rule} is expected to ${t.outcome}`, link: '' },
  })
}

/** Human lines for the console: each surprise, the stale entries, and paste-ready entries for new failures. */
export function expectationLines(report: ExpectationsReport, tests: readonly TestResult[]): string[] {
  const lines: string[] = []
  const byId = new Map(tests.map((t) => [t.id, t]))
  for (const u of report.unexpected) {
    if (u.kind === 'fixed') lines.push(`expected ${u.expected} but passed (remove the entry): ${u.id}`)
    else if (u.kind === 'mismatch') lines.push(`expected ${u.expected} but was ${u.outcome}: ${u.id}`)
    else if (u.kind === 'uncounted')
      lines.push(
        `blocked by a rule that passed (the refusal is judged by no test; a harness defect): ${u.id}`,
      )
    else lines.push(`${u.kind === 'unlisted' ? 'unlisted' : 'new'} ${u.outcome}: ${u.id}`)
  }
  for (const s of report.stale) lines.push(`stale expectation (matches no test): ${s}`)
  const fresh = report.unexpected.filter((u) => u.kind === 'new-failure' || u.kind === 'unlisted')
  if (fresh.length > 0) {
    lines.push('', 'If these are known, add to the expectations file:', '')
    for (const u of fresh) {
      const t = byId.get(u.id)
      lines.push(pasteEntry({ id: u.id, outcome: u.outcome, rule: t?.rule ?? u.id }).trimEnd())
    }
  }
  lines.push(
    `expectations: ${report.record.expected} as expected, ${report.unexpected.length} unexpected, ${report.stale.length} stale`,
  )
  return lines
}
