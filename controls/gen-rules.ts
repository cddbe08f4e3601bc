/**
 * Generates the rules catalog (schemas/rules/catalog.json) and its page (docs/rules.md) from the authored
 * schemas/rules/rules.yaml, the rule ids the suites declare and the fault registry. Fails, naming the rule,
 * when a suite declares a rule the YAML lacks, a YAML rule is judged by nothing, or a fault claims a rule
 * that does not exist.
 *
 *   npx tsx controls/gen-rules.ts           # write both files (npm run gen:rules)
 *   npx tsx controls/gen-rules.ts --check   # exit 1 when either is out of date (npm run check:rules, CI)
 *   npx tsx controls/gen-rules.ts --verify openapi=FILE spec=FILE view-spec=FILE
 *                                           # every quoted sentence occurs in its source (local copies of the
 *                                           # upstream files at the default release, e.g. apache-iceberg-1.11.0)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { RELEASES } from '../schemas/operations.ts'
import type {
  BasisKind,
  Catalog,
  Level,
  LevelSpec,
  RuleBasis,
  RuleEntry,
  RuleKind,
  RuleSource,
} from '../schemas/rules/catalog.ts'
import { BASIS_KINDS, SCHEMA_RULE, SOURCE_DOCUMENTS } from '../schemas/rules/catalog.ts'
import { renderRulesMarkdown } from '../schemas/rules/render.ts'
import { SCHEMA_NAMES } from '../schemas/generated/schema-names.ts'
import type { Fault } from './fault.ts'
import { FAULTS } from './faults/index.ts'
import { suiteRules } from './known-rules.ts'
import type { SuiteRule } from './known-rules.ts'
import { ROOT } from './run-fault.ts'

export const RULES_YAML = join(ROOT, 'schemas', 'rules', 'rules.yaml')
export const CATALOG_JSON = join(ROOT, 'schemas', 'rules', 'catalog.json')
export const RULES_DOC = join(ROOT, 'docs', 'rules.md')

const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'MAY', 'CLIENT', 'ROBUSTNESS']
const KEYS = new Set([
  'level',
  'since',
  'superseded-by',
  'title',
  'kind',
  'source',
  'at',
  'sentence',
  'note',
  'basis',
])
const BASIS_KEYS = new Set(['kind', 'quote', 'document', 'at'])
const KINDS: readonly RuleKind[] = ['test', 'assertion', 'check']

/** An authored entry of rules.yaml, validated. */
export interface AuthoredRule {
  readonly id: string
  readonly level: LevelSpec
  readonly since?: (typeof RELEASES)[number]
  /** `superseded-by`: see RuleEntry.supersededBy. */
  readonly supersededBy?: string
  readonly title: string
  readonly source?: RuleSource
  readonly sentence?: string
  readonly note?: string
  /** `test` unless the YAML says `assertion` or `check` (see RuleKind). */
  readonly kind: RuleKind
  /** The basis as authored: quote, document and at may be left to default (see resolveBasis). */
  readonly basis?: AuthoredBasis
}

export interface AuthoredBasis {
  readonly kind: BasisKind
  readonly quote?: string
  readonly document?: RuleSource['document']
  readonly at?: string
}

/** Problems with the shape of an authored `basis` (whether it fits the level is schemas/rules/basis.ts's to say). */
function basisShape(raw: unknown): string[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return ['basis must be a mapping { kind, quote?, at?, document? }']
  const b = raw as Record<string, unknown>
  const out: string[] = []
  for (const k of Object.keys(b)) if (!BASIS_KEYS.has(k)) out.push(`unknown basis key "${k}"`)
  if (!(BASIS_KINDS as readonly unknown[]).includes(b.kind))
    out.push(`basis kind must be one of ${BASIS_KINDS.join(', ')}`)
  for (const k of ['quote', 'at'] as const)
    if (b[k] !== undefined && typeof b[k] !== 'string') out.push(`basis ${k} must be a string`)
  if (b.document !== undefined && !(SOURCE_DOCUMENTS as readonly unknown[]).includes(b.document))
    out.push(`basis document must be one of ${SOURCE_DOCUMENTS.join(', ')}`)
  if (b.kind === 'none' && (b.quote !== undefined || b.at !== undefined || b.document !== undefined))
    out.push('a basis of kind none quotes nothing')
  return out
}

