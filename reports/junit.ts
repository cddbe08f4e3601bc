/**
 * Options for Vitest's JUnit reporter as the CLI configures it: testcase classnames by area
 * (`conformance.<area>`), derived from the suite file path `suites/<area>/…`.
 */
import { join } from 'node:path'

/** `suites/tables/create-table.test.ts` → `conformance.tables`. */
export function junitClassname(vars: { filename: string }): string {
  const parts = vars.filename.replace(/\\/g, '/').split('/')
  const i = parts.indexOf('suites')
  const area = i >= 0 && parts.length > i + 2 ? parts[i + 1] : undefined
  return `conformance.${area ?? 'misc'}`
}

/** The reporter entry for startVitest's `reporters`: `['junit', {...}]`. */
export function junitReporter(
  reportDir: string,
): ['junit', { outputFile: string; classnameTemplate: typeof junitClassname }] {
  return ['junit', { outputFile: join(reportDir, 'junit.xml'), classnameTemplate: junitClassname }]
}
