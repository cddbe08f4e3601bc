import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { renderJunit, xml } from './junit.ts'

describe('junit.xml', () => {
  const r = loadFixture('results-realistic.json')
  const out = renderJunit(r)

  it('has the verdict’s counts: fail = <failure>, error = <error>, unsupported and disabled = <skipped>', () => {
    const s = r.summary
    expect(out).toContain(
      `tests="${s.total + r.errors.length}" failures="${s.fail}" errors="${s.error + r.errors.length}" skipped="${s.unsupported + s.disabled}"`,
    )
    expect(out.match(/<failure /g)).toHaveLength(s.fail)
    expect(out.match(/<error /g)).toHaveLength(s.error + r.errors.length)
    expect(out.match(/<skipped /g)).toHaveLength(s.unsupported + s.disabled)
  })

  it('keeps skip reasons, shows warnings and names harness errors as such', () => {
    const skipped = r.tests.find((t) => t.outcome === 'unsupported' && t.reason)!
    expect(out).toContain(`<skipped message="unsupported: ${xml(skipped.reason!)}"/>`)
    expect(out.match(/WARNING \(SHOULD broken\)/g)).toHaveLength(r.summary.warn)
    expect(out).toMatch(/<error type="harness"/)
    expect(out).toMatch(/<testsuite name="conformance.namespaces" /)
  })

  it('escapes server text and drops what XML cannot carry', () => {
    expect(xml('a<b>&"\u0000c')).toBe('a&lt;b&gt;&amp;&quot;c')
    const hostile = renderJunit(loadFixture('results-hostile.json'))
    expect(hostile).not.toMatch(/<(script|img|svg)/i)
  })
})
