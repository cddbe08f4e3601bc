/**
 * The static style and script of report.html. The script is constant (no data in it), so the page's CSP
 * can allow exactly it by hash and nothing else: even if some server text escaped escaping, an injected
 * inline script or event handler would not run.
 */
import { createHash } from 'node:crypto'

export const STYLE = `
:root{--fail:#f8d7da;--warn:#fff3cd;--error:#f5d0e6;--pass:#d4edda;--unsupported:#e2e3e5;--disabled:#eceff1;--not-configured:#e7f1ff;--blocked:#ede7f6}
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1b1f23;background:#fafbfc}
main{max-width:1200px;margin:0 auto;padding:16px 24px}
h1{margin:0 0 4px;font-size:22px}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid #e1e4e8;padding-bottom:4px}
.banner{padding:14px 24px;color:#fff}.banner.conformant{background:#2da44e}.banner.nonconformant{background:#cf222e}.banner.error{background:#6e7781}
.banner p{margin:2px 0;opacity:.95}
.chips span{display:inline-block;margin:6px 6px 0 0;padding:2px 8px;border-radius:10px;font-weight:600}
.o-pass{background:var(--pass)}.o-fail{background:var(--fail)}.o-warn{background:var(--warn)}.o-error{background:var(--error)}
.o-unsupported{background:var(--unsupported)}.o-disabled{background:var(--disabled)}.o-not-configured{background:var(--not-configured)}.o-blocked{background:var(--blocked)}
table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid #e1e4e8}
th{background:#f6f8fa;font-weight:600}td.n{text-align:right;font-variant-numeric:tabular-nums}
td.n[data-count]:not([data-count="0"]){cursor:pointer;text-decoration:underline dotted}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:12px}
.cov{background:#fff;border:1px solid #e1e4e8;border-radius:6px;padding:8px 12px}
.cov h3{margin:0 0 4px;font-size:14px}.bar{height:8px;background:#eaecef;border-radius:4px;overflow:hidden;margin:4px 0}
.bar i{display:block;height:100%;background:#2da44e}.cov details{font-size:12px}.cov ul{margin:4px 0;padding-left:18px}
.miss{color:#cf222e}.hit{color:#1a7f37}
.filters{position:sticky;top:0;background:#fafbfc;padding:8px 0;display:flex;flex-wrap:wrap;gap:12px;align-items:center;z-index:1}
.filters input[type=search]{min-width:260px;padding:4px 6px}
.rule{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;color:#57606a}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;border:1px solid #e1e4e8;border-radius:4px;padding:6px 8px;margin:4px 0;font-size:12px;max-height:360px;overflow:auto}
pre.msg{background:#fff5f5}pre.curl{background:#0d1117;color:#e6edf3}
.ex{border-left:3px solid #d0d7de;padding-left:8px;margin:8px 0}.ex .line{font-family:ui-monospace,monospace;font-size:12px;font-weight:600}
details>summary{cursor:pointer}
`

export const SCRIPT = `(() => {
  const rows = Array.from(document.querySelectorAll('tbody.t'))
  const boxes = Array.from(document.querySelectorAll('input[name=outcome]'))
  const area = document.getElementById('area')
  const q = document.getElementById('q')
  const count = document.getElementById('count')
  function apply() {
    const on = new Set(boxes.filter((b) => b.checked).map((b) => b.value))
    const a = area.value
    const text = q.value.trim().toLowerCase()
    let n = 0
    for (const r of rows) {
      const show = on.has(r.dataset.outcome) && (!a || r.dataset.area === a) &&
        (!text || r.textContent.toLowerCase().includes(text))
      r.hidden = !show
      if (show) n++
    }
    count.textContent = n + ' of ' + rows.length + ' tests shown'
  }
  for (const el of boxes.concat([area])) el.addEventListener('change', apply)
  q.addEventListener('input', apply)
  for (const td of Array.from(document.querySelectorAll('td[data-area][data-outcome]'))) {
    td.addEventListener('click', () => {
      for (const b of boxes) b.checked = b.value === td.dataset.outcome
      area.value = td.dataset.area
      apply()
      document.getElementById('tests').scrollIntoView()
    })
  }
  apply()
})()`

/** The CSP source for SCRIPT: `'sha256-…'`. */
export function scriptHash(): string {
  return `'sha256-${createHash('sha256').update(SCRIPT, 'utf8').digest('base64')}'`
}

/** The page's Content-Security-Policy: nothing from the network, only our style and our one script. */
export function contentSecurityPolicy(): string {
  return `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptHash()}; base-uri 'none'; form-action 'none'`
}
