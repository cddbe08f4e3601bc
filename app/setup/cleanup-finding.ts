/**
 * What the end-of-run cleanup tells about the server. Removing what the run created uses valid requests (drops of
 * tables, views and namespaces the run made). No answer there breaks `http/responds` like anywhere else, and becomes a
 * failing result of its own instead of a trailing line; a 5xx is a robustness finding of `errors/valid-request-no-5xx`
 * (the drop rules judge those operations at their levels in their own tests), reported apart. What
 * the catalog still holds afterwards is named in the results as left behind, with how to remove it; it is not a
 * harness error, and the exit code stays the verdict's.
 */
import { statusWithError } from '../../suites/_harness/results/status-message.ts'
import { recordOf } from '../../suites/_harness/http/exchange.ts'
import type { Exchange } from '../../suites/_harness/http/exchange.ts'
import type { Redactor } from '../../suites/_harness/http/redact.ts'
import type { Violation } from '../../suites/_harness/results/violation.ts'
import type { TestResult } from '../../reports/results.ts'

export const CLEANUP_FILE = 'cleanup'
const MAX_RECORDED = 8

/** The failing result of the cleanup, or undefined when the server answered every drop. */
export function cleanupFinding(failed: readonly Exchange[], redactor: Redactor): TestResult | undefined {
  const first = failed[0]
  if (!first) return undefined
  const violations: Violation[] = failed.slice(0, MAX_RECORDED).map((ex) => ({
    check: 'cleanup',
    rule: ex.transportError ? 'http/responds' : 'errors/valid-request-no-5xx',
    level: ex.transportError ? 'MUST' : 'ROBUSTNESS',
    message: `removing what the run created (${ex.operationId} ${ex.request.method} ${ex.request.url}): ${
      ex.transportError
        ? `no HTTP response: ${ex.transportError}`
        : `a valid request answered ${statusWithError(ex.status, ex.json)}`
    }`,
    operationId: ex.operationId,
    status: ex.status,
    curl: ex.curl,
  }))
  const name = 'the catalog removes what the run created without a server error'
  return {
    id: `${CLEANUP_FILE}::${name}`,
    file: CLEANUP_FILE,
    name,
    area: CLEANUP_FILE,
    operationId: first.operationId,
    rule: violations[0]?.rule ?? 'errors/valid-request-no-5xx',
    level: violations.some((v) => v.level === 'MUST') ? 'MUST' : 'ROBUSTNESS',
    title: name,
    outcome: violations.some((v) => v.level === 'MUST') ? 'fail' : 'pass',
    durationMs: 0,
    message: `${failed.length} drop(s) of the run's own objects failed on the server's side; first: ${violations[0]?.message ?? ''}`,
    violations,
    exchanges: failed.slice(0, MAX_RECORDED).map((ex) => recordOf(ex, redactor)),
  }
}

/** One line naming what the catalog still holds, and how to remove it. */
export function leftoverLine(left: readonly (readonly string[])[], runPrefix: string): string {
  const names = left.map((ns) => JSON.stringify(ns).slice(0, 120)).join(', ')
  return `left behind: ${left.length} namespace(s) of this run that the catalog would not remove by name: ${names}. They all start with ${runPrefix}; remove them with the catalog's own tools (\`catalog-conformance cleanup\` tries again by name).`
}
