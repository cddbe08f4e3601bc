// A setup file of the CLI's native runs (app/cli/module-runner.ts): see plain-test-urls.js. Plain JavaScript, so
// that it needs no type stripping itself.
import { registerPlainTestUrls } from './plain-test-urls.js'

registerPlainTestUrls()
