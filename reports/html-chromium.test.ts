/**
 * report.html in a real browser (headless Debian Chromium through playwright-core): the page works offline,
 * the filters work, and markup from a hostile server neither renders nor runs. Skips, saying why, when
 * /usr/bin/chromium is absent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumMissing, launchChromium } from './chromium.ts'
import { loadFixture } from './fixtures.ts'
import { renderHtml } from './html.ts'
import type { Results } from './results.ts'

const missing = chromiumMissing()
if (missing) console.warn(`skipping the Chromium tests of report.html: ${missing}`)

describe.skipIf(missing !== undefined)('report.html in headless Chromium', () => {
  let browser: Browser
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cc-report-test-'))
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Opens the report of `r`, recording every request and every console message. */
  async function open(
    r: Results,
    name: string,
  ): Promise<{ page: Page; requests: string[]; console: string[] }> {
    const file = join(dir, `${name}.html`)
    writeFileSync(file, renderHtml(r))
    const page = await browser.newPage()
    const requests: string[] = []
    const console: string[] = []
    page.on('request', (req) => requests.push(req.url()))
    page.on('console', (m) => console.push(m.text()))
    page.on('dialog', (d) => void d.dismiss())
    await page.goto(pathToFileURL(file).href)
    await page.locator('#count').filter({ hasText: 'tests shown' }).waitFor({ timeout: 10_000 })
    return { page, requests, console }
  }

  it('runs its own script offline and filters by outcome, area and text', async () => {
    const r = loadFixture('results-realistic.json')
    const { page, requests, console } = await open(r, 'realistic')
    expect(requests).toEqual([expect.stringMatching(/^file:/)])
    expect(console.filter((m) => /Content Security Policy/i.test(m))).toEqual([])
    const count = page.locator('#count')
    await expect.poll(() => count.textContent()).toBe(`${r.tests.length} of ${r.tests.length} tests shown`)
    for (const o of ['pass', 'warn', 'unsupported', 'disabled', 'error'])
      await page.locator(`input[name=outcome][value=${o}]`).uncheck()
    expect(await count.textContent()).toBe(`3 of ${r.tests.length} tests shown`)
    expect(await page.locator('tbody.t:visible').count()).toBe(3)
    await page.selectOption('#area', 'commits')
    expect(await count.textContent()).toBe(`1 of ${r.tests.length} tests shown`)
    await page.selectOption('#area', '')
    await page.fill('#q', 'model')
    expect(await count.textContent()).toBe(`1 of ${r.tests.length} tests shown`)
    await page.fill('#q', '')
    // A matrix cell selects its area and outcome.
    await page.locator('td[data-area=views][data-outcome=unsupported]').click()
    expect(await count.textContent()).toBe(`2 of ${r.tests.length} tests shown`)
    await page.close()
  })

  it('shows hostile server text as text: no injected element, handler or script runs', async () => {
    const { page, requests, console } = await open(loadFixture('results-hostile.json'), 'hostile')
    // Give an injected onerror/onload a chance to fire.
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(await page.locator('script').count()).toBe(1)
    // The only links are the page's own: jump links (violated rules → their tests) and the public spec sources.
    const ours = ['#', 'https://github.com/apache/iceberg/', 'https://iceberg.apache.org/']
    const foreignLinks = `a[href]${ours.map((p) => `:not([href^="${p}"])`).join('')}`
    expect(await page.locator(`img, iframe, svg, ${foreignLinks}, main style`).count()).toBe(0)
    expect(await page.locator('b', { hasText: 'bold' }).count()).toBe(0)
    expect(await page.locator('body').isVisible()).toBe(true)
    // Escaped text is visible as written.
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toContain('<script>window.__pwned = 1</script>')
    expect(text).toContain('"><img src=x onerror="window.__pwned=2">')
    expect(requests).toEqual([expect.stringMatching(/^file:/)])
    // Our script still ran (the CSP allows it by hash) and nothing was blocked (nothing tried to run).
    expect(await page.locator('#count').textContent()).toMatch(/tests shown$/)
    expect(console.filter((m) => /Content Security Policy/i.test(m))).toEqual([])
    await page.close()
  })

  it('the CSP blocks an inline script that did get into the page', async () => {
    const r = loadFixture('results-realistic.json')
    const file = join(dir, 'tampered.html')
    // Simulate an escaping bug: raw markup after our own content.
    writeFileSync(
      file,
      renderHtml(r).replace(
        '</main>',
        '</main><script>window.__pwned = 9</script><img src=x onerror="window.__pwned=10">',
      ),
    )
    const page = await browser.newPage()
    await page.goto(pathToFileURL(file).href)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await page.close()
  })
})
