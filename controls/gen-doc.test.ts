import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Fault } from './fault.ts'
import { FAULT_MODULES } from './faults/index.ts'
import { DOC_PATH, currentScore, renderDoc, renderScore } from './gen-doc.ts'

describe('docs/negative-controls.md', () => {
  it('is up to date with the registry (regenerate: npx tsx controls/gen-doc.ts)', () => {
    expect(existsSync(DOC_PATH), 'the page exists').toBe(true)
    const doc = readFileSync(DOC_PATH, 'utf8')
    expect(doc).toBe(renderDoc(FAULT_MODULES, currentScore(doc)))
  })
})

describe('renderDoc', () => {
  const f: Fault = {
    name: 'pipe-fault',
    description: 'A | in the text.',
    areas: ['namespaces'],
    breaks: ['http/responds', 'errors/envelope'],
    hooks: () => ({}),
    runArgs: ['--timeout', '3000'],
  }

  it('lists each fault with its areas and rules, and each rule with its faults', () => {
    const doc = renderDoc({ demo: [f] }, 'S')
    expect(doc).toContain(
      '| `pipe-fault` (`--timeout 3000`) | A \\| in the text. | namespaces | `http/responds`<br>`errors/envelope` |',
    )
    expect(doc).toContain('| `errors/envelope` | `pipe-fault` |')
    expect(currentScore(doc)).toBe('S')
  })

  it('keeps a placeholder score until one is measured, and renders survivors', () => {
    expect(currentScore(undefined)).toBe('Not measured yet.')
    expect(currentScore('no markers')).toBe('Not measured yet.')
    expect(renderScore({ killed: 1, total: 2, percent: 50, survivors: ['x'] }, '2026-01-01')).toBe(
      '**1 / 2 faults killed (50%)**, measured 2026-01-01.\n\nSurviving: `x`.',
    )
  })
})
