#!/usr/bin/env node
// The CLI runs the TypeScript sources through tsx: suites are TypeScript files that Vitest loads anyway,
// so the package ships sources, not a build.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../app/cli/main.ts')
process.exitCode = await main(process.argv.slice(2))
