import { describe, expect, it } from 'vitest'
import { plainTestUrl } from '../../bin/plain-test-urls.js'

describe('plainTestUrl', () => {
  it("drops only Vitest's query, and only from file: URLs", () => {
    expect(plainTestUrl('file:///p/suites/a.test.ts?vitest=1764000000000')).toBe('file:///p/suites/a.test.ts')
    expect(plainTestUrl('file:///p/suites/a.test.ts')).toBe('file:///p/suites/a.test.ts')
    expect(plainTestUrl('file:///p/a.ts?vitest=soon')).toBe('file:///p/a.ts?vitest=soon')
    expect(plainTestUrl('file:///p/a.ts?x=1&vitest=2')).toBe('file:///p/a.ts?x=1&vitest=2')
    expect(plainTestUrl('node:fs')).toBe('node:fs')
  })
})
