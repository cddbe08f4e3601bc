import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { interruptBudgetFor } from '../../bin/v8-tiering.js'

const ROOT = resolve(import.meta.dirname, '../..')

describe('V8 tiering (bin/v8-tiering.js)', () => {
  it('raises the optimising budget under V8 11 (Node 20) only', () => {
    expect(interruptBudgetFor('11.3.244.8-node.19')).toBe(270_336)
    expect(interruptBudgetFor('12.4.254.21-node.33')).toBeUndefined()
    expect(interruptBudgetFor('13.6.233.10-node.1')).toBeUndefined()
  })

  // A flag this V8 does not know is not an error for Node: V8 prints "unrecognized flag" and goes on, on every run.
  it('starts the CLI under this Node without a word from V8', () => {
    const out = spawnSync(process.execPath, [resolve(ROOT, 'bin/catalog-conformance.js'), '--version'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(out.status).toBe(0)
    expect(out.stderr).toBe('')
  })
})
