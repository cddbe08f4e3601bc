import { describe, expect, it } from 'vitest'
import type { Fault } from './fault.ts'
import { areaCost, configKey, makePlan } from './plan.ts'

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
  const cost = (areas: readonly string[]) => areas.length * 10 + (areas.includes('config') ? 5 : 0)
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
