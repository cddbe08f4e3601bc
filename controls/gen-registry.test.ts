import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { faultModules, registryBlock, withRegistry } from './gen-registry.ts'

describe('gen-registry', () => {
  it('finds the modules that export faults, not helpers or tests', () => {
    const dir = mkdtempSync(join(tmpdir(), 'faults-'))
    writeFileSync(join(dir, 'b-area.ts'), 'export const faults: Fault[] = []\n')
    writeFileSync(join(dir, 'a.ts'), "import x from 'y'\nexport const faults = []\n")
    writeFileSync(join(dir, 'kit.ts'), 'export function helper() {}\n')
    writeFileSync(join(dir, 'index.ts'), 'export const faults = []\n')
    writeFileSync(join(dir, 'x.test.ts'), 'export const faults = []\n')
    expect(faultModules(dir)).toEqual(['a', 'b-area'])
  })

  it('writes one import and one entry per module between the markers', () => {
    const block = registryBlock(['cross-cutting', 'views'])
    expect(block).toContain("import { faults as crossCutting } from './cross-cutting.ts'")
    expect(block).toContain("  'cross-cutting': crossCutting,\n  views,\n}")
    const src = `head\n${registryBlock([])}\ntail\n`
    expect(withRegistry(src, ['views'])).toBe(`head\n${registryBlock(['views'])}\ntail\n`)
    expect(() => withRegistry('no markers', [])).toThrow(/markers/)
  })
})
