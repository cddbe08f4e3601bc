/**
 * `report defects`: one Markdown file per defect (defects.ts), ready to paste into an upstream tracker. Each says
 * what the spec says (the rules' sentences, quoted and linked), what the server did (the failing request, its answer
 * and what each rule saw) and how to reproduce it (a script with only the base URL and the token to fill in).
 *
 * The server's text goes into code blocks, fenced longer than any backtick run in it, so nothing it wrote is read as
 * Markdown; the one-line parts (title, rule messages) have their markup characters escaped.
 */
import type { Defect } from './defects.ts'
import { defectsOf, portableCurl, reproductionScript } from './defects.ts'
import { answerText } from '../suites/_harness/results/answer-text.ts'
import { readEntities } from '../schemas/html-entities.ts'
import type { UpstreamEntry, UpstreamIssue } from './defect-upstream.ts'
import { upstreamIssues } from './defect-upstream.ts'
import type { MatrixColumn } from './matrix.ts'
import type { Results } from './results.ts'
import { violatedRules } from './violated-rules.ts'
import { ruleSource } from './rule-source.ts'

/** What `report defects` is given beside the run: the matrix's runs (report matrix's inputs) and upstream issues. */
export interface DefectIssueOptions {
  /** Runs of other releases (or of this one): each defect says in which of them it was seen. */
  readonly columns?: readonly MatrixColumn[]
  readonly upstream?: readonly UpstreamEntry[]
}

/** How one run of the matrix saw a defect. */
export type Sighting =
  /** The run has a defect of the same key: the same answer to the same kind of request. */
  | 'seen'
  /** Some of its tests broke the same rules there, with another answer. */
  | 'other answer'
  /** Its tests ran there and broke none of its rules. */
  | 'not seen'
  /** None of its tests ran there (unsupported, not configured, or not in that run). */
  | 'not run'

const SIGHTING_TEXT: Record<Sighting, string> = {
  seen: 'seen (the same answer)',
  'other answer': 'its rules fail there with another answer',
  'not seen': 'not seen (its tests pass)',
  'not run': 'not run (its tests were not judged there)',
}

/** Where the matrix's runs saw `d`, in the columns' order. */
export function sightings(
  d: Defect,
  columns: readonly MatrixColumn[],
  keysOf: (r: Results) => ReadonlySet<string>,
): { label: string; sighting: Sighting }[] {
  return columns.map((c) => {
    if (keysOf(c.results).has(d.key)) return { label: c.label, sighting: 'seen' }
    const broken = new Set(violatedRules(c.results).flatMap((v) => v.tests.map((t) => `${t}\u0000${v.rule}`)))
    if (d.occurrences.some((o) => broken.has(`${o.test}\u0000${o.rule}`)))
      return { label: c.label, sighting: 'other answer' }
    const judged = new Set(
      c.results.tests.filter((t) => ['pass', 'fail', 'warn'].includes(t.outcome)).map((t) => t.id),
    )
    return { label: c.label, sighting: d.tests.some((t) => judged.has(t)) ? 'not seen' : 'not run' }
  })
}

/** The defect keys of each run, computed once per run. */
function keyCache(): (r: Results) => ReadonlySet<string> {
  const cache = new Map<Results, ReadonlySet<string>>()
  return (r) => {
    let keys = cache.get(r)
    if (!keys) cache.set(r, (keys = new Set(defectsOf(r).map((d) => d.key))))
    return keys
  }
}

export interface DefectIssue {
  /** `D01-list-500-numberformatexception.md`: numbered so that a listing keeps the report's order. */
  readonly file: string
  readonly defect: Defect
  readonly markdown: string
}

