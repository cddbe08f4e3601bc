import { describe, expect, it } from 'vitest'
import { annotationLines } from './annotations.ts'
import { loadFixture } from './fixtures.ts'
import { violatedRules } from './violated-rules.ts'

describe('GitHub annotations', () => {
  it('prints one annotation per violated rule (::error for MUST, ::warning for SHOULD), with no harness file', () => {
    const r = loadFixture('results-realistic.json')
    const lines = annotationLines(r)
    const rules = violatedRules(r)
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(
      rules.filter((v) => v.level === 'SHOULD').length,
    )
    const line = lines.find((l) => l.includes('exists-409'))!
    expect(line).toMatch(
      /^::error title=namespaces\/create\/exists-409 \[MUST\] broken in 1 test\(s\)::operations: createNamespace%0Ae\.g\. creating an existing namespace is 409: /,
    )
    expect(lines.join('\n')).not.toMatch(/file=/)
  })

  it('escapes newlines, percent signs and property delimiters so a server cannot forge commands', () => {
    const r = loadFixture('results-realistic.json')
    const failing = r.tests.find((x) => x.outcome === 'fail')!
    const t = {
      ...failing,
      violations: [
        {
          check: 'c',
          rule: 'a,b:c',
          level: 'MUST' as const,
          message: '100% broken\r\n::error file=x::forged',
        },
      ],
    }
    const [line] = annotationLines({ tests: [t], errors: [] })
    expect(line).toContain('title=a%2Cb%3Ac [MUST]')
    expect(line).toContain('100%25 broken%0D%0A::error file=x::forged')
    expect(line!.split('\n')).toHaveLength(1)
  })

  it('reports harness errors and tests that errored, and caps the number of lines', () => {
    const r = loadFixture('results-realistic.json')
    expect(annotationLines({ tests: [], errors: ['boom'] })).toEqual(['::error title=harness error::boom'])
    expect(annotationLines(r).filter((l) => l.includes('(harness or setup error)'))).toHaveLength(
      r.summary.error,
    )
    expect(annotationLines(r, 2)).toHaveLength(2)
  })
})
