/**
 * The names of the checks in the registry (checks/index.ts), apart from their code: configuration validates
 * `disable-checks` against this list without loading the checks and their JSON Schemas.
 */
export const CHECK_NAMES = [
  'responds',
  'status',
  'server-error',
  'no-body',
  'content-type',
  'error-envelope',
  'error-type',
  'response-schema',
] as const

export type CheckName = (typeof CHECK_NAMES)[number]
