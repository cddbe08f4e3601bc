import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { canStripInstalledTypes, isOwnTypeScript } from '../../bin/strip-installed-types.js'

const HOOK = pathToFileURL(join(import.meta.dirname, '..', '..', 'bin', 'strip-installed-types.js')).href

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A package under node_modules whose entry imports a TypeScript module of its own (with a type in it). */
function installedPackage(): string {
  dir = mkdtempSync(join(tmpdir(), 'strip-installed-'))
  const root = join(dir, 'node_modules', 'pkg')
  mkdirSync(join(root, 'lib'), { recursive: true })
  writeFileSync(join(root, 'package.json'), '{"type":"module"}')
  writeFileSync(join(root, 'lib', 'answer.ts'), 'export const answer: number = 42\n')
  return root
}

/** Imports lib/answer.ts of `root` in a fresh Node, with the hook registered first or not: what it printed. */
function importAnswer(root: string, withHook: boolean): { stdout: string; stderr: string } {
  const register = withHook
    ? `const { registerStripInstalledTypes } = await import(${JSON.stringify(HOOK)}); registerStripInstalledTypes(${JSON.stringify(root)});`
    : ''
  const answer = JSON.stringify(pathToFileURL(join(root, 'lib', 'answer.ts')).href)
  const script = `${register} const m = await import(${answer}); console.log(m.answer)`
  const { stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  return { stdout, stderr }
}

describe('isOwnTypeScript', () => {
  it("takes the package's own .ts modules only", () => {
    const root = 'file:///ci/node_modules/catalog-conformance/'
    expect(isOwnTypeScript(`${root}suites/config/config.test.ts`, root)).toBe(true)
    expect(isOwnTypeScript(`${root}suites/config/config.test.ts?vitest=1`, root)).toBe(true)
    expect(isOwnTypeScript(`${root}suites/_harness/dsl.js`, root)).toBe(false)
    expect(isOwnTypeScript(`${root}suites/_harness/dsl.d.ts`, root)).toBe(false)
    expect(isOwnTypeScript(`${root}node_modules/dep/index.ts`, root)).toBe(false)
    expect(isOwnTypeScript('file:///ci/node_modules/other/index.ts', root)).toBe(false)
    expect(isOwnTypeScript('node:fs', root)).toBe(false)
  })
})

// The hook needs module.registerHooks and module.stripTypeScriptTypes (Node 22.15 and later); Node 20 keeps Vite's runner.
describe.skipIf(!canStripInstalledTypes())('registerStripInstalledTypes', () => {
  it('loads TypeScript under node_modules, which Node refuses without it, and prints no warning', () => {
    const root = installedPackage()
    expect(importAnswer(root, false).stderr).toMatch(/ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING/)
    expect(importAnswer(root, true)).toEqual({ stdout: '42\n', stderr: '' })
  })
})
