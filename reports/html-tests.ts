/**
 * The test list of report.html: one <tbody> per test (the unit the filters show and hide), and for each
 * failure, warning or error its rule, message, violations, transcript and curl line. Everything is escaped.
 */
import { escapeHtml as e } from './escape.ts'
import type { ExchangeRecord } from '../suites/_harness/results/exchange-record.ts'
import type { DistinctFailure } from '../suites/_harness/results/meta.ts'
import type { Violation } from '../suites/_harness/results/violation.ts'
import type { TestResult } from './results.ts'

/** Failures first, then what needs a look, then the rest. */
const ORDER = ['fail', 'error', 'warn', 'blocked', 'unsupported', 'not-configured', 'disabled', 'pass']

/** Tests that get a transcript; passing tests have none (it keeps the page small). */
function detailed(t: TestResult): boolean {
  return t.outcome === 'fail' || t.outcome === 'warn' || t.outcome === 'error'
}

function headerText(h: Record<string, string>): string {
  return Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/** Anchor of a test's row, for jump links from the violated rules. */
export function testAnchor(id: string): string {
  let h = 0
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0
  return `t-${(h >>> 0).toString(36)}`
}

/** Bodies and transcripts shown per test: the page of a run with a hundred failures must stay light. */
const BODY_LIMIT = 1_200
const SHOWN_EXCHANGES = 8

function clip(text: string): string {
  return text.length <= BODY_LIMIT
    ? text
    : `${text.slice(0, BODY_LIMIT)}\n… [${text.length - BODY_LIMIT} more characters in results.json]`
}

/** The exchanges a transcript shows: every one that broke a rule, then the last ones, in order. */
function shown(
  exchanges: readonly ExchangeRecord[],
  violating: ReadonlySet<string>,
): { x: ExchangeRecord; i: number }[] {
  const all = exchanges.map((x, i) => ({ x, i }))
  if (all.length <= SHOWN_EXCHANGES) return all
  const keep = new Set(all.filter((e) => violating.has(e.x.curl)).map((e) => e.i))
  for (let i = all.length - 1; i >= 0 && keep.size < SHOWN_EXCHANGES; i--) keep.add(i)
  return all.filter((e) => keep.has(e.i))
}

function exchange(x: ExchangeRecord, i: number, violating: boolean): string {
  const req = x.request
  const reqText = headerText(req.headers) + (req.body ? `\n\n${clip(pretty(req.body))}` : '')
  const response = x.transportError
    ? `no response: ${e(x.transportError)}`
    : `→ ${x.status} (${e(x.durationMs)} ms)`
  const resText = headerText(x.headers) + (x.body ? `\n\n${clip(pretty(x.body))}` : '')
  return `<div class="ex${violating ? ' violating' : ''}"><div class="line">#${i + 1} ${e(x.operationId)}: ${e(req.method)} ${e(req.url)}${violating ? ' <b class="o-fail">← broke the rule</b>' : ''}</div>
<pre>${e(reqText)}</pre><div class="line">${response}</div>${x.transportError ? '' : `<pre>${e(resText)}</pre>`}
<div>curl:</div><pre class="curl">${e(x.curl)}</pre></div>`
}

function violationList(violations: readonly Violation[]): string {
  return `<ul>${violations
    .map(
      (v) =>
        `<li><b>${e(v.level)}</b> ${e(v.rule)} (${e(v.check)}): ${e(v.message)}${v.instancePath ? ` at <code>${e(v.instancePath)}</code>` : ''}${v.received ? `<br>received: <code>${e(v.received)}</code>` : ''}${v.expected ? `<br>expected: <code>${e(v.expected)}</code>` : ''}</li>`,
    )
    .join('')}</ul>`
}

/** The collapsed transcript of `exchanges`, marking those that broke one of `violations`. */
function transcript(exchanges: readonly ExchangeRecord[], violations: readonly Violation[]): string {
  const violatingCurls = new Set(violations.flatMap((v) => (v.curl ? [v.curl] : [])))
  return `<details><summary>Transcript (${exchanges.length} exchange${exchanges.length === 1 ? '' : 's'}${exchanges.length > SHOWN_EXCHANGES ? `; the ${SHOWN_EXCHANGES} that matter shown, all in results.json` : ''})</summary>${shown(
    exchanges,
    violatingCurls,
  )
    .map(({ x, i }) => exchange(x, i, violatingCurls.has(x.curl)))
    .join('\n')}</details>`
}

/** A further distinct failure of a property test: its own message, violations, replay, counterexample, transcript. */
function distinctFailure(f: DistinctFailure, i: number, n: number): string {
  return `<div class="distinct"><p><b>Distinct failure ${i} of ${n}</b> (another kind, found with the kinds before it counted as passing)</p>
<pre class="msg">${e(f.message)}</pre>${f.violations.length > 0 ? violationList(f.violations) : ''}
<p>Replay: <code>${e(f.replay)}</code></p><pre>${e(f.counterexample)}</pre>${f.exchanges.length > 0 ? transcript(f.exchanges, f.violations) : ''}</div>`
}

function details(t: TestResult): string {
  const parts: string[] = []
  const more = t.moreFailures ?? []
  if (t.message) parts.push(`<pre class="msg">${e(t.message)}</pre>`)
  if (t.violations.length > 0) parts.push(violationList(t.violations))
  if (t.seed !== undefined || t.path)
    parts.push(
      `<p>${more.length > 0 ? `<b>Distinct failure 1 of ${more.length + 1}</b> · ` : ''}Replay: <code>${t.replay ? e(t.replay) : `--seed ${e(t.seed ?? '')}${t.path ? ` --path ${e(t.path)}` : ''}`}</code></p>${t.counterexample ? `<pre>${e(t.counterexample)}</pre>` : ''}`,
    )
  if (t.exchanges.length > 0) parts.push(transcript(t.exchanges, t.violations))
  more.forEach((f, i) => parts.push(distinctFailure(f, i + 2, more.length + 1)))
  return `<tr><td colspan="5">${parts.join('\n')}</td></tr>`
}

function row(t: TestResult): string {
  const note = t.reason ?? (t.message ? (t.message.split('\n')[0] ?? '') : '')
  return `<tbody class="t" id="${testAnchor(t.id)}" data-outcome="${e(t.outcome)}" data-area="${e(t.area)}">
<tr class="o-${e(t.outcome)}"><td>${e(t.outcome)}</td><td>${e(t.area)}</td><td>${e(t.operationId)}</td><td>${e(t.title)}<div class="rule">${e(t.rule)} [${e(t.level)}] · ${e(t.durationMs)} ms</div></td><td>${e(note)}</td></tr>
${detailed(t) ? details(t) : ''}</tbody>`
}

/** The table of all tests, failures first; transcripts stay collapsed so a page of many failures stays light. */
export function testsTable(tests: readonly TestResult[]): string {
  const sorted = [...tests].sort(
    (a, b) => ORDER.indexOf(a.outcome) - ORDER.indexOf(b.outcome) || a.id.localeCompare(b.id),
  )
  const body = sorted.map(row).join('\n')
  return `<table><thead><tr><th>outcome</th><th>area</th><th>operation</th><th>test · rule</th><th>detail</th></tr></thead>
${body}
</table>`
}
