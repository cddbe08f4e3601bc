// An installed package's suites, imported natively. Node 22.18 and later strip TypeScript types themselves, but refuse
// to for files under node_modules (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), which is where an installed
// package's suites live: they went through Vite's module runner instead, 12–20 % slower than a checkout (bundled
// certification, Node 24, docs/benchmarks.md). This load hook strips the types of the package's own `.ts` files with
// Node's own stripper (`module.stripTypeScriptTypes`, the same output, positions kept), so an installed package loads
// its suites as a checkout does. Plain JavaScript: it runs before any TypeScript is loaded.
import module from 'node:module'
import { readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const REGISTERED = Symbol.for('catalog-conformance.strip-installed-types')

/**
 * Whether this Node has what the hook needs: in-thread hooks (`module.registerHooks`, Node 22.15) and Node's type
 * stripper (`module.stripTypeScriptTypes`, Node 22.13).
 * @returns {boolean}
 */
export function canStripInstalledTypes() {
  return typeof module.registerHooks === 'function' && typeof module.stripTypeScriptTypes === 'function'
}

/**
 * Whether `url` is one of the package's own TypeScript modules: a `.ts` file under `rootUrl` and not under a
 * node_modules folder inside it (a dependency is never TypeScript, and is not ours to strip).
 * @param {string} url
 * @param {string} rootUrl the package root as a file: URL ending in `/`
 * @returns {boolean}
 */
export function isOwnTypeScript(url, rootUrl) {
  if (!url.startsWith(rootUrl)) return false
  const path = url.slice(rootUrl.length).replace(/[?#].*$/, '')
  return path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.split('/').includes('node_modules')
}

/**
 * Strips types as Node does, without its "stripTypeScriptTypes is an experimental feature" warning: the same stripper
 * loads a checkout's suites without one, and a warning in every worker would tell the user nothing they can act on.
 * @param {string} source
 * @returns {string}
 */
function stripTypes(source) {
  const emitWarning = process.emitWarning
  process.emitWarning = (warning, ...rest) => {
    const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type
    if (type !== 'ExperimentalWarning') emitWarning.call(process, warning, ...rest)
  }
  try {
    return module.stripTypeScriptTypes(source, { mode: 'strip' })
  } finally {
    process.emitWarning = emitWarning
  }
}

/**
 * Registers, once per thread, a load hook that strips the types of the package's own `.ts` files under `root`.
 * Returns whether this call registered it (false when it already was, or on a Node without what it needs).
 * @param {string | URL} root the package root (a path or a file: URL)
 * @returns {boolean}
 */
export function registerStripInstalledTypes(root) {
  const scope = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (globalThis))
  if (scope[REGISTERED] || !canStripInstalledTypes()) return false
  scope[REGISTERED] = true
  const href = (root instanceof URL ? root : pathToFileURL(root)).href
  const rootUrl = href.endsWith('/') ? href : `${href}/`
  module.registerHooks({
    load(url, context, next) {
      if (!isOwnTypeScript(url, rootUrl)) return next(url, context)
      const source = stripTypes(readFileSync(fileURLToPath(url), 'utf8'))
      return { format: 'module', source, shortCircuit: true }
    },
  })
  return true
}
