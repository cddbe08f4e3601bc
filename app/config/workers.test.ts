import { describe, expect, it } from 'vitest'
import { defaultWorkers } from './workers.ts'

describe('defaultWorkers', () => {
  it('keeps a core for the bundled server, which answers from the same process', () => {
    expect(defaultWorkers(true, 2)).toBe(2)
    expect(defaultWorkers(true, 1)).toBe(2)
    expect(defaultWorkers(true, 8)).toBe(7)
  })

  it('runs one file more than the cores against a catalog in another process', () => {
    expect(defaultWorkers(false, 2)).toBe(3)
    expect(defaultWorkers(false, 8)).toBe(9)
  })
})
