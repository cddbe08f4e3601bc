// The conformance suites (suites/<area>/), run against one target. Started by the CLI
// (`catalog-conformance run`), which prepares the run and adds the reporters; running this config
// directly (e.g. `npm run ui`) prepares the run from CATALOG_CONFORMANCE_* variables instead.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'conformance',
    include: ['suites/**/*.test.ts'],
    exclude: ['suites/_harness/**', '**/node_modules/**'],
    globalSetup: ['app/setup/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Deterministic order; files still run in parallel workers.
    sequence: { shuffle: false },
    isolate: false,
  },
})
