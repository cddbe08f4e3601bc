// Every component with a folder under fixtures/schemas/<Name>/: each valid*.json passes, and each entry of
// invalid.json fails with an error at the expected instance path (so each check can be seen to fail).
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hasSchema, validate } from './index.ts'

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'schemas')
// Folders of fixtures that are not schema components.
const NOT_COMPONENTS = new Set(['openapi'])

interface InvalidCase {
  description: string
  value: unknown
  instancePath: string
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))
const names = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !NOT_COMPONENTS.has(d.name))
  .map((d) => d.name)
  .sort()

describe('schema fixtures', () => {
  it('has fixture folders', () => {
    expect(names.length).toBeGreaterThan(10)
  })

  describe.each(names)('%s', (name) => {
    const dir = join(ROOT, name)
    const valid = readdirSync(dir).filter((f) => /^valid.*\.json$/.test(f))

    it('names a schema and has a valid example and invalid variants', () => {
      expect(hasSchema(name)).toBe(true)
      expect(valid.length).toBeGreaterThan(0)
      expect(existsSync(join(dir, 'invalid.json'))).toBe(true)
    })

    it.each(valid)('accepts %s', (file) => {
      const result = validate(name, readJson(join(dir, file)))
      expect(result.errors).toEqual([])
      expect(result.valid).toBe(true)
    })

    const invalid = existsSync(join(dir, 'invalid.json'))
      ? (readJson(join(dir, 'invalid.json')) as InvalidCase[])
      : []
    it.each(invalid.map((c) => [c.description, c] as const))('rejects: %s', (_d, c) => {
      const result = validate(name, c.value)
      expect(result.valid).toBe(false)
      expect(result.errors.map((e) => e.instancePath)).toContain(c.instancePath)
    })
  })
})
