import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { clientCompatLine, clientFindingsOf } from './client-compat.ts'
import { renderHtml } from './html.ts'
import { renderMarkdown } from './markdown.ts'
import { violatedRules } from './violated-rules.ts'

const finding = {
  check: 'error-type',
  rule: 'clients/java-error-type',
  level: 'CLIENT' as const,
  message: 'error.type "NotFoundError" makes Iceberg\'s Java client raise NoSuchTableException for this 404',
  curl: "curl -sS 'http://x/v1/tables/rename'",
}

function withFinding() {
  const r = loadFixture('results-realistic.json')
  const [first, ...rest] = r.tests
  return { ...r, tests: [{ ...first!, outcome: 'pass' as const, violations: [finding] }, ...rest] }
}

describe('client compatibility', () => {
  it('lists CLIENT findings apart and says so on a line of its own in every report', () => {
    const r = withFinding()
    expect(clientFindingsOf(r)).toHaveLength(1)
    expect(clientCompatLine(r)).toContain('1 finding(s) in 1 test(s)')
    expect(renderMarkdown(r)).toContain(
      "### Client compatibility (Iceberg's Java client; not part of the verdict)",
    )
    expect(renderHtml(r)).toContain('<h2>Client compatibility</h2>')
    // Never among the violated rules that make the verdict.
    expect(violatedRules(r).map((v) => v.rule)).not.toContain('clients/java-error-type')
  })

  it('says "no findings" when there are none', () => {
    const r = loadFixture('results-realistic.json')
    expect(clientCompatLine(r)).toMatch(/no findings$/)
    expect(renderMarkdown(r)).toContain('no findings')
  })
})
