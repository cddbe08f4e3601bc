/**
 * createView's metadata: schema id 0 (field ids kept),
 * version 1 stamped now, one version-log entry.
 */
import { badRequest } from '../errors.ts'
import { obj, str, strMap, trimLocation } from './read.ts'
import { parseSchema, validateSchema } from './schema.ts'
import type { BuildContext, CreateViewInput, Schema, ViewMetadata } from './types.ts'
import { checkDialects, parseViewVersion } from './view-version.ts'

/** Views have no format-version gate on types; validate schemas with the newest table rules. */
export const VIEW_SCHEMA_FORMAT = 3

/**
 * Builds the metadata of a new view from a CreateViewRequest body.
 *
 * The request's `view-version` keeps its summary, representations, default catalog and namespace; its
 * `version-id` becomes 1, `timestamp-ms` becomes now and `schema-id` the id of the request schema (0),
 * as the OpenAPI says. (Java's fixture also replaces the summary with its own; the spec does not ask that.)
 *
 * @param location the catalog's default view location, used when `req.location` is absent.
 */
export function createViewMetadata(req: CreateViewInput, location: string, ctx: BuildContext): ViewMetadata {
  const body = obj(req as unknown, 'create view request')
  str(body, 'name', 'create view request')
  const parsed = parseSchema(body.schema)
  validateSchema(parsed, VIEW_SCHEMA_FORMAT)
  const schema: Schema = { type: 'struct', 'schema-id': 0, fields: parsed.fields }
  if (parsed['identifier-field-ids']) schema['identifier-field-ids'] = parsed['identifier-field-ids']
  const requested = parseViewVersion(body['view-version'])
  checkDialects(requested)
  const properties =
    body.properties === undefined || body.properties === null
      ? {}
      : strMap(body, 'properties', 'create view request')
  const rawLocation = typeof body.location === 'string' && body.location !== '' ? body.location : location
  if (typeof rawLocation !== 'string' || rawLocation === '') throw badRequest('View location is required')
  return {
    'view-uuid': ctx.newUuid(),
    'format-version': 1,
    location: trimLocation(rawLocation),
    'current-version-id': 1,
    versions: [{ ...requested, 'version-id': 1, 'timestamp-ms': ctx.nowMs, 'schema-id': 0 }],
    'version-log': [{ 'version-id': 1, 'timestamp-ms': ctx.nowMs }],
    schemas: [schema],
    properties,
  }
}
