import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchRoot } from './scratch-dir.ts'

describe('scratchRoot', () => {
  it('uses the memory-backed folder when it is writable and has room', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scratch-root-'))
    try {
      // A temp folder on a normal machine has far more than 512 MB free.
      expect(scratchRoot(dir)).toBe(dir)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('falls back to the system temp folder when the memory-backed one is missing', () => {
    expect(scratchRoot('/no/such/folder')).toBe(tmpdir())
  })
})
