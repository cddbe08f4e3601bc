// The project's own tests ("self"): harness units, reference server, schemas, reports, negative controls.
// The conformance suites (suites/<area>/) run against a target through vitest.conformance.config.ts,
// started by the CLI, never by this config.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'self',
          include: [
            'suites/_harness/**/*.test.ts',
            'reference-server/**/*.test.ts',
            'schemas/**/*.test.ts',
            'reports/**/*.test.ts',
            'controls/**/*.test.ts',
            'fixtures/**/*.test.ts',
            'bench/**/*.test.ts',
            'app/**/*.test.ts',
            '*.test.ts',
          ],
          // Two files at once even on two cores: the negative controls mostly wait on their CLI services, and many
          // other files on child processes.
          maxWorkers: 2,
          // The files of a worker share its process and modules (Vitest, fast-check, AJV, the schemas and the harness
          // are loaded once a worker, not once a file): the files' imports took 44 s isolated, 16-17 s shared, and
          // `npm test` 310 s against 235-244 s on the same machine (2026-11-28). So a file must not count on a fresh
          // process: it makes its own HTTP pools (undici's global one may be Node's bundled undici, set by a `fetch`
          // that ran before), restores what it changes of the process, and a module it imports starts nothing on
          // import (controls/cli-service.ts started a service in the worker, which ended it 10 s later).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real clients (Apache Iceberg's Java RESTCatalog and its REST Compatibility Kit, PyIceberg, DuckDB, Spark,
        // iceberg-js) against the reference server: minutes, and they need Java, Python and the install scripts of
        // clients/ (clients/README.md); `npm run test:clients`, run by CI.
        test: {
          name: 'clients',
          include: ['clients/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
