/**
 * Deep equality as a rule assertion for values that may hold exact int64 ids: a snapshot id beyond 2^53 is a bigint
 * in a parsed answer (schemas/model/json-int64.ts), which JSON.stringify cannot write. Compared with jsonEqual (key
 * order ignored, as check.equal does) and shown as the JSON text the server would have written.
 */
import { stringifyJson } from '../../../schemas/model/json-int64.ts'
import { jsonEqual } from '../../../schemas/model/json.ts'
import type { Checker } from '../checker.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Level } from '../checks/types.ts'

const text = (v: unknown): string => (v === undefined ? 'undefined' : stringifyJson(v))

export function equalExact(
  check: Checker,
  received: unknown,
  expected: unknown,
  message: string,
  opts: { rule?: string; level?: Level; ex?: Exchange } = {},
): void {
  check.that(jsonEqual(received, expected), message, {
    ...opts,
    received: text(received),
    expected: text(expected),
  })
}