/** Inline text: no markup, no line breaks (GitHub renders inline HTML and Markdown in issue bodies). */
function inline(s: string): string {
  return s
    .replace(/\r?\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#])/g, '\\$1')
}

/** A fenced code block whose fence is longer than any backtick run in `text`. */
function fenced(text: string, lang = ''): string[] {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return [`${fence}${lang}`, text.replace(/\n+$/, ''), fence]
}

function slug(d: Defect): string {
  const parts = [
    d.family,
    d.answer ? String(d.answer.status) : d.kind,
    d.answer?.page ? 'error-page' : (d.answer?.errorType ?? ''),
  ]
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

const MAX_BODY = 2000

const MAX_ESCAPED = 30

/** The distinct first lines of the messages a defect's recorded answers carried, as sent (run names included). */
function escapedMessages(r: Results, d: Defect): string[] {
  const byTest = new Map(r.tests.map((t) => [t.id, t]))
  const seen = new Set<string>()
  for (const o of d.occurrences) {
    const t = byTest.get(o.test)
    const ex =
      t && o.exchange >= 0
        ? (o.transcript < 0 ? t.exchanges : t.moreFailures?.[o.transcript]?.exchanges)?.[o.exchange]
        : undefined
    if (!ex) continue
    const line = readEntities(answerText(ex).message.split('\n')[0] ?? '').trim()
    if (line) seen.add(line.length > 300 ? `${line.slice(0, 300)}…` : line)
  }
  const all = [...seen]
  return all.length > MAX_ESCAPED
    ? [...all.slice(0, MAX_ESCAPED), `… and ${all.length - MAX_ESCAPED} more`]
    : all
}

interface IssueContext {
  readonly seen?: readonly { label: string; sighting: Sighting }[]
  readonly upstream: readonly UpstreamIssue[]
}

function issueOf(r: Results, d: Defect, width: number, ctx: IssueContext): DefectIssue {
  const lines: string[] = [`# ${inline(d.title)}`, '']
  lines.push(
    `Found by ${inline(r.harness.name)} ${inline(r.harness.version)} (defect ${d.id} of a run against ${inline(r.target.kind)}, spec profile ${inline(r.profile)}): ${d.level === 'MUST' ? 'a MUST of the spec is broken' : 'a SHOULD of the spec is not met'}, in ${d.tests.length} test(s), on ${d.operations.map((o) => `\`${o.replace(/`/g, '')}\``).join(', ')}.`,
    '',
  )
  if (ctx.upstream.length > 0) {
    lines.push('Already known upstream:', '')
    for (const i of ctx.upstream)
      lines.push(`- [${inline(i.title)}](${i.url})${i.note ? `: ${inline(i.note)}` : ''}`)
    lines.push('')
  }
  lines.push('## What the spec says', '')
  for (const x of d.rules) {
    const src = ruleSource(x.rule, r.profile)
    const link = src?.url ? `[${inline(src.label ?? src.url)}](${src.url})` : 'no public source'
    lines.push(`- \`${x.rule}\` (${x.level}), ${link}:`)
    if (src?.sentence) lines.push(`  > ${inline(src.sentence)}`)
    else if (src?.note) lines.push(`  (no sentence: ${inline(src.note)})`)
    if (src?.basis) lines.push(`  Basis: ${inline(src.basis)}`)
  }
  lines.push('', '## What the server did', '')
  const ex = d.example?.exchange
  if (ex) {
    const title = d.occurrences.find((o) => o.test === d.example?.test)?.title ?? d.example?.test ?? ''
    lines.push(
      `The failing request, in “${inline(title)}”:`,
      '',
      ...fenced(portableCurl(ex.curl, r.target.url), 'sh'),
      '',
    )
    if (ex.transportError) lines.push(`No HTTP response: ${inline(ex.transportError)}`, '')
    else {
      lines.push(`It answered **${ex.status}**${ex.body ? ':' : ' with an empty body.'}`, '')
      if (ex.body) {
        const body = ex.body.length > MAX_BODY ? `${ex.body.slice(0, MAX_BODY)}…` : ex.body
        lines.push(...fenced(body), '')
      }
    }
  } else lines.push('The run recorded no exchange for this failure.', '')
  // An HTTP server's error page is one defect whatever escaped through it: the vendor sees each exception once.
  const escaped = d.answer?.page ? escapedMessages(r, d) : []
  if (escaped.length > 0)
    lines.push(
      `The messages its error pages carried (${escaped.length} distinct, one of each, in the tests' order):`,
      '',
      ...fenced(escaped.join('\n')),
      '',
    )
  lines.push('What each rule saw:', '')
  for (const x of d.rules) lines.push(`- \`${x.rule}\`: ${inline(x.message.split('\n')[0] ?? '')}`)
  lines.push('', '## Reproduction', '')
  if (d.reproduction.length > 0)
    lines.push(
      'Set `CATALOG_URL` (the base URL, as given to `--url`)' +
        (d.reproduction.some((c) => c.includes('[REDACTED]')) ? ' and `CATALOG_TOKEN`' : '') +
        ', then run:',
      '',
      ...fenced(reproductionScript(d, r.target.url), 'sh'),
      '',
    )
  else lines.push('No request was recorded; rerun the test named below.', '')
  if (ctx.seen && ctx.seen.length > 0) {
    lines.push('## Releases', '', 'Where the compatibility matrix saw it:', '')
    for (const x of ctx.seen) lines.push(`- ${inline(x.label)}: ${SIGHTING_TEXT[x.sighting]}`)
    lines.push('')
  }
  lines.push(`Seen in ${d.tests.length} test(s):`, '')
  const titles = new Map(d.occurrences.map((o) => [o.test, o.title]))
  for (const t of d.tests) lines.push(`- ${inline(titles.get(t) ?? t)}`)
  // The key names the defect from run to run (report defects --upstream matches on it).
  lines.push('', `Defect key: ${inline(d.key)}`)
  const number = d.id.slice(1).padStart(width, '0')
  return { file: `D${number}-${slug(d)}.md`, defect: d, markdown: lines.join('\n') + '\n' }
}

