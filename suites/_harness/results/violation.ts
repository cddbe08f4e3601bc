/** What a check reports: the broken rule, its RFC 2119 level and what was received against what was expected. */

/** RFC 2119 level of a rule. A broken MUST fails a test; a broken SHOULD warns; MAY is never a failure. */
export type Level = 'MUST' | 'SHOULD' | 'MAY'

export interface Violation {
  /** Name of the check that found it (see checks/index.ts). */
  readonly check: string
  /** Id of the spec rule it breaks. */
  readonly rule: string
  readonly level: Level
  readonly message: string
  readonly received?: string
  readonly expected?: string
  readonly instancePath?: string
  /** The exchange that broke the rule, when one did: its operation, status and curl line (secrets redacted). */
  readonly operationId?: string
  readonly status?: number
  readonly curl?: string
}
