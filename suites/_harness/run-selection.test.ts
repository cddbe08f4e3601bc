import { describe, expect, it } from 'vitest'
import { judgedInRun, selectionOf, selects } from './run-selection.ts'

describe('run selection', () => {
  it('selects areas as folders and files as they are, exclusions last', () => {
    const s = selectionOf(['robustness', 'errors/errors.test.ts'], ['robustness/edge-input.test.ts'])
    expect(selects(s, 'suites/robustness/malformed-input.test.ts')).toBe(true)
    expect(selects(s, 'suites/errors/errors.test.ts')).toBe(true)
    expect(selects(s, 'suites/robustness/edge-input.test.ts')).toBe(false)
    expect(selects(s, 'suites/commits/updates.test.ts')).toBe(false)
    expect(selects(selectionOf(['tables']), 'suites/tables-x/a.test.ts')).toBe(false)
    expect(selects(undefined, 'suites/commits/updates.test.ts')).toBe(true)
    expect(selects(selectionOf(), 'suites/commits/updates.test.ts')).toBe(true)
  })

  it('judges a rule when a file of its tests runs; a check rule always', () => {
    const robustnessOnly = selectionOf(['robustness'])
    expect(judgedInRun(robustnessOnly, 'errors/schema-violation-400')).toBe(false)
    expect(judgedInRun(robustnessOnly, 'robustness/wrong-types/4xx')).toBe(true)
    expect(judgedInRun(selectionOf([], ['errors']), 'errors/malformed-json-400')).toBe(false)
    expect(judgedInRun(selectionOf(['errors']), 'errors/malformed-json-400')).toBe(true)
    expect(judgedInRun(robustnessOnly, 'errors/envelope')).toBe(true)
    // The commits rule is named in a robustness file too (the property it blocks): only its own area judges it.
    expect(judgedInRun(robustnessOnly, 'commits/updates/unknown-action-400')).toBe(false)
    expect(judgedInRun(selectionOf(['commits']), 'commits/updates/unknown-action-400')).toBe(true)
    expect(judgedInRun(undefined, 'errors/schema-violation-400')).toBe(true)
  })
})
