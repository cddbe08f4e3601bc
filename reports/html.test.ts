import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SCRIPT, contentSecurityPolicy } from './html-assets.ts'
import { renderHtml } from './html.ts'
import { loadFixture } from './fixtures.ts'

describe('renderHtml', () => {
  it('renders the verdict, matrix, coverage and every test of a realistic run', () => {
    const r = loadFixture('results-realistic.json')
    const html = renderHtml(r)
    expect(html).toContain('Nonconformant: 3 test(s) broke a MUST rule')
    expect(html).toContain('Conformance matrix')
    expect(html).toMatch(/Operations: \d+\/\d+/)
    expect(html).toMatch(/Query parameters: 3\/14/)
    expect(html).toMatch(/Headers: 1\/23/)
    expect(html).toMatch(/Request fields: 9\/69/)
    expect(html.match(/<tbody class="t"/g)).toHaveLength(r.tests.length)
    // A failure carries its rule, message, transcript and curl line.
    expect(html).toContain('namespaces/create/exists-409 [MUST]')
    expect(html).toContain('Expected: 409 (AlreadyExistsException)')
    expect(html).toContain('curl -sS -i -X POST')
    expect(html).toContain('Replay: <code>--seed 1234567 --path 6:0:1</code>')
  })

  it('leads with the violated rules, each with jump links to its tests; transcripts start collapsed', () => {
    const r = loadFixture('results-realistic.json')
    const html = renderHtml(r)
    expect(html.indexOf('id="violated"')).toBeLessThan(html.indexOf('Conformance matrix'))
    const link =
      /<summary><b>namespaces\/create\/exists-409<\/b> \[MUST\][\s\S]*?<a href="#(t-[a-z0-9]+)">1<\/a>/.exec(
        html,
      )
    expect(link).not.toBeNull()
    expect(html).toContain(`<tbody class="t" id="${link![1]}"`)
    expect(html).not.toMatch(/<details open>/)
  })

  it('shows what a violated rule rests on next to its sentence, escaped as every other text', () => {
    const r = loadFixture('results-realistic.json')
    expect(renderHtml(r)).toContain(
      '“Conflict - The namespace already exists”<br>Basis: documented-response — the quoted sentence</p>',
    )
    // A basis that quotes another text than the rule's sentence gives it with its place.
    const rule = 'commits/requirements/assert-table-uuid/holds'
    const tests = r.tests.map((t) =>
      t.rule === 'namespaces/create/exists-409'
        ? { ...t, rule, violations: t.violations.map((v) => ({ ...v, rule })) }
        : t,
    )
    expect(renderHtml({ ...r, tests })).toContain(
      '<br>Basis: must — “The table UUID must match the requirement&#39;s `uuid`” (schema AssertTableUUID)</p>',
    )
  })

  it('marks the exchange that broke the rule in its transcript', () => {
    const r = loadFixture('results-realistic.json')
    const failed = r.tests.find((t) => t.outcome === 'fail' && t.exchanges.length > 0)!
    const curl = failed.exchanges.at(-1)!.curl
    const tests = r.tests.map((t) =>
      t === failed ? { ...t, violations: t.violations.map((v) => ({ ...v, curl })) } : t,
    )
    expect(renderHtml({ ...r, tests })).toContain('← broke the rule')
    expect(renderHtml(r)).not.toContain('← broke the rule')
  })

  it('keeps a CSP that allows no network and only its own script, by hash', () => {
    const html = renderHtml(loadFixture('results-realistic.json'))
    const hash = createHash('sha256').update(SCRIPT).digest('base64')
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">`)
    expect(contentSecurityPolicy()).toContain("default-src 'none'")
    expect(contentSecurityPolicy()).toContain(`script-src 'sha256-${hash}'`)
    expect(contentSecurityPolicy()).not.toContain("script-src 'unsafe-inline'")
    // Links to a rule's public source are navigations the reader chooses, not loads: nothing else may point out.
    expect(html).toContain('<a href="https://github.com/apache/iceberg/blob/apache-iceberg-1.11.0/')
    expect(html.replace(/<a href="https:\/\/[^"]*"/g, '')).not.toMatch(/(src|href)=["']?(https?:)?\/\//)
    expect(html.match(/<script>/g)).toHaveLength(1)
    expect(html).toContain(`<script>${SCRIPT}</script>`)
  })

  it('escapes markup that a hostile server put into messages, bodies, headers and names', () => {
    const html = renderHtml(loadFixture('results-hostile.json'))
    // The only <script> is ours; no element or attribute from the payloads survives.
    expect(html.match(/<script/gi)).toHaveLength(1)
    for (const raw of [
      '<img',
      '<svg',
      '<iframe',
      '<a href="javascript',
      '<style>body{display',
      '<!-- -->',
      '<b>bold',
    ])
      expect(html).not.toContain(raw)
    // No real tag (they all start with a literal '<') carries an event handler or a javascript: URL as an
    // attribute; payload text inside a quoted value is inert (quotes are escaped, so values cannot end early).
    const tags = (html.match(/<[a-zA-Z][^>]*>/g) ?? []).map((t) => t.replace(/"[^"]*"/g, '""'))
    expect(tags.length).toBeGreaterThan(100)
    expect(tags.filter((t) => /\son\w+\s*=|javascript:/i.test(t))).toEqual([])
    expect(html).toContain('data-area="&quot;&gt;&lt;img src=x onerror=&quot;window.__pwned=2&quot;&gt;"')
    // … and appears as text instead.
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;')
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=&quot;window.__pwned=2&quot;&gt;')
    expect(html).toContain('&#39; onmouseover=&#39;window.__pwned=3&#39;')
    // Already-escaped text is escaped again, not decoded.
    expect(html).toContain('&amp;lt;script&amp;gt; already-escaped &amp;amp;')
  })

  it('says in the banner why a run is no verdict, escaped', () => {
    const r = loadFixture('results-realistic.json')
    const html = renderHtml({ ...r, verdict: 'error', errors: ['the catalog stopped answering <img src=x>'] })
    const banner = html.slice(html.indexOf('<header'), html.indexOf('</header>'))
    expect(banner).toContain('<b>Why:</b> the catalog stopped answering &lt;img src=x&gt;')
    expect(renderHtml(r)).not.toContain('<b>Why:</b>')
  })
})

describe('renderHtml: defects', () => {
  it('leads with "N defects", then the violated rules; each defect with its rules, request and reproduction', () => {
    const html = renderHtml(loadFixture('results-fixture-1.11.0.json'))
    expect(html).toMatch(/<b>\d+ defect\(s\) behind \d+ violated rule\(s\)\.<\/b>/)
    expect(html.indexOf('id="defects"')).toBeGreaterThan(0)
    expect(html.indexOf('id="defects"')).toBeLessThan(html.indexOf('id="violated"'))
    expect(html).toContain('NumberFormatException')
    expect(html).toContain('Reproduction (')
    expect(html).toContain('${CATALOG_URL}')
  })

  it('escapes what a hostile server answered in a defect’s title, body and reproduction', () => {
    const r = loadFixture('results-hostile.json')
    const payload = '<img src=x onerror="window.__pwned=9">'
    const t = r.tests.find((x) => x.outcome === 'fail' && x.exchanges.length > 0)!
    const ex = {
      ...t.exchanges[0]!,
      status: 500,
      body: JSON.stringify({ message: `java.lang.X${payload}: ${payload}` }),
    }
    const v = {
      check: 'status',
      rule: t.rule,
      level: 'MUST' as const,
      message: `status 500 ${payload}`,
      status: 500,
      curl: ex.curl,
    }
    const html = renderHtml({ ...r, tests: [{ ...t, exchanges: [ex], violations: [v] }] })
    expect(html).toContain('id="defects"')
    expect(html.match(/<script/gi)).toHaveLength(1)
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;img')
  })
})
