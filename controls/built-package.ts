/**
 * The negative controls run the CLI a few hundred times. From the TypeScript sources every start pays for tsx
 * (about a second of CPU); from the JavaScript that `npm pack` ships it starts in a fraction of that. So the self
 * tests build the package once, into .tmp/built-package — the files package.json ships, compiled with
 * tsconfig.build.json, node_modules linked — and the control runs start its CLI. The working tree is not touched.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const BUILT_DIR = join(ROOT, '.tmp', 'built-package')
/** The environment variable that tells the control runner which CLI to start. */
export const BUILT_BIN_ENV = 'CONTROLS_BIN'

/** Copies what the package ships, compiles it in place and returns the path of its CLI. */
export function buildPackage(): string {
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
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: BUILT_DIR,
      stdio: 'pipe',
    },
  )
  return join(BUILT_DIR, 'bin', 'catalog-conformance.js')
}
