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
