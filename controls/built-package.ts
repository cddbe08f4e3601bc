/**
 * The negative controls run the CLI a few hundred times. From the TypeScript sources every start pays for tsx
 * (about a second of CPU); from the JavaScript that `npm pack` ships it starts in a fraction of that. So the first
 * control run of a test run builds the package once, into .tmp/built-package — the files package.json ships,
 * compiled with tsconfig.build.json, node_modules linked — and every control run starts its CLI. The working tree is
 * not touched, and a test run that starts no control builds nothing.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const BUILT_DIR = join(ROOT, '.tmp', 'built-package')
const READY = join(BUILT_DIR, '.built-for')
const LOCK = `${BUILT_DIR}.lock`
/** Set by the self tests' global setup: one id per test run, so that every run builds its sources afresh. */
export const BUILD_ID_ENV = 'CONTROLS_BUILD_ID'

/** Copies what the package ships and compiles it in place. */
function build(id: string): void {
  rmSync(BUILT_DIR, { recursive: true, force: true })
  mkdirSync(BUILT_DIR, { recursive: true })
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] }
  for (const entry of ['package.json', ...pkg.files]) {
    // `reports/*.ts`-style entries: the folder is copied whole (extra files are harmless here).
    const path = entry.replace(/\/\*.*$/, '')
    const from = join(ROOT, path)
    if (!existsSync(from)) continue
    cpSync(from, join(BUILT_DIR, path), {
      recursive: true,
      filter: (src) => !/(^|\/)(node_modules|target|out)(\/|$)/.test(src.slice(ROOT.length)),
    })
  }
  symlinkSync(join(ROOT, 'node_modules'), join(BUILT_DIR, 'node_modules'), 'dir')
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: BUILT_DIR, stdio: 'pipe' })
  writeFileSync(READY, id)
}

const built = (id: string) => existsSync(READY) && readFileSync(READY, 'utf8') === id

/** The CLI of the package built for this test run; the first caller builds it, the others wait for it. */
export async function builtCli(): Promise<string> {
  const id = process.env[BUILD_ID_ENV] ?? 'standalone'
  const bin = join(BUILT_DIR, 'bin', 'catalog-conformance.js')
  while (!built(id)) {
    try {
      mkdirSync(LOCK)
    } catch {
      await new Promise((r) => setTimeout(r, 200))
      continue
    }
    try {
      if (!built(id)) build(id)
    } finally {
      rmSync(LOCK, { recursive: true, force: true })
    }
  }
  return bin
}
