/**
 * junit.xml, rendered from results.json like every other report, so that its counts are the verdict's: a fail is
 * a <failure>, a harness or setup error an <error> (never the server's failure), unsupported and disabled tests
 * are <skipped> with their reason, and a warning (a broken SHOULD) stays visible as a property and in
 * <system-out> — JUnit has no "warning", and a warning must not fail a CI job that only reads JUnit.
 * Testsuites are the spec areas (`conformance.<area>`); run-level harness errors are one more <error>.
 */
import type { Results, TestResult } from './results.ts'
import { brokenBy } from './violated-rules.ts'
import { distinctFailuresOf } from './distinct-failures.ts'

/** XML text and attribute escaping; characters XML 1.0 cannot carry are dropped. */
export function xml(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

const firstLine = (s: string | undefined): string => (s ?? '').split('\n')[0] ?? ''

function details(t: TestResult): string {
  const lines = [t.message ?? '']
  const by = brokenBy(t)
  if (by.length > 0) lines.push(`broken by: ${by.join(', ')} (the test's own rule is ${t.rule} [${t.level}])`)
  for (const v of t.violations)
    lines.push(`${v.level} ${v.rule}: ${v.message}${v.curl ? `\n  ${v.curl}` : ''}`)
  if (t.replay) lines.push(`replay: ${t.replay}`)
  const distinct = distinctFailuresOf(t)
  // A property that found several kinds of failure: each with its own shrunk case and replay.
  distinct.forEach((f, i) =>
    lines.push(
      `distinct failure ${i + 1} of ${distinct.length}: ${f.summary}\n  counterexample: ${f.counterexample}\n  replay: ${f.replay}`,
    ),
  )
  return lines.filter(Boolean).join('\n')
}

function testcase(t: TestResult): string {
  const open = `<testcase classname="conformance.${xml(t.area)}" name="${xml(`${t.title} [${t.level}] (${t.rule})`)}" time="${(t.durationMs / 1000).toFixed(3)}">`
  const props = `<properties><property name="outcome" value="${t.outcome}"/><property name="rule" value="${xml(t.rule)}"/><property name="level" value="${t.level}"/></properties>`
  switch (t.outcome) {
    case 'fail':
      return `${open}${props}<failure type="${xml(brokenBy(t)[0] ?? t.rule)}" message="${xml(firstLine(t.message))}">${xml(details(t))}</failure></testcase>`
    case 'error':
      return `${open}${props}<error type="harness" message="${xml(firstLine(t.message))}">${xml(details(t))}</error></testcase>`
    case 'warn':
      return `${open}${props}<system-out>${xml(`WARNING (SHOULD broken): ${details(t)}`)}</system-out></testcase>`
    case 'unsupported':
    case 'not-configured':
    case 'disabled':
    case 'blocked':
      return `${open}${props}<skipped message="${xml(`${t.outcome}: ${t.reason ?? ''}`)}"/></testcase>`
    default:
      return `${open}${props}</testcase>`
  }
}

function counts(tests: readonly TestResult[]): string {
  const n = (o: string) => tests.filter((t) => t.outcome === o).length
  return `tests="${tests.length}" failures="${n('fail')}" errors="${n('error')}" skipped="${n('unsupported') + n('not-configured') + n('disabled') + n('blocked')}"`
}

/** The whole junit.xml of a run. */
export function renderJunit(r: Results): string {
  const areas = [...new Set(r.tests.map((t) => t.area))].sort()
  const suites = areas.map((a) => {
    const tests = r.tests.filter((t) => t.area === a)
    const time = tests.reduce((s, t) => s + t.durationMs, 0) / 1000
    return `  <testsuite name="conformance.${xml(a)}" ${counts(tests)} time="${time.toFixed(3)}">\n${tests.map((t) => `    ${testcase(t)}`).join('\n')}\n  </testsuite>`
  })
  if (r.errors.length > 0)
    suites.push(
      `  <testsuite name="conformance.harness" tests="${r.errors.length}" failures="0" errors="${r.errors.length}" skipped="0">\n${r.errors
        .map(
          (e, i) =>
            `    <testcase classname="conformance.harness" name="run error ${i + 1}"><error type="harness" message="${xml(firstLine(e))}">${xml(e)}</error></testcase>`,
        )
        .join('\n')}\n  </testsuite>`,
    )
  const total = { ...r.summary }
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="catalog-conformance: ${xml(r.verdict)}" tests="${total.total + r.errors.length}" failures="${total.fail}" errors="${total.error + r.errors.length}" skipped="${total.unsupported + (total['not-configured'] ?? 0) + total.disabled + (total.blocked ?? 0)}" time="${(r.durationMs / 1000).toFixed(3)}">
${suites.join('\n')}
</testsuites>
`
}
