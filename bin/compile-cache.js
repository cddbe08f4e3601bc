// Node's module compile cache for the CLI and Vitest's worker threads (Node 22.1 and later; Node 20 has none), kept
// to a bounded size. Node keeps every entry it writes. Where the suites are imported natively
// (app/cli/module-runner.ts), Vitest imports each test file under a new URL (`<file>?vitest=<time>`, so that a re-run
// in the same worker loads it again), and the cache keys its entries by that URL: each certification adds ~120
// entries (~0.7 MB) that no later run reads (measured on Node 24: 687 entries after one run, 804 after two). Past
// MAX_ENTRIES the folder is emptied; the next run fills it again (~700 entries).
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
