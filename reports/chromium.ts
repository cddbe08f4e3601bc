/**
 * Headless Chromium for the report's browser tests and the docs screenshot: Debian's /usr/bin/chromium
 * driven by playwright-core (no browser download). Absent browser: `chromiumMissing()` says why.
 */
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Why the browser cannot run here, or undefined when it can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM_PATH)
    ? undefined
    : `${CHROMIUM_PATH} is absent (install it: apt-get update && apt-get install -y chromium)`
}

/** Launches the browser (the caller closes it). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 })
}
