/**
 * The registry holds every file of controls/faults/, fault names are unique, and each fault is well formed:
 * kebab-case name, known areas, and `breaks` naming rules that a check or a suite actually reports.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Fault } from '../fault.ts'
import { faultModules, withRegistry } from '../gen-registry.ts'
import { isKnownRule, suiteAreas } from '../known-rules.ts'
import { FAULTS, FAULT_MODULES, collect } from './index.ts'

const here = dirname(fileURLToPath(import.meta.url))
const files = faultModules(here)

describe('the fault registry', () => {
  it('lists every module in controls/faults/ (run: npx tsx controls/gen-registry.ts)', () => {
    expect(Object.keys(FAULT_MODULES).sort()).toEqual(files)
    const source = readFileSync(join(here, 'index.ts'), 'utf8')
    expect(source).toBe(withRegistry(source, files))
  })

  it('refuses two faults with the same name', () => {
    const f: Fault = {
      name: 'x',
      description: 'd',
      areas: ['namespaces'],
      breaks: ['http/responds'],
      hooks: () => ({}),
    }
    expect(() => collect({ a: [f], b: [f] })).toThrow(
      /"x" is used twice \(controls\/faults\/a\.ts and b\.ts\)/,
    )
  })

  it('has unique names', () => {
    const names = FAULTS.map((f) => f.name)
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([])
  })
})

describe('each fault', () => {
  const areas = new Set(suiteAreas())
  for (const f of FAULTS) {
    it(`${f.name} is well formed`, () => {
      expect(f.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(f.description.length, 'a one-sentence description').toBeGreaterThan(10)
      expect(f.areas.length, 'at least one area to run').toBeGreaterThan(0)
      expect(
        f.areas.filter((a) => !areas.has(a)),
        'areas that are not folders of suites/',
      ).toEqual([])
      expect(f.breaks.length, 'at least one rule it breaks').toBeGreaterThan(0)
      expect(
        f.breaks.filter((r) => !isKnownRule(r)),
        'rules the rules catalog (schemas/rules/catalog.json) does not list',
      ).toEqual([])
      expect(typeof f.hooks()).toBe('object')
      expect(
        (f.files ?? []).filter(
          (file) =>
            !f.areas.some((a) => file.startsWith(`${a}/`)) || !existsSync(join(here, '../../suites', file)),
        ),
        'files that are not test files of its areas',
      ).toEqual([])
    })
  }
})
