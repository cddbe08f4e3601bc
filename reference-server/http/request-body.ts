/**
 * Parsing and validating request bodies: JSON for every catalog operation, checked against the
 * operation's request schema from schemas/ (400 with the schema's messages on a mismatch).
 */
import { OPERATIONS, type OperationId } from '../../schemas/operations.ts'
import { hasSchema, validateOpen } from '../../schemas/index.ts'
import { badRequest } from '../errors.ts'
import { parseJson } from '../../schemas/model/json-int64.ts'
import { withoutNulls } from '../../schemas/model/json.ts'

/** Operations whose body the spec does not mark required. */
const OPTIONAL_BODY: ReadonlySet<OperationId> = new Set(['planTableScan'])

/** The parsed body of the request for operation `id`, or undefined when the operation takes none. */
export function parseBody(id: OperationId, raw: string, validateSchema: boolean): unknown {
  const schema = OPERATIONS[id].request
  if (schema === null) return undefined
  if (raw.trim() === '') {
    if (OPTIONAL_BODY.has(id)) return undefined
    throw badRequest(`Missing request body (${schema})`)
  }
  let body: unknown
  try {
    body = parseJson(raw)
  } catch (e) {
    throw badRequest(`Malformed JSON body: ${(e as Error).message}`)
  }
  body = withoutNulls(body)
  if (validateSchema && hasSchema(schema)) {
    // Open schemas: a field the spec does not name is ignored, as the upstream schemas and the Java server do.
    const result = validateOpen(schema, body)
    if (!result.valid) {
      const first = result.errors.slice(0, 5).map((e) => e.message)
      throw badRequest(`Invalid ${schema}: ${first.join('; ')}`)
    }
  }
  return body
}
