/**
 * How Vitest loads the suites of a certification. By default through Vite's module runner, which compiles each
 * TypeScript module on the main thread and runs it in the worker through its own module system. Node 22.18 and
 * later strip TypeScript types themselves (`process.features.typescript`), so the workers can import the suites
 * natively instead: no compiling on the main thread, plain ES module calls in the workers. Measured on the
 * bundled certification under Node 24: 8.5 s median against 9.2 s (docs/benchmarks.md).
 *
 * Native loading needs the sources to use only erasable syntax (tsconfig's `erasableSyntaxOnly`). Node refuses to
 * strip files under node_modules, which is where an installed package's suites live: there a load hook of the
 * package strips them with Node's own stripper (bin/strip-installed-types.js), in the workers and on the main thread
 * (the global setup). The Vitest UI keeps Vite's runner (it re-runs files as they change).
 *
 * Where a run goes through Vite's runner (Node 20), Vitest keeps the modules it compiled in a folder of the package
 * (`experimental.fsModuleCache`, keyed by each file's content), so that the next run does not compile them again:
 * bundled certification, Node 20, three interleaved pairs: 0.3-2.4 s less CPU in each (12.2-15.8 s against
 * 14.1-16.1 s). Not for the UI, and not where the package cannot write.
 */
import { accessSync, constants, mkdirSync } from 'node:fs'
import { join, sep } from 'node:path'
import { boundCompileCache } from '../../bin/compile-cache.js'
import { canStripInstalledTypes } from '../../bin/strip-installed-types.js'

export interface ModuleRunnerChoice {
  /** Vitest's `experimental` options for the run. */
  readonly experimental: {
    readonly viteModuleRunner: boolean
    readonly nodeLoader?: boolean
    readonly fsModuleCache?: boolean
    readonly fsModuleCachePath?: string
  }
  /**
   * How Vite loads vitest.conformance.config.ts: by bundling it into a file under the package's node_modules
   * (Vite's default, the quickest), or, where the package cannot write there (an install owned by another user), in
   * its module runner, which writes nothing (~0.3 s more CPU at the start). Bundling there ended such a run in
   * "unexpected error: EACCES … node_modules/.vite-temp/…".
   */
  readonly configLoader: 'bundle' | 'runner'
  /** Setup files the run's workers need for it (bin/plain-test-urls.js, bin/strip-installed-types.js). */
  readonly setupFiles: readonly string[]
  /** The package is installed: the main thread needs the type-stripping hook too, before Vitest imports the global setup. */
  readonly stripInstalledTypes: boolean
  /** Why, for --debug. */
  readonly reason: string
}

/**
 * The folder for Vitest's module cache under the package, created; undefined where the package cannot write. Kept to
 * a bounded size as Node's compile cache is (every changed source leaves an entry behind; a certification writes ~160).
 */
export function moduleCacheDir(packageRoot: string): string | undefined {
  const dir = join(packageRoot, 'node_modules', '.cache', 'catalog-conformance', 'vitest-modules')
  try {
    boundCompileCache(dir)
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK)
    return dir
  } catch {
    return undefined
  }
}

export function moduleRunnerFor(
  packageRoot: string,
  ui: boolean,
  stripsTypes: unknown = (process.features as { typescript?: unknown }).typescript,
  canStripInstalled: boolean = canStripInstalledTypes(),
  moduleCache: () => string | undefined = () => moduleCacheDir(packageRoot),
): ModuleRunnerChoice {
  const writableCache = moduleCache()
  const configLoader = writableCache ? 'bundle' : 'runner'
  const vite = (reason: string, cached = true): ModuleRunnerChoice => {
    const cache = cached ? writableCache : undefined
    return {
      experimental: {
        viteModuleRunner: true,
        ...(cache ? { fsModuleCache: true, fsModuleCachePath: cache } : {}),
      },
      configLoader,
      setupFiles: [],
      stripInstalledTypes: false,
      reason: cache ? `${reason}, its compiled modules cached in ${cache}` : reason,
    }
  }
  if (ui) return vite("Vite's module runner (the UI re-runs changed files)", false)
  if (!stripsTypes) return vite(`Vite's module runner (Node ${process.versions.node} does not strip types)`)
  const installed = packageRoot.split(sep).includes('node_modules')
  if (installed && !canStripInstalled)
    return vite(
      `Vite's module runner (Node ${process.versions.node} has no hook to strip types under node_modules)`,
    )
  // Test files under their own URL, so that Node's compile cache serves them (see the file).
  const setupFiles = [join(packageRoot, 'bin', 'plain-test-urls-setup.js')]
  if (installed) setupFiles.unshift(join(packageRoot, 'bin', 'strip-installed-types-setup.js'))
  return {
    // nodeLoader: Vitest's loader hooks serve module mocking and in-source tests, which the suites do not use.
    experimental: { viteModuleRunner: false, nodeLoader: false },
    configLoader,
    setupFiles,
    stripInstalledTypes: installed,
    reason: installed
      ? "native imports (the package's hook strips types under node_modules)"
      : 'native imports (Node strips types)',
  }
}
