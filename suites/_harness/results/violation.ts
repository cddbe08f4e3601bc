/** What a check reports: the broken rule, its RFC 2119 level and what was received against what was expected. */
import type { Level } from '../../../schemas/rules/catalog.ts'

/** RFC 2119 level of a rule (defined with the rules catalog). */
export type { Level }

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
