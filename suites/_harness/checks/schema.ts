/** Checks bodies against the project's JSON Schemas (schemas/): success bodies by operation, error bodies as the envelope. */
import { validate } from '../../../schemas/index.ts'
import type { Check } from './types.ts'

const MAX_REPORTED = 5

export const responseSchema: Check = (ex, { op, expectation }) => {
  if (ex.status < 200 || ex.status >= 300 || !op) return []
  const name = expectation.schema === undefined ? op.success.schema : expectation.schema
  if (!name || ex.status !== op.success.status) return []
  // A body that is there but not JSON is the content-type check's; no body at all is this one's: the spec gives
  // this answer a JSON body of this schema (a HEAD answer has none by definition).
  if (ex.json === undefined) {
    if (ex.bodyText.length > 0 || ex.request.method === 'HEAD') return []
    return [
      {
        check: 'response-schema',
        rule: `schema/${name}`,
        level: 'MUST' as const,
        message: `${name}: the ${ex.status} answer has no body`,
        received: '(no body)',
        expected: name,
      },
    ]
  }
  const result = validate(name, ex.json)
  return result.errors.slice(0, MAX_REPORTED).map((e) => ({
    check: 'response-schema',
    rule: `schema/${name}`,
    level: 'MUST' as const,
    message: `${name}${e.instancePath || '/'} ${e.message}`,
    instancePath: e.instancePath,
  }))
}
