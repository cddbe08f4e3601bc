#!/usr/bin/env node
// The CLI. An installed package carries JavaScript built next to each source (npm pack builds it), which starts
// fast. A checkout has only the TypeScript sources: they run from a bundle that esbuild makes once and remakes when a
// source changes (cli-bundle.js), or through tsx where no bundle can be had. Suites are TypeScript either way: Vitest
// loads them itself.
// First: V8's tiering is set before any other module is compiled (v8-tiering.js says why).
import './v8-tiering.js'
import { existsSync } from 'node:fs'
import module from 'node:module'
import { fileURLToPath } from 'node:url'
import { cliBundle } from './cli-bundle.js'
import { boundCompileCache } from './compile-cache.js'

// Node 22.1 and later keep the compiled code of the modules they load (Vitest, Vite and their dependencies) in a
// cache folder, so that the next start skips compiling them. Set for this thread, and in the environment for
// Vitest's worker threads; a NODE_COMPILE_CACHE of the user's wins (and is the user's to bound). Node 20 has no such
// cache.
if (module.enableCompileCache && !process.env.NODE_COMPILE_CACHE) {
  process.env.NODE_COMPILE_CACHE = fileURLToPath(
    new URL('../node_modules/.cache/catalog-conformance/v8', import.meta.url),
  )
  boundCompileCache(process.env.NODE_COMPILE_CACHE)
  module.enableCompileCache(process.env.NODE_COMPILE_CACHE)
}

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