/**
 * The basis as the catalog carries it: the quote, document and place default to the rule's own sentence and
 * source; kind `none` has none of them.
 */
export function resolveBasis(a: AuthoredRule): RuleBasis | undefined {
  const b = a.basis
  if (!b) return undefined
  if (b.kind === 'none') return { kind: 'none' }
  const quote = b.quote ?? a.sentence
  const document = b.document ?? a.source?.document
  const at = b.at ?? a.source?.at
  return {
    kind: b.kind,
    ...(quote !== undefined ? { quote: quote.trim() } : {}),
    ...(document ? { document } : {}),
    ...(at ? { at } : {}),
  }
}

/** Parses rules.yaml; every malformed entry is an error naming the rule and the field. */
export function parseAuthored(text: string): AuthoredRule[] {
  const doc = parse(text) as Record<string, Record<string, unknown>>
  const problems: string[] = []
  const out: AuthoredRule[] = []
  for (const [id, raw] of Object.entries(doc)) {
    const bad = (why: string) => problems.push(`${id}: ${why}`)
    if (!raw || typeof raw !== 'object') {
      bad('expected a mapping')
      continue
    }
    for (const k of Object.keys(raw)) if (!KEYS.has(k)) bad(`unknown key "${k}"`)
    const level = raw.level as LevelSpec
    const okLevel =
      typeof level === 'string'
        ? LEVELS.includes(level)
        : !!level &&
          typeof level === 'object' &&
          LEVELS.includes(level.iceberg) &&
          LEVELS.includes(level.document)
    if (!okLevel) bad(`level must be MUST, SHOULD, MAY, CLIENT, ROBUSTNESS or { iceberg, document }`)
    const since = raw.since as string | undefined
    if (since !== undefined && !(RELEASES as readonly string[]).includes(since))
      bad(`since must be one of ${RELEASES.join(', ')}`)
    const supersededBy = raw['superseded-by']
    if (supersededBy !== undefined && typeof supersededBy !== 'string') bad('superseded-by names a rule id')
    if (typeof raw.title !== 'string' || !raw.title) bad('a title is required')
    const kind = (raw.kind ?? 'test') as RuleKind
    if (!KINDS.includes(kind)) bad(`kind must be one of ${KINDS.join(', ')}`)
    const document = raw.source as string | undefined
    if (document !== undefined && !(SOURCE_DOCUMENTS as readonly string[]).includes(document))
      bad(`source must be one of ${SOURCE_DOCUMENTS.join(', ')}`)
    if (document !== undefined && typeof raw.at !== 'string') bad('a source needs "at" (where in it)')
    if (raw.sentence !== undefined && (typeof raw.sentence !== 'string' || document === undefined))
      bad('a sentence is a string quoted from its source')
    if (raw.sentence === undefined && typeof raw.note !== 'string')
      bad('a rule without a sentence says why in "note"')
    if (raw.basis !== undefined) for (const why of basisShape(raw.basis)) bad(why)
    out.push({
      id,
      level,
      ...(since ? { since: since as AuthoredRule['since'] & string } : {}),
      ...(typeof supersededBy === 'string' ? { supersededBy } : {}),
      title: raw.title as string,
      ...(document ? { source: { document: document as RuleSource['document'], at: raw.at as string } } : {}),
      ...(typeof raw.sentence === 'string' ? { sentence: raw.sentence } : {}),
      ...(typeof raw.note === 'string' ? { note: raw.note } : {}),
      kind,
      ...(raw.basis !== undefined ? { basis: raw.basis as AuthoredBasis } : {}),
    })
  }
  if (problems.length > 0) throw new Error(`schemas/rules/rules.yaml:\n  ${problems.join('\n  ')}`)
  return out
}

