// Test files under their own URL, so that Node's compile cache serves them. Where the suites are imported natively
// (app/cli/module-runner.ts), Vitest imports each test file as `<file>?vitest=<time>`, so that a re-run in the same
// worker loads it again; Node's compile cache keys its entries, the stripped TypeScript included, by that URL, so every
// run stripped and compiled the 58 test files again (0.16–0.22 s of CPU per worker, Node 24) and stored entries no
// later run could read. A certification imports each file once per worker and never re-runs it there (the UI and the
// negative controls use Vite's runner, which adds no such query), so the CLI's native runs drop the query
// (plain-test-urls-setup.js, a setup file of theirs only).
import module from 'node:module'

const QUERY = /\?vitest=\d+$/
const REGISTERED = Symbol.for('catalog-conformance.plain-test-urls')

/**
 * `url` without Vitest's `?vitest=<time>`, for a file: URL; any other URL as it is.
 * @param {string} url
 * @returns {string}
 */
export function plainTestUrl(url) {
  return url.startsWith('file:') ? url.replace(QUERY, '') : url
}

/**
 * Registers, once per thread, a resolve hook that gives every file: URL its plain form. Returns whether this call
 * registered it (false when it already was, or on a Node without `module.registerHooks`).
 * @returns {boolean}
 */
export function registerPlainTestUrls() {
  const scope = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (globalThis))
  if (scope[REGISTERED] || typeof module.registerHooks !== 'function') return false
  scope[REGISTERED] = true
  module.registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context)
      const url = plainTestUrl(resolved.url)
      return url === resolved.url ? resolved : { ...resolved, url }
    },
  })
  return true
}
