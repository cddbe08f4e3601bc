import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleCacheDir, moduleRunnerFor } from './module-runner.ts'

describe('moduleRunnerFor', () => {
  it('imports the suites natively from a checkout when Node strips types', () => {
    const native = moduleRunnerFor('/home/me/catalog-conformance', false, 'strip', true)
    expect(native.experimental).toEqual({ viteModuleRunner: false, nodeLoader: false })
    // Test files under their own URL there, so that Node's compile cache serves them.
    expect(native.setupFiles).toEqual([
      join('/home/me/catalog-conformance', 'bin', 'plain-test-urls-setup.js'),
    ])
    expect(moduleRunnerFor('/home/me/catalog-conformance', true, 'strip').setupFiles).toEqual([])
  })

  it("keeps Vite's runner where Node cannot load the TypeScript suites itself", () => {
    expect(moduleRunnerFor('/home/me/catalog-conformance', false, false).experimental.viteModuleRunner).toBe(
      true,
    )
    expect(
      // Node 20 has no process.features.typescript; null stands for it (undefined would take this Node's own value).
      moduleRunnerFor('/home/me/catalog-conformance', false, null).experimental.viteModuleRunner,
    ).toBe(true)
    // An installed package on a Node without module.registerHooks or module.stripTypeScriptTypes.
    const installed = moduleRunnerFor('/ci/node_modules/catalog-conformance', false, 'strip', false)
    expect(installed.experimental.viteModuleRunner).toBe(true)
    expect(installed.reason).toMatch(/node_modules/)
  })

  it("imports an installed package's suites natively through its type-stripping hook where Node has one", () => {
    const root = '/ci/node_modules/catalog-conformance'
    const installed = moduleRunnerFor(root, false, 'strip', true)
    expect(installed.experimental).toEqual({ viteModuleRunner: false, nodeLoader: false })
    expect(installed.stripInstalledTypes).toBe(true)
    // The hook first: the other setup file and every test file after it are loaded through it.
    expect(installed.setupFiles).toEqual([
      join(root, 'bin', 'strip-installed-types-setup.js'),
      join(root, 'bin', 'plain-test-urls-setup.js'),
    ])
    expect(moduleRunnerFor('/home/me/catalog-conformance', false, 'strip', true).stripInstalledTypes).toBe(
      false,
    )
  })

  it("keeps Vite's compiled modules in the package's cache folder for the next run, where it can write", () => {
    const cached = moduleRunnerFor('/p', false, null, false, () => '/p/node_modules/.cache/x')
    expect(cached.experimental).toEqual({
      viteModuleRunner: true,
      fsModuleCache: true,
      fsModuleCachePath: '/p/node_modules/.cache/x',
    })
    expect(moduleRunnerFor('/p', false, null, false, () => undefined).experimental).toEqual({
      viteModuleRunner: true,
    })
    // The UI re-runs changed files: no cache there.
    expect(moduleRunnerFor('/p', true, null, false, () => '/p/c').experimental).toEqual({
      viteModuleRunner: true,
    })
  })

  it('loads the config without writing into a package it cannot write to', () => {
    expect(moduleRunnerFor('/p', false, null, false, () => '/p/c').configLoader).toBe('bundle')
    expect(moduleRunnerFor('/p', false, null, false, () => undefined).configLoader).toBe('runner')
    expect(moduleRunnerFor('/p', false, 'strip', true, () => undefined).configLoader).toBe('runner')
    expect(moduleRunnerFor('/p', true, 'strip', true, () => undefined).configLoader).toBe('runner')
  })

  it('finds the cache folder writable in a checkout, and none where it cannot create it', () => {
    expect(moduleCacheDir(process.cwd())).toBe(
      join(process.cwd(), 'node_modules', '.cache', 'catalog-conformance', 'vitest-modules'),
    )
    expect(moduleCacheDir('/dev/null/no')).toBeUndefined()
  })

  it("keeps Vite's runner for the UI", () => {
    expect(moduleRunnerFor('/home/me/catalog-conformance', true, 'strip').experimental.viteModuleRunner).toBe(
      true,
    )
  })
})
