// The conformance suites (suites/<area>/), run against one target. Started by the CLI
// (`catalog-conformance run`), which prepares the run and adds the reporters; running this config
// directly (e.g. `npm run ui`) prepares the run from CATALOG_CONFORMANCE_* variables instead.
import { defineConfig } from 'vitest/config'
import { defaultWorkers } from './app/config/workers.ts'

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
    // Files in parallel even on 2 cores: a file works in its own namespaces, and a run mostly waits on the server
    // (measured on the Java fixture 1.11.0: 48 s with one worker, 30–31 s with two, same outcomes). The CLI sets the
    // count per run (`--workers`); a direct run (`npm run ui`) serves the bundled server unless the environment names
    // a catalog.
    maxWorkers: defaultWorkers(
      !process.env.CATALOG_CONFORMANCE_URL && !process.env.CATALOG_CONFORMANCE_TARGET,
    ),
  },
})
