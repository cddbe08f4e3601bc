import { describe, expect, it } from 'vitest'
import { loadFixture } from './fixtures.ts'
import { renderHtml } from './html.ts'
import { renderJunit } from './junit.ts'
import { renderMarkdown } from './markdown.ts'
import { validateResults } from './results-schema.ts'
import type { Results, TestResult } from './results.ts'
import type { ExchangeRecord } from '../suites/_harness/results/exchange-record.ts'
import { distinctFailureLines, distinctFailuresOf, replayLines } from './distinct-failures.ts'

const HOSTILE = '<img src=x onerror=alert(1)>'

/** The realistic fixture with its stateful property test given a second, distinct failure (server text hostile). */
function withSecondFailure(): { r: Results; t: TestResult } {
  const r = loadFixture('results-realistic.json')
  const i = r.tests.findIndex((t) => t.rule === 'stateful/catalog/model-agrees')
  const first = r.tests[i]!
  const t: TestResult = {
    ...first,
    replay: `catalog-conformance run --include stateful --seed 1234567 --path '${first.path}'`,
    moreFailures: [
      {
        signature: 'errors/no-5xx | 500 | a server error (# Boom: …)',
        message: `a server error (500 Boom: ${HOSTILE}) where 204 was due\n  Rule: errors/no-5xx [MUST]`,
        counterexample: `[dropNamespace(["${HOSTILE}"])]`,
        path: 'stateful/catalog/model-agrees@3:1',
        replay:
          "catalog-conformance run --include stateful --seed 1234567 --path 'stateful/catalog/model-agrees@3:1'",
        violations: [
          {
            check: 'server-error',
            rule: 'errors/no-5xx',
            level: 'MUST',
            message: `a server error (500 Boom: ${HOSTILE}) where 204 was due`,
            status: 500,
            curl: "curl -X DELETE 'http://localhost/v1/namespaces/second'",
          },
        ],
        exchanges: first.exchanges.slice(0, 1),
      },
    ],
  }
  const tests = [...r.tests]
  tests[i] = t
  return { r: { ...r, tests }, t }
}

