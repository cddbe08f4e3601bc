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
import type { Results } from './results.ts'
import { ruleSource } from './rule-source.ts'

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
  const parts = [d.family, d.answer ? String(d.answer.status) : d.kind, d.answer?.errorType ?? '']
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

const MAX_BODY = 2000

function issueOf(r: Results, d: Defect, width: number): DefectIssue {
  const lines: string[] = [`# ${inline(d.title)}`, '']
  lines.push(
    `Found by ${inline(r.harness.name)} ${inline(r.harness.version)} (defect ${d.id} of a run against ${inline(r.target.kind)}, spec profile ${inline(r.profile)}): ${d.level === 'MUST' ? 'a MUST of the spec is broken' : 'a SHOULD of the spec is not met'}, in ${d.tests.length} test(s), on ${d.operations.map((o) => `\`${o.replace(/`/g, '')}\``).join(', ')}.`,
    '',
    '## What the spec says',
    '',
  )
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
  lines.push(`Seen in ${d.tests.length} test(s):`, '')
  const titles = new Map(d.occurrences.map((o) => [o.test, o.title]))
  for (const t of d.tests) lines.push(`- ${inline(titles.get(t) ?? t)}`)
  const number = d.id.slice(1).padStart(width, '0')
  return { file: `D${number}-${slug(d)}.md`, defect: d, markdown: lines.join('\n') + '\n' }
}

/** One issue per defect of `r`, in the defects' order. */
export function defectIssues(r: Results): DefectIssue[] {
  const defects = defectsOf(r)
  const width = String(defects.length).length
  return defects.map((d) => issueOf(r, d, width))
}
