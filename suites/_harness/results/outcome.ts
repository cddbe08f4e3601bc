/**
 * The one place a test's outcome is decided: from Vitest's state, the `code` of what the test threw (see
 * errors.ts) and what the test recorded on its meta (warn, unsupported, not-configured, disabled). Reporters call this and
 * nothing else; no outcome is ever read from an error's class name.
 */
import { ERROR_CODES, errorCode } from './errors.ts'
import type { ConformanceMeta, Outcome } from './meta.ts'

/** Codes that mean "the server broke the rule"; anything else thrown is the harness's or a setup step's error. */
const RULE_FAILURE_CODES: ReadonlySet<string> = new Set([ERROR_CODES.conformanceFailure])

/** What Vitest reports of a finished test. `thrown` is its first error, serialized (own properties kept). */
export interface FinishedTest {
  readonly state: 'passed' | 'failed' | 'skipped' | 'pending'
  readonly thrown?: unknown
  readonly meta?: Pick<ConformanceMeta, 'outcome' | 'stoppedAnswering'> | undefined
}

export function outcomeOf({ state, thrown, meta }: FinishedTest): Outcome {
  // Some of its requests were never sent: whatever it concluded, it judged nothing.
  if (meta?.stoppedAnswering && state !== 'skipped' && state !== 'pending') return 'error'
  if (state === 'failed') {
    const code = errorCode(thrown)
    if (code === ERROR_CODES.blocked) return 'blocked'
    return code !== undefined && RULE_FAILURE_CODES.has(code) ? 'fail' : 'error'
  }
  if (state === 'skipped' || state === 'pending')
    return meta?.outcome === 'unsupported' || meta?.outcome === 'not-configured' ? meta.outcome : 'disabled'
  return meta?.outcome === 'warn' ? 'warn' : 'pass'
}
