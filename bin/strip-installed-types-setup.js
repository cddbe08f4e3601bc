// A setup file of the CLI's native runs from an installed package (app/cli/module-runner.ts): see
// strip-installed-types.js. Plain JavaScript, so that it needs no type stripping itself.
import { registerStripInstalledTypes } from './strip-installed-types.js'

registerStripInstalledTypes(new URL('../', import.meta.url))
