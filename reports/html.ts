/**
 * report.html: one self-contained page for a person (no network): the verdict, the matrix of area ×
 * outcome, spec coverage, and every test with filters (outcome, area, text); failures carry their rule,
 * message, transcript and curl line. Every string that may come from a server or a config is escaped,
 * and the CSP allows only the page's own style and its one hashed script.
 */
import { requestsLine } from './requests-line.ts'
import { computeCoverage, coverageSections, ratio } from './coverage.ts'
import type { CoverageSection } from './coverage.ts'
import { escapeHtml as e } from './escape.ts'
import { SCRIPT, STYLE, contentSecurityPolicy } from './html-assets.ts'
import { testAnchor, testsTable } from './html-tests.ts'
import { OUTCOMES, mustRulesMet, noVerdictWhy } from './results.ts'
import type { Results } from './results.ts'
import { violatedRules } from './violated-rules.ts'
import { defectsLead, defectsOf, reproductionScript } from './defects.ts'
import { ruleSource } from './rule-source.ts'
import { advisoriesOf } from './advisories.ts'
import { clientCompatLine, clientFindingsOf } from './client-compat.ts'
import { blockedGroups, carrierMark } from './blocked.ts'
import { failsOnRobustness, robustnessFindingsOf, robustnessLine } from './robustness.ts'

function header(r: Results): string {
  const must = mustRulesMet(r.tests)
  const why = noVerdictWhy(r)
  const words =
    r.verdict === 'conformant'
      ? 'Conformant: no MUST rule failed'
      : r.verdict === 'nonconformant'
        ? `Nonconformant: ${r.summary.fail} test(s) broke a MUST rule`
        : 'No verdict: the harness or the setup failed'
  return `<header class="banner ${e(r.verdict)}"><h1>${e(words)}</h1>
<p>Target <b>${e(r.target.url)}</b> (${e(r.target.kind)}) · profile ${e(r.profile)} · seed ${e(r.seed)} · run ${e(r.runId)}</p>
<p>${e(r.harness.name)} ${e(r.harness.version)} · started ${e(r.startedAt)} · ${e(Math.round(r.durationMs / 100) / 10)} s · MUST rules met ${must.met}/${must.total}</p>${requestsLine(r) ? `\n<p>${e(requestsLine(r))}</p>` : ''}
<p><b>${e(defectsLead(r))}</b></p>
<p>${e(clientCompatLine(r))}</p>
<p>${e(robustnessLine(r, failsOnRobustness(r)))}</p>${why ? `\n<p class="msg"><b>Why:</b> ${e(why)}</p>` : ''}
</header>`
}

/** The rule's public source at the run's profile, the sentence it enforces and what its level rests on (from the rules catalog). */
function sourceLine(rule: string, profile: string): string {
  const src = ruleSource(rule, profile)
  if (!src) return '<p class="rule">Not in the rules catalog of this harness version.</p>'
  const link = src.url ? `<a href="${e(src.url)}">${e(src.label ?? src.url)}</a>` : 'no public source'
  const text = src.sentence ? `: “${e(src.sentence)}”` : src.note ? ` (no sentence: ${e(src.note)})` : ''
  const basis = src.basis ? `<br>Basis: ${e(src.basis)}` : ''
  return `<p class="source">${link}${text}${basis}</p>`
}

/**
 * The defects first: the violations grouped by the server's answer (defects.ts), each with the rules it breaks and
 * their sentences, the failing exchange, and the script that reproduces it.
 */
function defectsSection(r: Results): string {
  const defects = defectsOf(r)
  if (defects.length === 0) return ''
  const items = defects.map((d) => {
    const links = d.tests
      .slice(0, 50)
      .map((id, i) => `<a href="#${testAnchor(id)}">${i + 1}</a>`)
      .join(' ')
    const rules = d.rules
      .map(
        (x) =>
          `<li><b>${e(x.rule)}</b> [${e(x.level)}]: ${e(x.message.split('\n')[0] ?? '')}${sourceLine(x.rule, r.profile)}</li>`,
      )
      .join('')
    const ex = d.example?.exchange
    const answer = ex
      ? `<p>The failing request (in <a href="#${testAnchor(d.example?.test ?? '')}">${e(d.occurrences.find((o) => o.test === d.example?.test)?.title ?? '')}</a>) and the answer, status ${e(ex.status)}:</p><pre class="curl">${e(ex.curl)}</pre>${ex.body ? `<pre class="msg">${e(ex.body.slice(0, 2000))}</pre>` : ''}`
      : ''
    const script =
      d.reproduction.length > 0
        ? `<details><summary>Reproduction (${d.reproduction.length} request(s))</summary><pre class="curl">${e(reproductionScript(d, r.target.url))}</pre></details>`
        : ''
    return `<details class="vr o-${d.level === 'MUST' ? 'fail' : 'warn'}"><summary><b>${e(d.id)}</b> [${e(d.level)}] ${e(d.title)} — ${d.tests.length} test(s), ${d.rules.length} rule(s)</summary>
<ul>${rules}</ul>${answer}${script}<p>tests: ${links}${d.tests.length > 50 ? ' …' : ''}</p></details>`
  })
  return `<h2 id="defects">Defects (${defects.length})</h2>
<p class="rule">The violations grouped by the server's answer (its status, error type and message, the kind of wrong and the operation family; an HTTP server's error page or a 5xx exception is one defect on every operation it answers): one defect is one thing to fix. <code>catalog-conformance report defects results.json</code> writes each as an issue.</p>
${items.join('\n')}`
}

