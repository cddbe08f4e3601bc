/**
 * summary.md: the Markdown summary for CI (also appended to $GITHUB_STEP_SUMMARY when set): verdict,
 * outcome counts, the matrix of area × outcome, spec coverage, and the failures. Server text is escaped
 * (GitHub renders inline HTML in Markdown).
 */
import { requestsLine } from './requests-line.ts'
import { computeCoverage, coverageSections, ratio } from './coverage.ts'
import type { CoverageSection } from './coverage.ts'
import { OUTCOMES, mustRulesMet, noVerdictWhy } from './results.ts'
import type { Results } from './results.ts'
import { brokenBy, violatedRules } from './violated-rules.ts'
import { ruleSource } from './rule-source.ts'
import { notConfiguredHint } from './not-configured.ts'
import { advisoriesOf } from './advisories.ts'
import { clientCompatLine, clientFindingsOf } from './client-compat.ts'
import { blockedGroups, carrierMark } from './blocked.ts'
import { failsOnRobustness, robustnessFindingsOf, robustnessLine } from './robustness.ts'
import { distinctFailuresOf, withDistinctFailures } from './distinct-failures.ts'
import { defectsLead, defectsOf } from './defects.ts'

/** One table cell: no pipes, no newlines, no markup. */
export function cell(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/`/g, "'")
    .replace(/\r?\n/g, ' ')
}

function missing(s: CoverageSection, limit = 12): string {
  const names = s.rows.filter((r) => !r.covered).map((r) => r.name)
  if (names.length === 0) return '—'
  const shown = names.slice(0, limit).join(', ')
  return names.length > limit ? `${shown} … (+${names.length - limit})` : shown
}

function matrix(r: Results): string[] {
  const areas = [...new Set(r.tests.map((t) => t.area))].sort()
  const lines = tableHead(
    ['area', ...OUTCOMES],
    OUTCOMES.map((_, i) => i + 1),
  )
  for (const a of areas) {
    const ts = r.tests.filter((t) => t.area === a)
    lines.push(
      `| ${cell(a)} | ${OUTCOMES.map((o) => ts.filter((t) => t.outcome === o).length).join(' | ')} |`,
    )
  }
  return lines
}

function coverageTable(r: Results): string[] {
  const c = computeCoverage(r)
  const lines = tableHead(['spec part', 'covered', 'not covered'], [1])
  for (const s of coverageSections(c)) lines.push(`| ${s.title} | ${ratio(s)} | ${cell(missing(s))} |`)
  if (c.undocumentedStatuses.length > 0)
    lines.push('', `Undocumented statuses seen: ${cell(c.undocumentedStatuses.join(', '))}`)
  return lines
}

/** The violated rules, each once, MUST first: the causes to fix, before the tests they broke. */
/** The rule's public source at the run's profile, linked, the sentence it enforces and its basis (from the rules catalog). */
function sourceCell(rule: string, profile: string): string {
  const src = ruleSource(rule, profile)
  if (!src) return 'not in the rules catalog of this harness version'
  const link = src.url ? `[${cell(src.label ?? src.url)}](${src.url})` : 'no public source'
  return `${link}${src.sentence ? `: “${cell(src.sentence)}”` : ''}${src.basis ? `<br>Basis: ${cell(src.basis)}` : ''}`
}

/**
 * The defects, before the rules: the violations grouped by the server's answer (defects.ts), each with what the
 * server did, the rules it breaks and the failing request.
 */
function defectsTable(r: Results): string[] {
  const defects = defectsOf(r)
  if (defects.length === 0) return []
  const lines = section(
    `Defects (${defects.length})`,
    "_The violations grouped by the server's answer: one defect is one thing to fix. `catalog-conformance report defects results.json` writes each as an issue with its reproduction._",
    '',
    ...tableHead(
      ['defect', 'level', 'what the server did', 'rules it breaks', 'tests', 'failing request'],
      [4],
    ),
  )
  for (const d of defects)
    lines.push(
      `| ${d.id} | ${d.level} | ${cell(d.title)} | ${cell(d.rules.map((x) => x.rule).join(', '))} | ${d.tests.length} | ${d.example ? `<code>${cell(d.example.exchange.curl.slice(0, 300))}</code>` : '—'} |`,
    )
  return lines
}

function violatedTable(r: Results): string[] {
  const rules = violatedRules(r)
  if (rules.length === 0) return []
  const lines = section(
    `Violated rules (${rules.length})`,
    ...tableHead(['rule', 'level', 'tests', 'operations', 'source', 'example'], [2]),
  )
  for (const v of rules)
    lines.push(
      `| ${cell(v.rule)} | ${v.level} | ${v.tests.length} | ${cell(v.operations.join(', '))} | ${sourceCell(v.rule, r.profile)} | ${cell(v.example.title)}: ${cell((v.example.message.split('\n')[0] ?? '').slice(0, 200))}${v.example.curl ? `<br><code>${cell(v.example.curl.slice(0, 300))}</code>` : ''} |`,
    )
  return lines
}

/** A `###` section: a blank line, the heading, a blank line, then `body`. */
function section(title: string, ...body: string[]): string[] {
  return ['', `### ${title}`, '', ...body]
}

/** A table's header and alignment rows; the columns at `rightAligned` (indexes) align right. */
function tableHead(columns: readonly string[], rightAligned: readonly number[] = []): string[] {
  return [
    `| ${columns.join(' | ')} |`,
    `|${columns.map((_, i) => (rightAligned.includes(i) ? '---:' : '---')).join('|')}|`,
  ]
}

/** The summary as Markdown. */
export function renderMarkdown(r: Results): string {
  const must = mustRulesMet(r.tests)
  const lines = [
    `## catalog-conformance: ${r.verdict}`,
    '',
    `Target \`${cell(r.target.url)}\` (${cell(r.target.kind)}), profile ${cell(r.profile)}, seed ${r.seed}, harness ${cell(r.harness.version)}. MUST rules met: ${must.met}/${must.total}.`,
    '',
    ...whyNoVerdict(r),
    `**${defectsLead(r)}**`,
    '',
    ...tableHead(
      [...OUTCOMES, 'total', 'robustness'],
      [...OUTCOMES, 'total', 'robustness'].map((_, i) => i),
    ),
    `| ${OUTCOMES.map((o) => r.summary[o] ?? 0).join(' | ')} | ${r.summary.total} | ${r.summary.robustness ?? 0} |`,
    '',
    `_${cell(clientCompatLine(r))}_`,
    '',
    `_${cell(robustnessLine(r, failsOnRobustness(r)))}_`,
    ...(requestsLine(r) ? ['', `_${cell(requestsLine(r) ?? '')}_`] : []),
    ...defectsTable(r),
    ...violatedTable(r),
    ...(notConfiguredHint(r) ? ['', `_${cell(notConfiguredHint(r) ?? '')}_`] : []),
    ...section('Matrix', ...matrix(r)),
    ...section('Spec coverage', ...coverageTable(r)),
  ]
  const failures = r.tests.filter(
    (t) => t.outcome === 'fail' || t.outcome === 'error' || t.outcome === 'warn',
  )
  if (failures.length > 0) {
    lines.push(
      ...section(
        'Failures and warnings',
        ...tableHead(['outcome', 'test · its rule', 'broken by', 'message']),
      ),
    )
    for (const t of failures)
      lines.push(
        `| ${t.outcome} | ${cell(t.title)} · ${cell(t.rule)} [${t.level}] | ${cell(brokenBy(t).join(', ') || '—')} | ${cell((t.message ?? '').split('\n')[0] ?? '')} |`,
      )
  }
  const distinct = withDistinctFailures(r)
  if (distinct.length > 0) {
    // A property that found several kinds of failure: each kind with its own shrunk case and replay.
    lines.push(
      ...section(
        'Distinct failures of property tests',
        ...tableHead(['test · its rule', '#', 'failure', 'counterexample', 'replay'], [1]),
      ),
    )
    for (const t of distinct)
      distinctFailuresOf(t).forEach((f, i, all) =>
        lines.push(
          `| ${cell(t.title)} · ${cell(t.rule)} | ${i + 1}/${all.length} | ${cell(f.summary.slice(0, 200))} | <code>${cell(f.counterexample.slice(0, 300))}</code> | <code>${cell(f.replay)}</code> |`,
        ),
      )
  }
  const robustness = robustnessFindingsOf(r)
  if (robustness.length > 0) {
    lines.push(
      ...section(
        `Robustness findings (${failsOnRobustness(r) ? 'part of the verdict: --fail-on robustness' : 'not part of the verdict'})`,
        ...tableHead(['operation', 'test', 'finding', 'reproduce']),
      ),
    )
    for (const f of robustness)
      lines.push(
        `| ${cell(f.operationId)} | ${cell(f.title)} | ${cell(f.message)} | ${f.curl ? `<code>${cell(f.curl.slice(0, 400))}</code>` : '—'} |`,
      )
  }
  const blocked = blockedGroups(r)
  if (blocked.length > 0) {
    lines.push(
      ...section(
        'Blocked (a setup step the server refused; judged by the rule that carries it, not part of the verdict)',
        ...tableHead(['carried by', 'blocked tests', 'e.g.']),
      ),
    )
    for (const g of blocked)
      lines.push(
        `| ${cell(g.rule)}${carrierMark(g)} | ${g.tests.length} | ${cell((g.reason ?? '').slice(0, 300))} |`,
      )
  }
  const openapi = r.tests.filter((t) => (t.openapiFindings?.length ?? 0) > 0)
  if (openapi.length > 0) {
    // A second opinion from the user's own OpenAPI document: reported apart, never part of the verdict.
    lines.push(...section('OpenAPI document findings (--openapi)', ...tableHead(['test', 'finding'])))
    for (const t of openapi)
      for (const f of t.openapiFindings ?? []) lines.push(`| ${cell(t.title)} | ${cell(f)} |`)
  }
  const client = clientFindingsOf(r)
  if (client.length > 0) {
    lines.push(
      ...section(
        "Client compatibility (Iceberg's Java client; not part of the verdict)",
        ...tableHead(['test', 'finding']),
      ),
    )
    for (const f of client) lines.push(`| ${cell(f.title)} | ${cell(f.message)} |`)
  }
  const advisories = advisoriesOf(r)
  if (advisories.length > 0) {
    lines.push(...section('Advisories (outside the Iceberg spec; not part of the verdict)'))
    for (const a of advisories) lines.push(`- ${cell(a.finding)} (${cell(a.rule)})`)
  }
  if (r.leftovers?.length) {
    lines.push(...section('Left behind'))
    lines.push(
      `The catalog would not remove ${r.leftovers.length} namespace(s) of this run by name; remove them with its own tools:`,
      '',
    )
    for (const ns of r.leftovers) lines.push(`- \`${cell(JSON.stringify(ns))}\``)
  }
  if (r.errors.length > 0) {
    lines.push(...section('Harness errors'))
    for (const e of r.errors) lines.push(`- ${cell(e)}`)
  }
  if (r.expectations) {
    const x = r.expectations
    lines.push(
      '',
      `Expectations (${cell(x.file)}): ${x.expected} as expected, ${x.unexpected.length} unexpected, ${x.stale.length} stale.`,
    )
  }
  return lines.join('\n') + '\n'
}

/** A line under the heading that says why a run is no verdict, when something outside its tests made it so. */
function whyNoVerdict(r: Results): string[] {
  const why = noVerdictWhy(r)
  return why ? [`**Why no verdict:** ${cell(why)}`, ''] : []
}
