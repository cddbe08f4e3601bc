/**
 * badge.svg: "conformant" when no MUST rule failed, else the share of MUST rules met ("87% MUST"), or
 * "error" when the harness could not decide. Flat shields-style SVG; every text is escaped.
 */
import { escapeHtml as e } from './escape.ts'
import { mustRulesMet } from './results.ts'
import type { Results } from './results.ts'

export interface Badge {
  readonly label: string
  readonly message: string
  readonly color: string
}

/** The badge's words and colour for a run. */
export function badgeOf(r: Pick<Results, 'verdict' | 'tests'>): Badge {
  const label = 'iceberg rest'
  if (r.verdict === 'conformant') return { label, message: 'conformant', color: '#4c1' }
  const { met, total } = mustRulesMet(r.tests)
  if (r.verdict === 'error' || total === 0) return { label, message: 'error', color: '#9f9f9f' }
  // Floor, so a single broken MUST never rounds up to 100%.
  const pct = Math.floor((100 * met) / total)
  return { label, message: `${pct}% MUST`, color: pct >= 90 ? '#dfb317' : pct >= 60 ? '#fe7d37' : '#e05d44' }
}

/** Width of a text in Verdana 11px, approximated per character (shields uses real metrics; this is close). */
function textWidth(s: string): number {
  return Math.round(s.length * 6.6) + 10
}

/** The badge as a standalone SVG document. */
export function renderBadge(r: Pick<Results, 'verdict' | 'tests'>): string {
  const b = badgeOf(r)
  const lw = textWidth(b.label)
  const mw = textWidth(b.message)
  const w = lw + mw
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${e(b.label)}: ${e(b.message)}">
<title>${e(b.label)}: ${e(b.message)}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${mw}" height="20" fill="${b.color}"/><rect width="${w}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="14">${e(b.label)}</text><text x="${lw + mw / 2}" y="14">${e(b.message)}</text>
</g></svg>
`
}
