import { describe, expect, it } from 'vitest'
import { annotationLines } from './annotations.ts'
import { loadFixture } from './fixtures.ts'

describe('GitHub annotations', () => {
  it('prints ::error for fail and error, ::warning for warn, one line each', () => {
    const r = loadFixture('results-realistic.json')
    const lines = annotationLines(r)
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(r.summary.fail + r.summary.error)
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(r.summary.warn)
    const line = lines.find((l) => l.includes('exists-409'))!
    expect(line).toBe(
      '::error file=suites/namespaces/create-namespace.test.ts,title=namespaces/create/exists-409 [MUST] creating an existing namespace is 409::creating an existing namespace is 409%0AReceived: 500 InternalServerError%0AExpected: 409 (AlreadyExistsException)%0ARule: namespaces/create/exists-409 [MUST]',
    )
  })

  it('escapes newlines, percent signs and property delimiters so a server cannot forge commands', () => {
    const r = loadFixture('results-realistic.json')
    const t = {
      ...r.tests.find((x) => x.outcome === 'fail')!,
      file: 'a,b:c.ts',
      message: '100% broken\r\n::error file=x::forged',
    }
    const [line] = annotationLines({ tests: [t], errors: [] })
    expect(line).toContain('file=a%2Cb%3Ac.ts,')
    expect(line).toContain('100%25 broken%0D%0A::error file=x::forged')
    expect(line!.split('\n')).toHaveLength(1)
  })

  it('reports harness errors and caps the number of lines', () => {
    const r = loadFixture('results-realistic.json')
    expect(annotationLines({ tests: [], errors: ['boom'] })).toEqual(['::error title=harness error::boom'])
    expect(annotationLines(r, 2)).toHaveLength(2)
  })
})
