import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { boundCompileCache } from '../../bin/compile-cache.js'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A cache folder as Node lays it out: one subfolder per Node build, entries inside. */
function cacheWith(entries: Record<string, number>): string {
  dir = mkdtempSync(join(tmpdir(), 'compile-cache-'))
  const cache = join(dir, 'v8')
  for (const [version, n] of Object.entries(entries)) {
    mkdirSync(join(cache, version), { recursive: true })
    for (let i = 0; i < n; i++) writeFileSync(join(cache, version, `e${i}`), '')
  }
  return cache
}

describe('boundCompileCache', () => {
  it('keeps a cache within the bound, counting the entries of every Node build', () => {
    const cache = cacheWith({ 'v24.21.0-x64-a-0': 6, 'v22.23.3-x64-b-0': 4 })
    expect(boundCompileCache(cache, 10)).toBe(false)
    expect(existsSync(join(cache, 'v24.21.0-x64-a-0', 'e5'))).toBe(true)
  })

  it('empties a cache past the bound', () => {
    const cache = cacheWith({ 'v24.21.0-x64-a-0': 6, 'v22.23.3-x64-b-0': 5 })
    expect(boundCompileCache(cache, 10)).toBe(true)
    expect(existsSync(cache)).toBe(false)
  })

  it('counts a stray file at the top as one entry', () => {
    const cache = cacheWith({ 'v24.21.0-x64-a-0': 10 })
    writeFileSync(join(cache, 'stray'), '')
    expect(boundCompileCache(cache, 10)).toBe(true)
  })

  it('leaves alone a folder it cannot read', () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-cache-'))
    expect(boundCompileCache(join(dir, 'missing'), 0)).toBe(false)
  })
})
