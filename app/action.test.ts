/** action.yml (the composite GitHub Action): well-formed, every input wired, no input spliced into a script. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { OPTION_NAMES, kebabName } from './config/options.ts'

interface Step {
  name: string
  id?: string
  uses?: string
  run?: string
  env?: Record<string, string>
  with?: Record<string, string>
}
interface Action {
  inputs: Record<string, { description: string; default?: string }>
  outputs: Record<string, { value: string }>
  runs: { using: string; steps: Step[] }
}

const text = readFileSync(fileURLToPath(new URL('../action.yml', import.meta.url)), 'utf8')
const action = parse(text) as Action

describe('action.yml', () => {
  it('is a composite action whose inputs are all used and described', () => {
    expect(action.runs.using).toBe('composite')
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description.length, name).toBeGreaterThan(10)
      expect(text.includes(`inputs.${name} `) || text.includes(`inputs.${name}}`), name).toBe(true)
    }
    for (const ref of text.matchAll(/inputs\.([a-z-]+)/g))
      expect(Object.keys(action.inputs)).toContain(ref[1])
  })

  it('offers an input for every option a CI run sets (same name as the flag)', () => {
    const notForCi = new Set([
      'ui',
      'debug',
      'path',
      'targetVersion',
      'delegationHeader',
      'disableChecks',
      'concurrency',
      // a job that ends leaves no container running worth keeping
      'keep',
    ])
    for (const name of OPTION_NAMES.filter((n) => !notForCi.has(n)))
      expect(Object.keys(action.inputs), name).toContain(kebabName(name))
  })

  it('never interpolates an expression into a run script (inputs go through env)', () => {
    for (const step of action.runs.steps) if (step.run) expect(step.run, step.name).not.toContain('${{')
  })

  it('passes secrets in the environment, not as flags', () => {
    const run = action.runs.steps.find((s) => s.id === 'run')!
    expect(run.run).toContain('export CATALOG_CONFORMANCE_TOKEN="$INPUT_TOKEN"')
    expect(run.run).toContain('export CATALOG_CONFORMANCE_CLIENT_SECRET="$INPUT_CLIENT_SECRET"')
    expect(run.run).not.toMatch(/--token|--client-secret/)
  })

  it('uploads the reports even when the run fails, and fails the job last', () => {
    const steps = action.runs.steps
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!
    expect(upload).toBeDefined()
    expect(String((upload as Step & { if?: string }).if)).toContain('always()')
    expect(steps.at(-1)!.id).toBe('gate')
    expect(steps.at(-1)!.run).toContain('exit "$code"')
    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'report-dir', 'verdict'])
  })
})
