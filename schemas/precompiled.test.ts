// The precompiled validators judge exactly as freshly compiled ones: same verdict and same errors on every schema
// fixture (valid examples and their invalid variants), strict and open.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ValidateFunction } from 'ajv'
import { newInstance } from './ajv-instance.ts'
import { cacheFileName, precompiledValidator, writePrecompiled } from './precompiled.ts'
import { schemaRefs } from './registry.ts'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'schemas')
const dir = mkdtempSync(join(tmpdir(), 'precompiled-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Every value of fixtures/schemas/<Name>/: the valid examples and the invalid variants. */
function samples(): { name: string; value: unknown }[] {
  const out: { name: string; value: unknown }[] = []
  for (const name of readdirSync(FIXTURES)) {
    if (!schemaRefs().has(name)) continue
    for (const file of readdirSync(join(FIXTURES, name))) {
      const json = JSON.parse(readFileSync(join(FIXTURES, name, file), 'utf8')) as unknown
      if (file === 'invalid.json')
        for (const c of json as { value: unknown }[]) out.push({ name, value: c.value })
      else out.push({ name, value: json })
    }
  }
  return out
}

const verdict = (fn: ValidateFunction, value: unknown) => ({
  valid: fn(value),
  errors: (fn.errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${e.message ?? ''}`),
})

describe('precompiled validators', () => {
  it('writes one file per set (strict, open) for the current schemas', () => {
    expect(writePrecompiled(dir)).toBe(true)
    expect(readdirSync(dir).sort()).toEqual([cacheFileName('open'), cacheFileName('strict')])
  })

  it.each([false, true])('judge every schema fixture as compiled ones do (open: %s)', (open) => {
    const compiled = newInstance(open)
    const cases = samples()
    expect(cases.length).toBeGreaterThan(50)
    let invalid = 0
    for (const { name, value } of cases) {
      const pre = precompiledValidator(name, open, dir)
      expect(pre, name).toBeTypeOf('function')
      const fresh = compiled.getSchema(schemaRefs().get(name)!)!
      const expected = verdict(fresh, value)
      if (!expected.valid) invalid++
      expect(verdict(pre!, value), name).toEqual(expected)
    }
    // Both verdicts occur, so the comparison can fail either way.
    expect(invalid).toBeGreaterThan(10)
  })

  it('has nothing for a folder without the file, and never writes where it cannot', () => {
    const empty = mkdtempSync(join(tmpdir(), 'precompiled-empty-'))
    try {
      expect(precompiledValidator('LoadTableResult', false, empty)).toBeUndefined()
      // A folder that cannot be made: its parent is a file.
      const file = join(empty, 'a-file')
      writeFileSync(file, '')
      expect(writePrecompiled(join(file, 'cache'))).toBe(false)
      expect(existsSync(join(file, 'cache'))).toBe(false)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
