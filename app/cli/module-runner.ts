/**
 * How Vitest loads the suites of a certification. By default through Vite's module runner, which compiles each
 * TypeScript module on the main thread and runs it in the worker through its own module system. Node 22.18 and
 * later strip TypeScript types themselves (`process.features.typescript`), so the workers can import the suites
 * natively instead: no compiling on the main thread, plain ES module calls in the workers. Measured on the
 * bundled certification under Node 24: 8.5 s median against 9.2 s (docs/benchmarks.md).
 *
 * Native loading needs the sources to use only erasable syntax (tsconfig's `erasableSyntaxOnly`) and is refused by
 * Node for files under node_modules, which is where an installed package's suites live; the Vitest UI keeps Vite's
 * runner too (it re-runs files as they change).
 */
import { join, sep } from 'node:path'

export interface ModuleRunnerChoice {
  /** Vitest's `experimental` options for the run. */
  readonly experimental: { readonly viteModuleRunner: boolean; readonly nodeLoader?: boolean }
  /** Setup files the run's workers need for it (bin/plain-test-urls.js). */
  readonly setupFiles: readonly string[]
  /** Why, for --debug. */
  readonly reason: string
}

export function moduleRunnerFor(
  packageRoot: string,
  ui: boolean,
  stripsTypes: unknown = (process.features as { typescript?: unknown }).typescript,
): ModuleRunnerChoice {
  const vite = (reason: string): ModuleRunnerChoice => ({
    experimental: { viteModuleRunner: true },
    setupFiles: [],
    reason,
  })
  if (ui) return vite("Vite's module runner (the UI re-runs changed files)")
  if (!stripsTypes) return vite(`Vite's module runner (Node ${process.versions.node} does not strip types)`)
  if (packageRoot.split(sep).includes('node_modules'))
    return vite("Vite's module runner (Node does not strip types under node_modules)")
  // nodeLoader: Vitest's loader hooks serve module mocking and in-source tests, which the suites do not use.
  return {
    experimental: { viteModuleRunner: false, nodeLoader: false },
    // Test files under their own URL, so that Node's compile cache serves them (see the file).
    setupFiles: [join(packageRoot, 'bin', 'plain-test-urls-setup.js')],
    reason: 'native imports (Node strips types)',
  }
}
