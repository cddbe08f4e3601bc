import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleRunnerFor } from './module-runner.ts'

describe('moduleRunnerFor', () => {
  it('imports the suites natively from a checkout when Node strips types', () => {
    const native = moduleRunnerFor('/home/me/catalog-conformance', false, 'strip')
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
    const installed = moduleRunnerFor('/ci/node_modules/catalog-conformance', false, 'strip')
    expect(installed.experimental.viteModuleRunner).toBe(true)
    expect(installed.reason).toMatch(/node_modules/)
  })

  it("keeps Vite's runner for the UI", () => {
    expect(moduleRunnerFor('/home/me/catalog-conformance', true, 'strip').experimental.viteModuleRunner).toBe(
      true,
    )
  })
})
