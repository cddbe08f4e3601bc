import { describe, expect, it } from 'vitest'
import { DEFAULT_ENDPOINTS } from '../../schemas/operations.ts'

describe('operation table', () => {
  it('derives the 14 default endpoints of', () => {
    expect(DEFAULT_ENDPOINTS).toHaveLength(14)
  })
})
