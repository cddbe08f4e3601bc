/** Global setup of the self tests: the built package the negative controls start (controls/built-package.ts). */
import { BUILT_BIN_ENV, buildPackage } from './built-package.ts'

export default function setup(): void {
  // Workers inherit the environment; it holds a path, nothing secret.
  if (!process.env[BUILT_BIN_ENV]) process.env[BUILT_BIN_ENV] = buildPackage()
}
