/**
 * The check registry. Every exchange a test asserts on runs through every enabled check; a config can switch
 * a check off by name (`disable-checks`), and it is then reported as disabled.
 */
import { OPERATIONS } from '../../../schemas/operations.ts'
import type { Exchange } from '../http/exchange.ts'
import { isKnownOperation } from '../capabilities.ts'
import { errorEnvelope, errorType } from './errors.ts'
import { jsonContentType, noBody, responds, serverError, statusExpected } from './http.ts'
import { responseSchema } from './schema.ts'
import type { CheckName } from './names.ts'
import type { Check, Expectation, Violation } from './types.ts'

export const CHECKS: Readonly<Record<CheckName, Check>> = {
  responds,
  status: statusExpected,
  'server-error': serverError,
  'no-body': noBody,
  'content-type': jsonContentType,
  'error-envelope': errorEnvelope,
  'error-type': errorType,
  'response-schema': responseSchema,
}

export type { CheckName } from './names.ts'

/** Runs every enabled check on one exchange. A missing response short-circuits the rest. */
export function runChecks(
  ex: Exchange,
  expectation: Expectation,
  disabled: ReadonlySet<string>,
): Violation[] {
  const op = isKnownOperation(ex.operationId) ? OPERATIONS[ex.operationId] : undefined
  const ctx = { op, expectation }
  if (ex.transportError) return responds(ex, ctx)
  const out: Violation[] = []
  for (const [name, check] of Object.entries(CHECKS)) if (!disabled.has(name)) out.push(...check(ex, ctx))
  return out
}

export type { Check, Expectation, Level, Violation } from './types.ts'
