import { describe, expect, it } from 'vitest'
import { blockedGroups, blockedLines } from './blocked.ts'
import { loadFixture } from './fixtures.ts'
import { renderHtml } from './html.ts'
import { renderMarkdown } from './markdown.ts'
import type { Results, TestResult } from './results.ts'
import { summarize, verdictOf } from './results.ts'
import { robustnessFindingsOf, robustnessLines } from './robustness.ts'

const HOSTILE = '<script>alert(1)</script>'

/** A conformant run plus one test with a robustness finding and two blocked by one refused setup. */
function withFindings(failOn: string[] = []): Results {
  const r = loadFixture('results-realistic.json')
  const tests: TestResult[] = r.tests.filter((t) => t.outcome !== 'fail' && t.outcome !== 'error')
  const base = tests[0] as TestResult
  tests.push(
    {
      ...base,
      id: 'suites/robustness/edge-input.test.ts::long',
      title: 'oversized names',
      rule: 'robustness/oversized-names/no-5xx',
      level: 'ROBUSTNESS',
      outcome: 'pass',
      violations: [
        {
          check: 'server-error',
          rule: 'robustness/oversized-names/no-5xx',
          level: 'ROBUSTNESS',
          message: `a server error (500 RuntimeIOException: ${HOSTILE}) to a request the document names no answer for`,
          operationId: 'createTable',
          status: 500,
          curl: "curl -sS -X POST 'http://x/v1/namespaces/n/tables'",
        },
      ],
    },
    ...['a', 'b'].map((n) => ({
      ...base,
      id: `suites/commits/x.test.ts::${n}`,
      outcome: 'blocked' as const,
      blockedBy: 'tables/create/returns-metadata',
      reason: `blocked by tables/create/returns-metadata: setup step "create" (createTable) was answered 400 (${HOSTILE})`,
      violations: [],
    })),
  )
  const summary = summarize(tests)
  return {
    ...r,
    tests,
    summary,
    verdict: verdictOf(summary, [], failOn.includes('robustness') ? ['robustness'] : []),
    config: { ...r.config, failOn },
  }
}

describe('robustness findings', () => {
  it('are counted apart and are no part of the verdict unless the run asks for it', () => {
    const r = withFindings()
    expect(r.summary.robustness).toBe(1)
    expect(r.summary.blocked).toBe(2)
    expect(r.verdict).toBe('conformant')
    expect(withFindings(['robustness']).verdict).toBe('nonconformant')
  })

  it('are listed with their transcript on the console, in summary.md and in report.html, escaped', () => {
    const r = withFindings()
    expect(robustnessFindingsOf(r)).toHaveLength(1)
    expect(robustnessLines(r, false).join('\n')).toMatch(
      /not part of the verdict\): 1 finding\(s\) in 1 test/,
    )
    expect(robustnessLines(r, false).join('\n')).toContain(
      "curl -sS -X POST 'http://x/v1/namespaces/n/tables'",
    )
    const md = renderMarkdown(r)
    expect(md).toContain('### Robustness findings (not part of the verdict)')
    const html = renderHtml(r)
    expect(html).toContain('id="robustness">Robustness findings (1)')
    expect(html).not.toContain(HOSTILE)
    expect(renderHtml(withFindings(['robustness']))).toContain('part of the verdict (--fail-on robustness)')
  })
})

/** `r` with the carrying rule's own tests failed, as a server refusing the setup step fails them. */
function carrierFailed(r: Results): Results {
  const failed = (t: TestResult): TestResult =>
    t.rule === 'tables/create/returns-metadata' && t.outcome !== 'blocked' ? { ...t, outcome: 'fail' } : t
  return { ...r, tests: r.tests.map(failed) }
}

describe('blocked tests', () => {
  it('are grouped under the rule that carries the refused setup step, in every report', () => {
    const r = carrierFailed(withFindings())
    expect(blockedGroups(r)).toMatchObject([
      { rule: 'tables/create/returns-metadata', tests: [expect.any(String), expect.any(String)] },
    ])
    expect(blockedLines(r)[1]).toMatch(/^ {2}tables\/create\/returns-metadata: 2 test\(s\)/)
    expect(renderMarkdown(r)).toMatch(/\| tables\/create\/returns-metadata \| 2 \|/)
    const html = renderHtml(r)
    expect(html).toContain('id="blocked">Blocked (2)')
    expect(html).not.toContain(HOSTILE)
    expect(blockedGroups(r)[0]?.judgedHere).toBe(true)
  })

  it('say so when no test of the carrying rule is in the results (a run narrowed to other areas)', () => {
    const full = withFindings()
    const r = { ...full, tests: full.tests.filter((t) => t.rule !== 'tables/create/returns-metadata') }
    expect(blockedGroups(r)[0]).toMatchObject({ rule: 'tables/create/returns-metadata', judgedHere: false })
    expect(blockedLines(r)[1]).toMatch(
      /^ {2}tables\/create\/returns-metadata \(not judged in this run: run its area too for the verdict on it\): 2 test/,
    )
    expect(renderMarkdown(r)).toContain('| tables/create/returns-metadata (not judged in this run')
    expect(renderHtml(r)).toContain('(not judged in this run: run its area too for the verdict on it)')
  })

  it('say so when every test of the carrying rule passed (the refused step is judged by no test)', () => {
    const r = withFindings()
    expect(blockedGroups(r)[0]).toMatchObject({ judgedHere: true, carrierPassed: true })
    expect(blockedLines(r)[1]).toContain(
      'tables/create/returns-metadata (passed in this run: the refused step',
    )
    expect(renderMarkdown(r)).toContain('| tables/create/returns-metadata (passed in this run')
    expect(renderHtml(r)).toContain('(passed in this run: the refused step is judged by no test')
    expect(blockedGroups(carrierFailed(r))[0]?.carrierPassed).toBe(false)
  })
})
