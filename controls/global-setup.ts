/** Global setup of the self tests: names this test run, so that the controls build its package afresh (built-package.ts). */
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { BUILD_ID_ENV, BUILT_DIR } from './built-package.ts'

export default function setup(): void {
  // Workers inherit the environment; the id is nothing secret. A lock left by an interrupted run goes.
  process.env[BUILD_ID_ENV] ??= randomUUID()
  rmSync(`${BUILT_DIR}.lock`, { recursive: true, force: true })
}