const matches = (d: SuiteRule, id: string) => (d.pattern ? d.pattern.test(id) : d.id === id)

/** The catalog: authored entries joined with the files that judge them and the faults that break them. */
export function buildCatalog(
  authored: readonly AuthoredRule[],
  declared: readonly SuiteRule[],
  faults: readonly Pick<Fault, 'name' | 'breaks'>[],
  checkSources = '',
): Catalog {
  const problems: string[] = []
  // A check rule is reported by the harness on every exchange (a check of the registry, or a setup step that
  // failed): its id (or `schema/${…}`) is in their source.
  for (const a of authored)
    if (a.kind === 'check') {
      const literal = a.id === SCHEMA_RULE ? 'schema/${' : `'${a.id}'`
      if (!checkSources.includes(literal))
        problems.push(
          `rules.yaml lists check rule "${a.id}", which neither suites/_harness/checks/, the harness nor the run's cleanup reports`,
        )
    }
  const ids = new Set(authored.map((a) => a.id))
  // A successor is a rule of a later release than this one's: from its release on it judges the same request.
  const releaseIndex = (r: AuthoredRule) => RELEASES.indexOf(r.since ?? RELEASES[0])
  for (const a of authored) {
    if (a.supersededBy === undefined) continue
    const successor = authored.find((b) => b.id === a.supersededBy)
    if (!successor)
      problems.push(`${a.id}: superseded-by "${a.supersededBy}", which rules.yaml does not list`)
    else if (!successor.since || releaseIndex(successor) <= releaseIndex(a))
      problems.push(`${a.id}: superseded-by "${successor.id}", which needs a since later than this rule's`)
  }
  const known = (id: string) =>
    ids.has(id) ||
    (id.startsWith('schema/') &&
      ids.has(SCHEMA_RULE) &&
      (SCHEMA_NAMES as readonly string[]).includes(id.slice('schema/'.length)))
  // Suite files and the harness's support modules; not the harness's own unit tests.
  const suites = declared.filter(
    (d) => !(d.file.startsWith('suites/_harness/') && d.file.endsWith('.test.ts')),
  )
  for (const d of suites) {
    if (d.pattern ? !authored.some((a) => d.pattern?.test(a.id)) : !known(d.id))
      problems.push(`${d.file} declares rule "${d.id}", which schemas/rules/rules.yaml does not list`)
  }
  const rules: RuleEntry[] = authored.map((a) => {
    const basis = resolveBasis(a)
    const judges = suites.filter((d) => matches(d, a.id))
    const inTests = judges.filter(
      (d) => d.file.endsWith('.test.ts') && !d.file.startsWith('suites/_harness/'),
    )
    if (a.kind !== 'check' && judges.length === 0)
      problems.push(`rules.yaml lists "${a.id}", which no suite declares (remove it, or add its test)`)
    const breaking = faults.filter((f) =>
      a.id === SCHEMA_RULE ? f.breaks.some((b) => b.startsWith('schema/')) : f.breaks.includes(a.id),
    )
    return {
      id: a.id,
      kind: a.kind,
      level: a.level,
      ...(a.since ? { since: a.since } : {}),
      ...(a.supersededBy ? { supersededBy: a.supersededBy } : {}),
      title: a.title,
      ...(a.source ? { source: a.source } : {}),
      ...(a.sentence ? { sentence: a.sentence } : {}),
      ...(a.note ? { note: a.note } : {}),
      ...(basis ? { basis } : {}),
      tests: [...new Set((inTests.length > 0 ? inTests : judges).map((d) => d.file))].sort(),
      controls: breaking.map((f) => f.name).sort(),
    }
  })
  for (const f of faults)
    for (const b of f.breaks)
      if (!known(b))
        problems.push(`fault ${f.name} breaks "${b}", which schemas/rules/rules.yaml does not list`)
  if (problems.length > 0) throw new Error(problems.join('\n'))
  return { rules }
}

