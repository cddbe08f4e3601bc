/**
 * The harness's errors, each with a stable `code` (as undici's errors have): the outcome of a test is read
 * from the code (results/outcome.ts), never from the class name, so that an error that crossed a worker
 * boundary as plain data is still classified the same way.
 */

/** The stable codes of the harness's errors. */
export const ERROR_CODES = {
  /** A check of a MUST rule failed: the server broke the rule under test. */
  conformanceFailure: 'CC_CONFORMANCE_FAILURE',
  /** A setup step (not the rule under test) did not succeed: the test cannot be evaluated. */
  setup: 'CC_SETUP_ERROR',
  /** The harness's own failure (bad config, unreachable target, failed auth setup). */
  harness: 'CC_HARNESS_ERROR',
  /**
   * The server refused a setup step the rule needs: the rule is not judged here, but by the rule that carries the
   * defect (the setup operation's own), once.
   */
  blocked: 'CC_BLOCKED',
} as const

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/**
 * A HarnessError is the harness's own failure (bad config, unreachable target, failed auth setup): the CLI
 * prints its message as one line and exits 2. Never a stack trace unless --debug.
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError'
  readonly code: ErrorCode = ERROR_CODES.harness
}

/** Thrown when a check of a MUST rule fails: the test's outcome is "fail". */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure'
  readonly code: ErrorCode = ERROR_CODES.conformanceFailure
}

/** Thrown when a setup step (not the rule under test) did not succeed: the outcome is "error". */
export class SetupError extends Error {
  override readonly name = 'SetupError'
  readonly code: ErrorCode = ERROR_CODES.setup
}

/**
 * Thrown when the server refused a setup step (any answer that is not the success the step needs): the outcome is
 * "blocked", never part of the verdict. `rule` names the rule that carries the defect, judged in its own test.
 */
export class Blocked extends Error {
  override readonly name = 'Blocked'
  readonly code: ErrorCode = ERROR_CODES.blocked
  readonly rule: string
  constructor(message: string, rule: string) {
    super(message)
    this.rule = rule
  }
}

/** The rule a thrown Blocked names (also after it crossed a worker boundary as plain data). */
export function blockedBy(thrown: unknown): string | undefined {
  if (errorCode(thrown) !== ERROR_CODES.blocked) return undefined
  const rule = (thrown as { rule?: unknown }).rule
  return typeof rule === 'string' ? rule : undefined
}

/** The `code` of anything thrown, when it carries a string one (ours, undici's, node's). */
export function errorCode(thrown: unknown): string | undefined {
  const code = (thrown as { code?: unknown } | null | undefined)?.code
  return typeof code === 'string' ? code : undefined
}
