#!/usr/bin/env node
// The CLI. An installed package carries JavaScript built next to each source (npm pack builds it), which starts
// fast; a checkout has only the TypeScript sources and runs them through tsx. Suites are TypeScript either way:
// Vitest loads them itself.
import { existsSync } from 'node:fs'

const built = new URL('../app/cli/main.js', import.meta.url)
let main
if (existsSync(built)) {
  ;({ main } = await import(built.href))
} else {
  const { register } = await import('tsx/esm/api')
  register()
  ;({ main } = await import('../app/cli/main.ts'))
}
process.exitCode = await main(process.argv.slice(2))
