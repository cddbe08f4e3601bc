/**
 * `report basis`: every failing verdict of one or more certifications with what its level rests on — the rule's
 * basis in the rules catalog (a must/required sentence, a required field or type of the schema, or the response the
 * document names for exactly that condition), quoted, beside what the server did. A vendor reads it to check each
 * failure against the text; the project keeps one for the targets it certifies (docs/verdict-basis.md). Counts per
 * target: failing MUST rules, warned SHOULD rules, robustness findings and blocked tests, which are no verdicts.
 */
import { ruleEntry } from '../schemas/rules/catalog.ts'
import { blockedGroups } from './blocked.ts'
import { cell } from './markdown.ts'
import type { MatrixColumn } from './matrix.ts'
import { robustnessFindingsOf } from './robustness.ts'
import { violatedRules } from './violated-rules.ts'

export interface BasisRow {
  readonly rule: string
  readonly level: string
  readonly basis: string
  /** The targets whose run broke the rule, each with the first line of one example. */
  readonly targets: readonly { readonly label: string; readonly example: string }[]
}

export interface TargetCounts {
  readonly label: string
  readonly verdict: string
  readonly failingRules: number
  readonly warnedRules: number
  readonly robustness: number
  readonly blocked: number
  readonly unsupported: number
}

/** The basis of a rule as one cell: its kind, the quoted text and where it stands. */
export function basisCell(rule: string): string {
  const entry = ruleEntry(rule)
  const b = entry?.basis
  if (!entry || !b) return 'not in the rules catalog'
  if (b.kind === 'none') return 'none'
  const quote = b.quote ?? entry.sentence
  const where = b.at ?? entry.source?.at
  return `${b.kind}${quote ? `: “${quote}”` : ''}${where ? ` (${b.document ?? entry.source?.document ?? 'openapi'} ${where})` : ''}`
}

export function basisRows(columns: readonly MatrixColumn[], level: 'MUST' | 'SHOULD'): BasisRow[] {
  const rows = new Map<string, { level: string; targets: { label: string; example: string }[] }>()
  for (const c of columns)
    for (const v of violatedRules(c.results)) {
      if (v.level !== level) continue
      let row = rows.get(v.rule)
      if (!row) rows.set(v.rule, (row = { level: v.level, targets: [] }))
      row.targets.push({ label: c.label, example: (v.example.message.split('\n')[0] ?? '').slice(0, 220) })
    }
  return [...rows.entries()]
    .map(([rule, r]) => ({ rule, level: r.level, basis: basisCell(rule), targets: r.targets }))
    .sort((a, b) => b.targets.length - a.targets.length || a.rule.localeCompare(b.rule))
}

export function targetCounts(columns: readonly MatrixColumn[]): TargetCounts[] {
  return columns.map((c) => {
    const violated = violatedRules(c.results)
    return {
      label: c.label,
      verdict: c.results.verdict,
      failingRules: violated.filter((v) => v.level === 'MUST').length,
      warnedRules: violated.filter((v) => v.level === 'SHOULD').length,
      robustness: robustnessFindingsOf(c.results).length,
      blocked: blockedGroups(c.results).reduce((n, g) => n + g.tests.length, 0),
      unsupported: c.results.summary.unsupported,
    }
  })
}

/** The whole page: counts per target, then every failing MUST rule and every warned SHOULD rule with its basis. */
export function renderVerdictBasisMarkdown(columns: readonly MatrixColumn[], intro = ''): string {
  const lines: string[] = []
  if (intro) lines.push(intro.trimEnd(), '')
  lines.push(
    '## Per target',
    '',
    '| target | verdict | failing MUST rules | warned SHOULD rules | robustness findings | blocked tests | unsupported |',
    '|---|---|---:|---:|---:|---:|---:|',
  )
  for (const t of targetCounts(columns))
    lines.push(
      `| ${cell(t.label)} | ${t.verdict} | ${t.failingRules} | ${t.warnedRules} | ${t.robustness} | ${t.blocked} | ${t.unsupported} |`,
    )
  for (const level of ['MUST', 'SHOULD'] as const) {
    const rows = basisRows(columns, level)
    lines.push(
      '',
      level === 'MUST'
        ? `## Failing verdicts (MUST): ${rows.length} rules`
        : `## Warnings (SHOULD): ${rows.length} rules`,
      '',
      '| rule | basis | targets | what the server did (first target) |',
      '|---|---|---|---|',
    )
    for (const r of rows)
      lines.push(
        `| \`${r.rule}\` | ${cell(r.basis)} | ${cell(r.targets.map((t) => t.label).join(', '))} | ${cell(r.targets[0]?.example ?? '')} |`,
      )
  }
  return `${lines.join('\n')}\n`
}
