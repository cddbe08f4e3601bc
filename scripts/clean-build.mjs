// Removes what `npm run build` emitted: every .js and .d.ts that sits next to a .ts source of the same name.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const ROOTS = ['app', 'suites', 'reference-server', 'schemas', 'reports', 'controls']
let removed = 0
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'target') walk(p)
      continue
    }
    const m = /^(.*)\.(js|d\.ts)$/.exec(e.name)
    if (m && existsSync(join(dir, `${m[1]}.ts`)) && !e.name.endsWith('.test.ts')) {
      rmSync(p)
      removed++
    }
  }
}
for (const r of ROOTS) if (existsSync(r)) walk(r)
console.log(`removed ${removed} built file(s)`)
