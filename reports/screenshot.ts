/**
 * Renders a results.json to report.html and screenshots it in headless Chromium (docs/report-screenshot.png):
 *
 *   npx tsx reports/screenshot.ts [results.json] [out.png] [DEFECT]
 *
 * DEFECT (`D3`): that defect is shown open, with its reproduction script (docs/report-failing.png).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { launchChromium } from './chromium.ts'
import { loadResults } from './load-results.ts'
import { renderHtml } from './html.ts'

/** Writes a PNG of the report of `resultsFile` to `outFile`. */
export async function screenshotReport(
  resultsFile: string,
  outFile: string,
  openDefect?: string,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-report-'))
  const browser = await launchChromium()
  try {
    const file = join(dir, 'report.html')
    writeFileSync(file, renderHtml(loadResults(resultsFile)))
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } })
    await page.goto(pathToFileURL(file).href)
    await page.locator('#count').filter({ hasText: 'tests shown' }).waitFor({ timeout: 10_000 })
    if (openDefect) {
      const summary = page
        .locator('#defects ~ details > summary')
        .filter({ hasText: `${openDefect} [` })
        .first()
      await summary.click()
      const defect = summary.locator('xpath=..')
      await defect.locator('details > summary').first().click()
      // The defects list starts the page; the open defect is scrolled to just below the verdict.
      await page.locator('#defects').scrollIntoViewIfNeeded()
    }
    await page.screenshot({ path: outFile, fullPage: false })
  } finally {
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const input = resolve(process.argv[2] ?? 'fixtures/reports/results-realistic.json')
  const output = resolve(process.argv[3] ?? 'docs/report-screenshot.png')
  await screenshotReport(input, output, process.argv[4])
  process.stdout.write(`wrote ${output}\n`)
}
