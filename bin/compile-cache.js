// Node's module compile cache for the CLI and Vitest's worker threads (Node 22.1 and later; Node 20 has none), kept
// to a bounded size. Node keeps every entry it writes, also those no later run reads: a file imported under a URL
// that changes from run to run leaves one behind each time. Vitest's `?vitest=<time>` on test files did so for every
// test file (~120 entries, ~0.7 MB per certification, measured on Node 24) until plain-test-urls.js; its own setup
// file still adds a few per run, and every Node build gets a folder of its own. Past MAX_ENTRIES the folder is
// emptied; the next run fills it again (~700 entries).
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** About 25 certifications' worth of test-file entries above one run's ~700. */
export const MAX_ENTRIES = 4000

/**
 * Empties `dir` (one subfolder per Node version and build, each holding the entries) when it holds more than
 * `maxEntries` entries. Returns whether it did. A folder that cannot be read is left alone: the cache is an
 * optimisation, and Node reads a missing entry as a miss.
 * @param {string} dir
 * @param {number} [maxEntries]
 * @returns {boolean}
 */
export function boundCompileCache(dir, maxEntries = MAX_ENTRIES) {
  let entries = 0
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      entries += entry.isDirectory() ? readdirSync(join(dir, entry.name)).length : 1
  } catch {
    return false
  }
  if (entries <= maxEntries) return false
  rmSync(dir, { recursive: true, force: true })
  return true
}
