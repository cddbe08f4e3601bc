/**
 * A HarnessError is the harness's own failure (bad config, unreachable target, failed auth setup): the CLI
 * prints its message as one line and exits 2. Never a stack trace unless --debug.
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError'
}

/** Thrown when a check of a MUST rule fails: the test's outcome is "fail". */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure'
}

/** Thrown when a setup step (not the rule under test) did not succeed: the outcome is "error". */
export class SetupError extends Error {
  override readonly name = 'SetupError'
}
