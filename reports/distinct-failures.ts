/**
 * The distinct failures of property tests (suites/_harness/support/property.ts): a property that found several
 * kinds of failure carries the first in its own fields and the others in `moreFailures`. Every report lists each
 * kind with its shrunk counterexample and replay command, so a second defect is not hidden behind the first.
 */
import type { Violation } from '../suites/_harness/results/violation.ts'
import type { ExchangeRecord } from '../suites/_harness/results/exchange-record.ts'
import { readEntities } from '../schemas/html-entities.ts'
import { answerText, firstMustAnswer } from '../suites/_harness/results/answer-text.ts'
import type { Results, TestResult } from './results.ts'

/** One distinct failure as the summaries show it. */
export interface ShownFailure {
  /** The first line of what the counterexample broke, and what the server's error named where the line does not say. */
  readonly summary: string
  readonly counterexample: string
  readonly replay: string
}

const firstLine = (s: string | undefined): string => (s ?? '').split('\n')[0] ?? ''

/**
 * The first line of a failure's message and, when the server's error text is not in it, that text: two kinds of one
 * operation often break the same rule with the same words (`status 500, expected 400`, the container's error page
 * carrying no envelope to quote), and only what the server named (the exception) tells them apart, as it did for
 * the signature that kept them apart (suites/_harness/support/failure-signature.ts).
 */
function summaryOf(
  message: string | undefined,
  violations: readonly Violation[],
  exchanges: readonly ExchangeRecord[],
): string {
  const line = firstLine(message)
  const answer = firstMustAnswer(violations, exchanges)
  if (!answer || answer.status < 500) return line
  const { errorType, message: text } = answerText(answer)
  const named = readEntities(firstLine(text)).trim()
  if (!named || readEntities(line).includes(named.slice(0, 30))) return line
  return `${line} — ${errorType ? `${errorType}: ` : ''}${named}`
}

/** Every distinct failure of `t`, the first included; empty unless the test found more than one. */
export function distinctFailuresOf(t: TestResult): ShownFailure[] {
  const more = t.moreFailures ?? []
  if (more.length === 0) return []
  // The test's violations are every kind's, the first kind's first; its exchanges are the first kind's.
  return [
    {
      summary: summaryOf(t.message, t.violations, t.exchanges),
      counterexample: t.counterexample ?? '',
      replay: t.replay ?? t.path ?? '',
    },
    ...more.map((f) => ({
      summary: summaryOf(f.message, f.violations, f.exchanges),
      counterexample: f.counterexample,
      replay: f.replay,
    })),
  ]
}

/** The tests that found more than one distinct failure. */
export function withDistinctFailures(r: Pick<Results, 'tests'>): TestResult[] {
  return r.tests.filter((t) => (t.moreFailures?.length ?? 0) > 0)
}

function clipped(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s
}

/** Console lines: each property test with several distinct failures, every failure with its case and replay. */
export function distinctFailureLines(r: Pick<Results, 'tests'>, limit = 10): string[] {
  const tests = withDistinctFailures(r)
  if (tests.length === 0) return []
  const lines = [`property tests with several distinct failures (${tests.length}):`]
  for (const t of tests.slice(0, limit)) {
    const all = distinctFailuresOf(t)
    lines.push(`  ${t.rule}: ${all.length} distinct failures`)
    all.forEach((f, i) =>
      lines.push(
        `    ${i + 1}. ${clipped(f.summary, 200)}`,
        `       counterexample: ${clipped(f.counterexample, 200)}`,
        `       replay: ${f.replay}`,
      ),
    )
  }
  if (tests.length > limit) lines.push(`  … and ${tests.length - limit} more in report.html`)
  return lines
}

/**
 * Console lines: every failing property or model run that found one kind of failure, with its shrunk counterexample
 * and the command that replays it against the same server (those with several kinds: distinctFailureLines). The
 * replay was in results.json only, so a failing model run showed its rule and curl line but no way to rerun it.
 */
export function replayLines(r: Pick<Results, 'tests'>, limit = 10): string[] {
  const tests = r.tests.filter(
    (t) =>
      (t.outcome === 'fail' || t.outcome === 'warn') &&
      replayOf(t) !== undefined &&
      !(t.moreFailures?.length ?? 0),
  )
  if (tests.length === 0) return []
  const lines = [`failing property and model runs (${tests.length}), each with its replay:`]
  for (const t of tests.slice(0, limit))
    lines.push(
      `  ${t.rule}: ${clipped(t.counterexample ?? '(no counterexample)', 200)}`,
      `       replay: ${replayOf(t) ?? ''}`,
    )
  if (tests.length > limit) lines.push(`  … and ${tests.length - limit} more in report.html`)
  return lines
}

/** The command that replays a property test's failure, or its seed and path where no command was recorded. */
function replayOf(t: TestResult): string | undefined {
  if (t.replay) return t.replay
  return t.seed === undefined ? undefined : `--seed ${t.seed}${t.path ? ` --path '${t.path}'` : ''}`
}
