import { describe, expect, it } from 'vitest'
import type { Fault } from './fault.ts'
import { areaCost, configKey, excludeArgs, filesFor, makePlan } from './plan.ts'

const f = (name: string, areas: string[], extra: Partial<Fault> = {}): Fault => ({
  name,
  description: 'a fault for tests',
  areas,
  breaks: ['http/responds'],
  hooks: () => ({}),
  ...extra,
})

describe('makePlan', () => {
  const faults = [
    f('a', ['namespaces']),
    f('b', ['commits', 'tables']),
    f('c', ['auth'], { server: { auth: { token: 't' } }, runArgs: ['--token', 't'] }),
    f('d', ['namespaces'], { runArgs: ['--timeout', '3000'] }),
    f('e', ['config']),
  ]
  const cost = (x: Fault) => x.areas.length * 10 + (x.areas.includes('config') ? 5 : 0)
  const plan = makePlan(faults, cost)

  it('shares one baseline among faults with the same server options and flags, over their areas', () => {
    expect(plan.groups.map((g) => [g.label, g.areas, g.faults.map((x) => x.name)])).toEqual([
      ['baseline', ['commits', 'config', 'namespaces', 'tables'], ['a', 'b', 'e']],
      ['baseline-1', ['auth'], ['c']],
      ['baseline-2', ['namespaces'], ['d']],
    ])
    expect(plan.groups[1]?.runArgs).toEqual(['--token', 't'])
    expect(plan.groupOf.get('d')?.label).toBe('baseline-2')
  })

  it('starts the costliest faults first, keeping registry order among equals', () => {
    expect(plan.order.map((x) => x.name)).toEqual(['b', 'e', 'a', 'c', 'd'])
  })

  it('keys configurations by their content, functions by their source', () => {
    expect(configKey({})).toBe(configKey({ runArgs: [] }))
    expect(configKey({ server: { now: () => 1 } })).not.toBe(configKey({ server: { now: () => 2 } }))
  })

  it('estimates the cost of areas from their test files', () => {
    expect(areaCost(['namespaces'])).toBeGreaterThan(areaCost([]))
    expect(areaCost(['no-such-area'])).toBe(1)
  })
})

describe('narrowing a fault to the files of its rules', () => {
  const rules = [
    {
      id: 'commits/updates/${c.action}',
      file: 'suites/commits/updates.test.ts',
      pattern: /^commits\/updates\/.+$/,
    },
    { id: 'commits/stage/x', file: 'suites/commits/stage.test.ts' },
    { id: 'commits/stage/x', file: 'suites/tables/other.test.ts' },
    { id: 'commits/helper/y', file: 'suites/commits/cases.ts' },
  ]

  it('keeps the test files of its areas that declare its rules', () => {
    const fault = f('n', ['commits'], { breaks: ['commits/updates/add-schema', 'commits/stage/x'] })
    expect(filesFor(fault, rules)).toEqual(['suites/commits/stage.test.ts', 'suites/commits/updates.test.ts'])
  })

  it('takes the files a fault names', () => {
    const fault = f('n', ['namespaces'], { files: ['namespaces/b.test.ts', 'namespaces/a.test.ts'] })
    expect(filesFor(fault, rules)).toEqual(['suites/namespaces/a.test.ts', 'suites/namespaces/b.test.ts'])
  })

  it('does not narrow check rules or rules only named outside test files', () => {
    expect(filesFor(f('n', ['commits'], { breaks: ['http/responds'] }), rules)).toBeUndefined()
    expect(filesFor(f('n', ['commits'], { breaks: ['commits/helper/y'] }), rules)).toBeUndefined()
  })

  it('excludes every other test file of the areas', () => {
    const args = excludeArgs(['namespaces'], ['suites/namespaces/lifecycle.test.ts'])
    expect(args.length).toBeGreaterThan(0)
    expect(args.filter((a) => a !== '--exclude').every((a) => a.startsWith('namespaces/'))).toBe(true)
    expect(args).not.toContain('namespaces/lifecycle.test.ts')
    expect(excludeArgs(['no-such-area'], [])).toEqual([])
  })
})
