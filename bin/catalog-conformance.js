#!/usr/bin/env node
// The CLI. An installed package carries JavaScript built next to each source (npm pack builds it), which starts
// fast. A checkout has only the TypeScript sources: they run from a bundle that esbuild makes once and remakes when a
// source changes (cli-bundle.js), or through tsx where no bundle can be had. Suites are TypeScript either way: Vitest
// loads them itself.
import { existsSync } from 'node:fs'
import { cliBundle } from './cli-bundle.js'

const built = new URL('../app/cli/main.js', import.meta.url)
let main
if (existsSync(built)) {
  ;({ main } = await import(built.href))
} else {
  const bundle = await cliBundle(new URL('..', import.meta.url))
  if (bundle) {
    // Stacks (printed with --debug) then name the TypeScript sources, not the bundle.
    if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true)
    ;({ main } = await import(bundle.url))
  } else {
    const { register } = await import('tsx/esm/api')
    register()
    ;({ main } = await import('../app/cli/main.ts'))
  }
}
process.exitCode = await main(process.argv.slice(2))