/** The failing rules first: each once, with its reach, one reproduction and jump links to its tests. */
function violatedSection(r: Results): string {
  const rules = violatedRules(r)
  if (rules.length === 0) return ''
  const items = rules.map((v) => {
    const links = v.tests
      .slice(0, 50)
      .map((id, i) => `<a href="#${testAnchor(id)}">${i + 1}</a>`)
      .join(' ')
    return `<details class="vr o-${v.level === 'MUST' ? 'fail' : 'warn'}"><summary><b>${e(v.rule)}</b> [${e(v.level)}] — ${v.tests.length} test(s), ${v.operations.length} operation(s): ${e(v.operations.join(', '))}</summary>
${sourceLine(v.rule, r.profile)}<p>e.g. ${e(v.example.title)}${v.example.status !== undefined ? ` (status ${e(v.example.status)})` : ''}:</p><pre class="msg">${e(v.example.message)}</pre>
${v.example.curl ? `<pre class="curl">${e(v.example.curl)}</pre>` : ''}<p>tests: ${links}${v.tests.length > 50 ? ' …' : ''}</p></details>`
  })
  return `<h2 id="violated">Violated rules (${rules.length})</h2>
<p class="rule">Each broken rule once, MUST first: a rule broken in many tests is one cause to fix.</p>
${items.join('\n')}`
}

/** Robustness findings, each with its transcript: a 5xx where the document names no other answer. */
function robustnessSection(r: Results): string {
  const found = robustnessFindingsOf(r)
  if (found.length === 0) return ''
  const part = failsOnRobustness(r) ? 'part of the verdict (--fail-on robustness)' : 'not part of the verdict'
  const items = found.map(
    (f) => `<details class="vr o-warn"><summary><b>${e(f.operationId)}</b> — ${e(f.message)}</summary>
<p>in <a href="#${testAnchor(f.test)}">${e(f.title)}</a> (${e(f.rule)})</p>${f.curl ? `<pre class="curl">${e(f.curl)}</pre>` : ''}</details>`,
  )
  return `<h2 id="robustness">Robustness findings (${found.length})</h2>
<p class="rule">A server error to a request the document names no other answer for (schema-valid but unusual input). The document lists 5XX for every operation (“A server-side problem that might not be addressable from the client side”), so no rule is broken; ${e(part)}.</p>
${items.join('\n')}`
}

/** Blocked tests by the rule that carries the refused setup step. */
function blockedSection(r: Results): string {
  const groups = blockedGroups(r)
  if (groups.length === 0) return ''
  const items = groups.map(
    (
      g,
    ) => `<details class="vr o-blocked"><summary><b>${e(g.rule)}</b>${carrierMark(g, e)} — ${g.tests.length} test(s) blocked</summary>
${g.reason ? `<pre class="msg">${e(g.reason)}</pre>` : ''}<p>tests: ${g.tests
      .slice(0, 50)
      .map((id, i) => `<a href="#${testAnchor(id)}">${i + 1}</a>`)
      .join(' ')}</p></details>`,
  )
  return `<h2 id="blocked">Blocked (${groups.reduce((n, g) => n + g.tests.length, 0)})</h2>
<p class="rule">The server refused a setup step these tests need. The refusal is judged once, by the rule that carries it; blocked tests are not part of the verdict.</p>
${items.join('\n')}`
}

function chips(r: Results): string {
  return `<div class="chips">${OUTCOMES.map((o) => `<span class="o-${o}">${o} ${r.summary[o] ?? 0}</span>`).join('')}<span>total ${r.summary.total}</span><span>robustness ${r.summary.robustness ?? 0}</span></div>`
}

function matrix(r: Results): string {
  const areas = [...new Set(r.tests.map((t) => t.area))].sort()
  const rows = areas.map((a) => {
    const ts = r.tests.filter((t) => t.area === a)
    const cells = OUTCOMES.map((o) => {
      const n = ts.filter((t) => t.outcome === o).length
      return `<td class="n${n > 0 ? ` o-${o}` : ''}" data-area="${e(a)}" data-outcome="${o}" data-count="${n}">${n}</td>`
    }).join('')
    return `<tr><th>${e(a)}</th>${cells}<td class="n">${ts.length}</td></tr>`
  })
  return `<table class="matrix"><thead><tr><th>area</th>${OUTCOMES.map((o) => `<th>${o}</th>`).join('')}<th>total</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`
}