/** The two generated files' expected contents. */
export function generate(root = ROOT): { catalog: string; doc: string } {
  const authored = parseAuthored(readFileSync(RULES_YAML, 'utf8'))
  const harness = join(root, 'suites', '_harness')
  // The end-of-run cleanup (app/setup) reports a check rule of its own: a 5xx while removing what the run created.
  const checkSources = [harness, join(harness, 'checks'), join(root, 'app', 'setup')]
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => readFileSync(join(dir, f), 'utf8')),
    )
    .join('\n')
  const catalog = buildCatalog(authored, suiteRules(root), FAULTS, checkSources)
  return { catalog: `${JSON.stringify(catalog, null, 2)}\n`, doc: renderRulesMarkdown(catalog.rules) }
}

/**
 * Rules whose sentence, or whose basis's own quote, does not occur in the given copy of its source document
 * (whitespace and Markdown links aside).
 */
export function unverifiedSentences(
  rules: readonly AuthoredRule[],
  documents: Partial<Record<RuleSource['document'], string>>,
): string[] {
  const flat = (t: string) =>
    t
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  const texts = Object.fromEntries(Object.entries(documents).map(([k, v]) => [k, flat(v)]))
  return quotesOf(rules)
    .filter((q) => texts[q.document] !== undefined && !texts[q.document]?.includes(flat(q.text)))
    .map((q) => `${q.id}: "${q.text}" is not in ${q.document}`)
}

/** Every quote of the authored rules with the document it comes from: the sentences, and the bases' own quotes. */
function quotesOf(rules: readonly AuthoredRule[]): { id: string; text: string; document: string }[] {
  return rules.flatMap((r) => {
    const out: { id: string; text: string; document: string }[] = []
    if (r.sentence && r.source) out.push({ id: r.id, text: r.sentence, document: r.source.document })
    const b = resolveBasis(r)
    if (r.basis?.quote && b?.quote && b.document)
      out.push({ id: `${r.id} (basis)`, text: b.quote, document: b.document })
    return out
  })
}

function verify(args: readonly string[]): void {
  const documents = Object.fromEntries(
    args.map((a) => {
      const [doc, file] = a.split('=') as [string, string]
      return [doc, readFileSync(file, 'utf8')]
    }),
  )
  const authored = parseAuthored(readFileSync(RULES_YAML, 'utf8'))
  const bad = unverifiedSentences(authored, documents)
  const checked = quotesOf(authored).filter((q) => documents[q.document as RuleSource['document']]).length
  console.log(`${checked - bad.length} of ${checked} quoted sentences and bases found in their source`)
  for (const b of bad) console.error(b)
  if (bad.length > 0) process.exit(1)
}

function main(): void {
  const at = process.argv.indexOf('--verify')
  if (at >= 0) return verify(process.argv.slice(at + 1))
  const check = process.argv.includes('--check')
  let out: { catalog: string; doc: string }
  try {
    out = generate()
  } catch (e) {
    console.error((e as Error).message)
    process.exit(1)
  }
  const files: [string, string][] = [
    [CATALOG_JSON, out.catalog],
    [RULES_DOC, out.doc],
  ]
  if (check) {
    const stale = files.filter(([path, text]) => read(path) !== text).map(([path]) => path)
    if (stale.length > 0) {
      console.error(`out of date: ${stale.join(', ')} (run npm run gen:rules)`)
      process.exit(1)
    }
    console.log('rules catalog up to date')
    return
  }
  for (const [path, text] of files) writeFileSync(path, text)
  console.log(`wrote ${files.map(([p]) => p).join(', ')}`)
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
