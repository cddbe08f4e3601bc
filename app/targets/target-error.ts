/**
 * The one error type target providers throw. `code` is stable so the CLI can map it to an exit
 * status and a hint; the message is written for a person and already carries the useful context
 * (for a process, the last lines of its stderr).
 */
export type TargetErrorCode =
  | 'TARGET_UNKNOWN'
  | 'TARGET_NOT_PREPARED'
  | 'TARGET_EXITED'
  | 'TARGET_READINESS_TIMEOUT'
  | 'TARGET_SPAWN_FAILED'
  | 'TARGET_NO_CONTAINER_RUNTIME'
  | 'TARGET_BOOTSTRAP_FAILED'
  | 'TARGET_DEFINITION_INVALID'

/** A target could not be selected, prepared, started or made ready. Not the catalog's fault. */
export class TargetError extends Error {
  override readonly name = 'TargetError'
  readonly code: TargetErrorCode
  constructor(code: TargetErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