/** One issue per defect of `r`, in the defects' order, and where the matrix's runs saw each. */
export function defectIssues(r: Results, opts: DefectIssueOptions = {}): DefectIssue[] {
  const defects = defectsOf(r)
  const width = String(defects.length).length
  const keysOf = keyCache()
  return defects.map((d) =>
    issueOf(r, d, width, {
      ...(opts.columns ? { seen: sightings(d, opts.columns, keysOf) } : {}),
      upstream: upstreamIssues(opts.upstream ?? [], r.target.kind, d.key),
    }),
  )
}

/**
 * README.md of the written issues: one line per defect (its file, level, the rules it breaks, the releases that saw
 * it, the upstream issues), under the count of defects and violated rules.
 */
export function defectIndex(
  r: Results,
  issues: readonly DefectIssue[],
  opts: DefectIssueOptions = {},
): string {
  const keysOf = keyCache()
  const cell = inline // escapes `|` too
  const lines = [
    `# Defects of ${inline(r.target.kind)}`,
    '',
    `${issues.length} defect(s) behind ${violatedRules(r).length} violated rule(s), found by ${inline(r.harness.name)} ${inline(r.harness.version)} (spec profile ${inline(r.profile)}). Each file is ready to paste into the server's tracker.`,
    '',
    `| defect | level | what the server did | rules |${opts.columns ? ' seen in |' : ''} upstream |`,
    `|---|---|---|---:|${opts.columns ? '---|' : ''}---|`,
  ]
  for (const i of issues) {
    const d = i.defect
    const seen = opts.columns
      ? sightings(d, opts.columns, keysOf)
          .filter((x) => x.sighting === 'seen')
          .map((x) => x.label)
      : []
    const known = upstreamIssues(opts.upstream ?? [], r.target.kind, d.key)
    lines.push(
      `| [${d.id}](${i.file}) | ${d.level} | ${cell(d.title)} | ${d.rules.length} |${opts.columns ? ` ${cell(seen.join(', ') || '—')} |` : ''} ${known.map((k) => `[${cell(k.title)}](${k.url})`).join('<br>') || '—'} |`,
    )
  }
  return lines.join('\n') + '\n'
}
