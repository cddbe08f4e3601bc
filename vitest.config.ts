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
          // Builds the package once for the negative controls (they start its CLI a few hundred times).
          globalSetup: ['controls/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real clients (PyIceberg, iceberg-js, …) against the reference server: `npm run test:clients`, not
        // part of `self`; each file skips, saying why, when its client is not installed.
        test: {
          name: 'clients',
          include: ['clients/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