function coverageCard(s: CoverageSection): string {
  const pct = s.total === 0 ? 100 : Math.round((100 * s.covered) / s.total)
  const list = (covered: boolean) =>
    s.rows
      .filter((x) => x.covered === covered)
      .map(
        (x) => `<li class="${covered ? 'hit' : 'miss'}">${e(x.name)}${covered ? ` (${x.tests})` : ''}</li>`,
      )
      .join('')
  return `<div class="cov"><h3>${e(s.title)}: ${e(ratio(s))}</h3><div class="bar"><i style="width:${pct}%"></i></div>
<details><summary>not covered (${s.total - s.covered})</summary><ul>${list(false)}</ul></details>
<details><summary>covered (${s.covered})</summary><ul>${list(true)}</ul></details></div>`
}

function coverage(r: Results): string {
  const c = computeCoverage(r)
  const extra =
    c.undocumentedStatuses.length > 0
      ? `<p>Statuses seen that the spec does not document for the operation: ${e(c.undocumentedStatuses.join(', '))}</p>`
      : ''
  return `<div class="grid">${coverageSections(c).map(coverageCard).join('')}</div>${extra}
<p class="rule">An operation or kind is covered when a test that reached a verdict (pass, fail, warn) declared it or sent it; a status when such a test saw it; a query parameter, header or top-level request-body field when such a test sent it to the operation.</p>`
}

function filters(r: Results): string {
  const areas = [...new Set(r.tests.map((t) => t.area))].sort()
  return `<div class="filters" role="search">
${OUTCOMES.map((o) => `<label class="o-${o}"><input type="checkbox" name="outcome" value="${o}" checked> ${o}</label>`).join('\n')}
<label>area <select id="area"><option value="">all</option>${areas.map((a) => `<option value="${e(a)}">${e(a)}</option>`).join('')}</select></label>
<input id="q" type="search" placeholder="search tests, rules, messages" aria-label="search">
<span id="count"></span></div>`
}

function runDetails(r: Results): string {
  const advisories = advisoriesOf(r)
  const advised =
    advisories.length > 0
      ? `<h2>Advisories</h2><p class="rule">Outside the Iceberg spec and not part of the verdict: what a careful operator would still want to fix.</p><ul>${advisories.map((a) => `<li>${e(a.finding)} <span class="rule">(${e(a.rule)})</span></li>`).join('')}</ul>`
      : ''
  const client = clientFindingsOf(r)
  const clientPart =
    client.length > 0
      ? `<h2>Client compatibility</h2><p class="rule">What makes Apache Iceberg's Java client raise another exception than the failure calls for, where the spec leaves the error type open. Not part of the verdict.</p><ul>${client.map((f) => `<li>${e(f.title)}: ${e(f.message)}${f.curl ? `<pre class="msg">${e(f.curl)}</pre>` : ''}</li>`).join('')}</ul>`
      : ''
  const errors =
    r.errors.length > 0
      ? `<h2>Harness errors</h2><p>Errors outside any test: the harness's or the setup's, not the server's.</p>${r.errors.map((x) => `<pre class="msg">${e(x)}</pre>`).join('')}`
      : ''
  const x = r.expectations
  const expectations = x
    ? `<h2>Expectations</h2><p>${e(x.file)}: ${x.expected} as expected, ${x.unexpected.length} unexpected, ${x.stale.length} stale.</p>
<ul>${x.unexpected.map((u) => `<li>${e(u.kind)}: ${e(u.id)} (${e(u.outcome)}${u.expected ? `, expected ${e(u.expected)}` : ''})</li>`).join('')}${x.stale.map((s) => `<li>stale: ${e(s)}</li>`).join('')}</ul>`
    : ''
  // The catalog's own account of the run (a container's log): server text, escaped like every other.
  const log = r.targetLog
  const targetLog = log
    ? `<h2 id="target-log">Target log</h2><p>The last ${log.lines.length} line(s) of ${e(log.source)}, attached because the run did not pass.</p><pre class="msg">${e(log.lines.join('\n'))}</pre>`
    : ''
  return `${clientPart}${advised}${errors}${targetLog}${expectations}<h2>Run</h2>
<details><summary>Configuration (secrets redacted)</summary><pre>${e(JSON.stringify(r.config, null, 2))}</pre></details>
<details><summary>Capabilities seen (GET /v1/config)</summary><pre>${e(JSON.stringify(r.capabilities, null, 2))}</pre></details>`
}

/** The whole page. */
export function renderHtml(r: Results): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>catalog-conformance: ${e(r.verdict)}</title>
<style>${STYLE}</style></head><body>
${header(r)}
<main>
${chips(r)}
${defectsSection(r)}
${violatedSection(r)}
${robustnessSection(r)}
${blockedSection(r)}
<h2>Conformance matrix</h2>
${matrix(r)}
<h2>Spec coverage</h2>
${coverage(r)}
<h2 id="tests">Tests</h2>
${filters(r)}
${testsTable(r.tests)}
${runDetails(r)}
</main>
<script>${SCRIPT}</script>
</body></html>
`
}
