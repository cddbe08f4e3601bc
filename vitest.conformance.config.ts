// The conformance suites (suites/<area>/), run against one target. Started by the CLI
// (`catalog-conformance run`), which prepares the run and adds the reporters; running this config
// directly (e.g. `npm run ui`) prepares the run from CATALOG_CONFORMANCE_* variables instead.
import { defineConfig } from 'vitest/config'
import { ChainSequencer } from './app/config/file-order.ts'
import { parallelism } from './app/config/workers.ts'

// A direct run (`npm run ui`) serves the bundled server unless the environment names a catalog; its tests of a file
// run as for a catalog nearby (the round trip is not known when the config is read).
const parallel = parallelism(
  process.env.CATALOG_CONFORMANCE_URL ? 'url' : (process.env.CATALOG_CONFORMANCE_TARGET ?? 'reference'),
  {},
)

export default defineConfig({
  test: {
    name: 'conformance',
    include: ['suites/**/*.test.ts'],
    exclude: ['suites/_harness/**', '**/node_modules/**'],
    globalSetup: ['app/setup/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Files in a deterministic order, in parallel workers; the tests of a file concurrently, each in its own
    // namespaces (app/config/workers.ts says how many at once and why). The CLI sets both per run (`--workers`,
    // `--max-in-flight`).
    // The files with the longest chains of requests first (app/config/file-order.ts).
    sequence: { shuffle: false, concurrent: true, sequencer: ChainSequencer },
    maxConcurrency: parallel.testsPerFile,
    isolate: false,
    maxWorkers: parallel.workers,
  },
})
