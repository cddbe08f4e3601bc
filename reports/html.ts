/** report.html: one self-contained page for a person (no network). Every server-supplied string is escaped. */
import { escapeHtml as e } from './escape.ts'
import { OUTCOMES } from './results.ts'
import type { Results } from './results.ts'

export function renderHtml(r: Results): string {
  const rows = r.tests
    .map(
      (t) =>
        `<tr class="${t.outcome}"><td>${e(t.area)}</td><td>${e(t.operationId)}</td><td>${e(t.title)}</td><td>${e(t.rule)} [${e(t.level)}]</td><td>${e(t.outcome)}</td><td>${t.message ? `<pre>${e(t.message)}</pre>` : e(t.reason ?? '')}</td></tr>`,
    )
    .join('\n')
  return `<!doctype html><html><head><meta charset="utf-8"><title>catalog-conformance report</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font-family:sans-serif}td{vertical-align:top;border-bottom:1px solid #ddd;padding:2px 6px}.fail{background:#fdd}.warn{background:#ffd}.error{background:#fcd}</style></head><body>
<h1>Verdict: ${e(r.verdict)}</h1><p>Target ${e(r.target.url)} · profile ${e(r.profile)} · seed ${e(r.seed)} · run ${e(r.runId)}</p>
<p>${OUTCOMES.map((o) => `${o}: ${r.summary[o]}`).join(' · ')}</p>
<table><thead><tr><th>area</th><th>operation</th><th>test</th><th>rule</th><th>outcome</th><th>detail</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>
`
}
