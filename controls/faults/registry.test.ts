/**
 * The registry holds every file of controls/faults/, fault names are unique, and each fault is well formed:
 * kebab-case name, known areas, and `breaks` naming rules that a check or a suite actually reports.
 */
import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Fault } from '../fault.ts'
import { isKnownRule, suiteAreas, suiteRules } from '../known-rules.ts'
import { FAULTS, FAULT_MODULES, collect } from './index.ts'

const here = dirname(fileURLToPath(import.meta.url))
const files = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -'.ts'.length))
  .sort()

describe('the fault registry', () => {
  it('lists every module in controls/faults/ (add an import and an entry in index.ts)', () => {
    expect(Object.keys(FAULT_MODULES).sort()).toEqual(files)
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
  const rules = suiteRules()
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
        f.breaks.filter((r) => !isKnownRule(r, rules)),
        'rules no check reports and no suite declares',
      ).toEqual([])
      expect(typeof f.hooks()).toBe('object')
    })
  }
})
