/**
 * `report matrix`: a compatibility matrix of many certifications (targets, releases) side by side — the page a
 * vendor comparison or a catalog's release notes would show. Rows are targets; columns the verdict, MUST rules met
 * and each area's outcome; below, every violated rule against every target. HTML (self-contained, escaped) and
 * Markdown.
 */
import { escapeHtml as e } from './escape.ts'
import { contentSecurityPolicy, STYLE } from './html-assets.ts'
import { cell } from './markdown.ts'
import type { Results } from './results.ts'
import { mustRulesMet, summarize } from './results.ts'
import { violatedRules } from './violated-rules.ts'
import { defectsOf } from './defects.ts'

export interface MatrixColumn {
  /** What the row is called: the file's label (e.g. `fixture-1.11.0`) or the target URL. */
  readonly label: string
  readonly results: Results
}

type AreaMark = 'pass' | 'fail' | 'warn' | 'n/a'

function areaMark(r: Results, area: string): { mark: AreaMark; text: string } {
  const ts = r.tests.filter((t) => t.area === area)
  const n = (o: string) => ts.filter((t) => t.outcome === o).length
  const judged = n('pass') + n('fail') + n('warn')
  if (judged === 0) return { mark: 'n/a', text: '—' }
  const mark: AreaMark = n('fail') > 0 ? 'fail' : n('warn') > 0 ? 'warn' : 'pass'
  return { mark, text: `${n('pass')}/${judged}` }
}

interface MatrixModel {
  readonly areas: string[]
  readonly rows: { label: string; r: Results; must: { met: number; total: number } }[]
  readonly rules: { rule: string; level: string; marks: string[] }[]
}

export function matrixModel(columns: readonly MatrixColumn[]): MatrixModel {
  const areas = [...new Set(columns.flatMap((c) => c.results.tests.map((t) => t.area)))].sort()
  const rows = columns.map((c) => ({ label: c.label, r: c.results, must: mustRulesMet(c.results.tests) }))
  const perTarget = columns.map((c) => new Map(violatedRules(c.results).map((v) => [v.rule, v])))
  const ruleLevels = new Map<string, string>()
  for (const m of perTarget)
    for (const v of m.values())
      if (!ruleLevels.has(v.rule) || v.level === 'MUST') ruleLevels.set(v.rule, v.level)
  const rules = [...ruleLevels.entries()]
    .sort(([a, la], [b, lb]) => (la === lb ? a.localeCompare(b) : la === 'MUST' ? -1 : 1))
    .map(([rule, level]) => ({
      rule,
      level,
      marks: perTarget.map((m) => {
        const v = m.get(rule)
        return v ? `${v.level === 'MUST' ? '✗' : '⚠'} ${v.tests.length}` : '✓'
      }),
    }))
  return { areas, rows, rules }
}

/** The counts beside the verdict, with what each one counts (the legend above both renderings). */
const COUNTS = ['fail', 'defects', 'robustness', 'blocked'] as const
const LEGEND =
  'fail: failed tests (a MUST broken) · defects: things to fix, the MUST and SHOULD violations grouped by the answer the server gave (one defect often breaks several rules) · robustness: tests with a robustness finding (a 5xx where the spec names no other answer; not part of the verdict) · blocked: tests whose setup step the server refused (judged by the rule that carries it; not part of the verdict).'

/** Failed tests, defects, tests with a robustness finding and blocked tests of one run, in COUNTS' order. */
function countsOf(r: Results): number[] {
  return [
    r.summary.fail,
    defectsOf(r).length,
    r.summary.robustness ?? summarize(r.tests).robustness ?? 0,
    r.summary.blocked ?? 0,
  ]
}

export function renderMatrixMarkdown(columns: readonly MatrixColumn[]): string {
  const m = matrixModel(columns)
  const lines = [
    '## Compatibility matrix',
    '',
    LEGEND,
    '',
    `| target | verdict | MUST rules met | ${COUNTS.join(' | ')} | ${m.areas.map(cell).join(' | ')} |`,
    `|---|---|---:|${COUNTS.map(() => '---:').join('|')}|${m.areas.map(() => '---:').join('|')}|`,
  ]
  for (const row of m.rows)
    lines.push(
      `| ${cell(row.label)} | ${row.r.verdict} | ${row.must.met}/${row.must.total} | ${countsOf(row.r).join(' | ')} | ${m.areas
        .map((a) => {
          const x = areaMark(row.r, a)
          return x.mark === 'fail' ? `✗ ${x.text}` : x.mark === 'warn' ? `⚠ ${x.text}` : x.text
        })
        .join(' | ')} |`,
    )
  if (m.rules.length > 0) {
    lines.push(
      '',
      '### Violated rules',
      '',
      `| rule | level | ${m.rows.map((r) => cell(r.label)).join(' | ')} |`,
    )
    lines.push(`|---|---|${m.rows.map(() => '---').join('|')}|`)
    for (const v of m.rules) lines.push(`| ${cell(v.rule)} | ${v.level} | ${v.marks.join(' | ')} |`)
    lines.push('', '✗ n: a MUST broken in n tests · ⚠ n: a SHOULD broken in n tests · ✓: not violated')
  }
  return lines.join('\n') + '\n'
}

export function renderMatrixHtml(columns: readonly MatrixColumn[]): string {
  const m = matrixModel(columns)
  const head = `<tr><th>target</th><th>verdict</th><th>MUST met</th>${COUNTS.map((c) => `<th>${c}</th>`).join('')}${m.areas.map((a) => `<th>${e(a)}</th>`).join('')}</tr>`
  const rows = m.rows
    .map(
      (row) =>
        `<tr><th>${e(row.label)}<div class="rule">${e(row.r.target.url)} · profile ${e(row.r.profile)} · ${e(row.r.harness.version)}</div></th><td class="o-${row.r.verdict === 'conformant' ? 'pass' : row.r.verdict === 'nonconformant' ? 'fail' : 'error'}">${e(row.r.verdict)}</td><td class="n">${row.must.met}/${row.must.total}</td>${countsOf(
          row.r,
        )
          .map((n) => `<td class="n">${n}</td>`)
          .join('')}${m.areas
          .map((a) => {
            const x = areaMark(row.r, a)
            return `<td class="n${x.mark === 'n/a' ? '' : ` o-${x.mark}`}">${e(x.text)}</td>`
          })
          .join('')}</tr>`,
    )
    .join('\n')
  const rules =
    m.rules.length === 0
      ? ''
      : `<h2>Violated rules</h2><table class="matrix"><thead><tr><th>rule</th><th>level</th>${m.rows.map((r) => `<th>${e(r.label)}</th>`).join('')}</tr></thead><tbody>${m.rules
          .map(
            (v) =>
              `<tr><th>${e(v.rule)}</th><td>${e(v.level)}</td>${v.marks.map((x) => `<td class="n${x.startsWith('✗') ? ' o-fail' : x.startsWith('⚠') ? ' o-warn' : ' o-pass'}">${e(x)}</td>`).join('')}</tr>`,
          )
          .join(
            '\n',
          )}</tbody></table><p class="rule">✗ n: a MUST broken in n tests · ⚠ n: a SHOULD broken in n tests · ✓: not violated</p>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>catalog-conformance: compatibility matrix</title>
<style>${STYLE}</style></head><body><main>
<h1>Compatibility matrix</h1>
<p class="rule">${e(LEGEND)} Each area: passed / judged tests (pass, fail, warn); — when nothing was judged there.</p>
<table class="matrix"><thead>${head}</thead><tbody>${rows}</tbody></table>
${rules}
</main></body></html>
`
}