describe('distinct failures in the reports', () => {
  const { r, t } = withSecondFailure()
  const second = t.moreFailures![0]!
  const first = t

  it('results.json carries them (schema), and refuses an entry without its replay path', () => {
    expect(validateResults(r)).toEqual([])
    const broken = {
      ...r,
      tests: r.tests.map((x) => (x === t ? { ...t, moreFailures: [{ ...second, path: undefined }] } : x)),
    }
    expect(validateResults(JSON.parse(JSON.stringify(broken)))).not.toEqual([])
  })

  it('lists every kind, the first from the test’s own fields, and nothing for a test with one', () => {
    const all = distinctFailuresOf(t)
    expect(all.map((f) => f.counterexample)).toEqual([t.counterexample, second.counterexample])
    expect(all.map((f) => f.replay)).toEqual([t.replay, second.replay])
    expect(all[1]?.summary).toBe(`a server error (500 Boom: ${HOSTILE}) where 204 was due`)
    expect(distinctFailuresOf({ ...t, moreFailures: undefined })).toEqual([])
  })

  it('adds what the server named when the line does not say it (two kinds breaking one rule in the same words)', () => {
    const curl = "curl -X POST 'http://localhost/v1/namespaces/ns/tables/t'"
    const jetty = (status: number, text: string): ExchangeRecord => ({
      ...first.exchanges[0]!,
      curl,
      status,
      body: `{"message":"java.lang.UnsupportedOperationException: ${text}","url":"u","status":"${status}"}`,
    })
    const kind = (status: number, message: string, text: string) => ({
      ...second,
      message: `${message}\n  Rule: r [MUST]`,
      violations: [{ check: 'status', rule: 'r', level: 'MUST' as const, message, status, curl }],
      exchanges: [jetty(status, text)],
    })
    const summaries = (...kinds: ReturnType<typeof kind>[]) =>
      distinctFailuresOf({ ...t, moreFailures: kinds })
        .slice(1)
        .map((f) => f.summary)
    expect(
      summaries(
        kind(500, 'status 500, expected 400', 'Cannot convert metadata update action to json: x-aaa'),
        kind(500, 'status 500, expected 400', 'Unrecognized update requirement: x-aaa'),
        // Said already: nothing added.
        kind(500, 'status 500 (UnsupportedOperationException: Boom &apos;x&apos;), expected 400', "Boom 'x'"),
        // Below 500 the message is the check's own.
        kind(404, 'status 404, expected 400', 'Not found'),
      ),
    ).toEqual([
      'status 500, expected 400 — UnsupportedOperationException: Cannot convert metadata update action to json: x-aaa',
      'status 500, expected 400 — UnsupportedOperationException: Unrecognized update requirement: x-aaa',
      'status 500 (UnsupportedOperationException: Boom &apos;x&apos;), expected 400',
      'status 404, expected 400',
    ])
    // What the server named reaches summary.md and junit.xml escaped, like the rest of the line.
    const hostile = {
      ...r,
      tests: r.tests.map((x) =>
        x === t ? { ...t, moreFailures: [kind(500, 'status 500, expected 400', HOSTILE)] } : x,
      ),
    }
    expect(distinctFailureLines(hostile).join('\n')).toContain(`— UnsupportedOperationException: ${HOSTILE}`)
    expect(renderMarkdown(hostile)).not.toContain(HOSTILE)
    expect(renderJunit(hostile)).not.toContain(HOSTILE)
    expect(renderJunit(hostile)).toContain('UnsupportedOperationException: &lt;img')
  })

  it('the console names each failure with its counterexample and replay', () => {
    const lines = distinctFailureLines(r).join('\n')
    expect(lines).toContain('property tests with several distinct failures (1):')
    expect(lines).toContain('stateful/catalog/model-agrees: 2 distinct failures')
    expect(lines).toContain(`replay: ${t.replay}`)
    expect(lines).toContain(`replay: ${second.replay}`)
    expect(lines).toContain(`counterexample: ${second.counterexample}`)
    expect(distinctFailureLines(loadFixture('results-realistic.json'))).toEqual([])
  })

  it('the console gives every other failing property or model run its replay line', () => {
    const realistic = loadFixture('results-realistic.json')
    const lines = replayLines(realistic).join('\n')
    expect(lines).toContain('failing property and model runs (1), each with its replay:')
    expect(lines).toContain(`replay: --seed 1234567 --path '6:0:1'`)
    expect(replayLines(r)).toEqual([])
  })

  it('report.html shows each failure escaped, with its own transcript', () => {
    const html = renderHtml(r)
    expect(html).toContain('Distinct failure 1 of 2')
    expect(html).toContain('Distinct failure 2 of 2')
    expect(html).toContain('stateful/catalog/model-agrees@3:1')
    expect(html).toContain('[dropNamespace([&quot;&lt;img src=x onerror=alert(1)&gt;&quot;])]')
    expect(html).not.toContain(HOSTILE)
    expect(html.match(/<details><summary>Transcript/g)?.length).toBe(
      renderHtml(loadFixture('results-realistic.json')).match(/<details><summary>Transcript/g)!.length + 1,
    )
  })

  it('summary.md has a row per failure, escaped', () => {
    const md = renderMarkdown(r)
    expect(md).toContain('### Distinct failures of property tests')
    expect(md).toMatch(/\| 1\/2 \|.*--path '6:0:1'/)
    expect(md).toMatch(/\| 2\/2 \|.*stateful\/catalog\/model-agrees@3:1/)
    expect(md).not.toContain(HOSTILE)
    expect(renderMarkdown(loadFixture('results-realistic.json'))).not.toContain('Distinct failures')
  })

  it('junit.xml names each failure in the test’s <failure>', () => {
    const xml = renderJunit(r)
    expect(xml).toContain('distinct failure 1 of 2')
    expect(xml).toContain('distinct failure 2 of 2: a server error (500 Boom: &lt;img')
    expect(xml).toContain(`replay: ${second.replay}`)
    expect(xml).not.toContain(HOSTILE)
  })
})
