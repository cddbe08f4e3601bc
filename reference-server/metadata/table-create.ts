/**
 * createTable's metadata: fresh field ids from 1,
 * spec field ids from 1000, sort order id 1, format-version from the `format-version` property (default 2),
 * reserved properties removed.
 */
import { badRequest, validationFailed } from '../errors.ts'
import { bindSortOrder, bindSpec, parseSortOrder, parseSpec } from './bind.ts'
import { obj, str, strMap, trimLocation } from './read.ts'
import { assignFreshIds, maxFieldId, parseSchema, validateSchema } from './schema.ts'
import type { BuildContext, CreateTableInput, PartitionSpec, SortOrder, TableMetadata } from './types.ts'

/** Table properties the catalog derives from metadata; they are never stored. */
export const RESERVED_TABLE_PROPERTIES = [
  'format-version',
  'uuid',
  'snapshot-count',
  'current-snapshot-id',
  'current-snapshot-summary',
  'current-snapshot-timestamp-ms',
  'current-schema',
  'default-partition-spec',
  'default-sort-order',
] as const

/** Highest format version this server writes (the REST schema caps `format-version` at 3). */
export const MAX_FORMAT_VERSION = 3
export const DEFAULT_FORMAT_VERSION = 2

function formatVersionOf(properties: Record<string, string>): number {
  const raw = properties['format-version']
  if (raw === undefined) return DEFAULT_FORMAT_VERSION
  const v = Number(raw)
  if (!/^\d+$/.test(raw) || v < 1 || v > MAX_FORMAT_VERSION) {
    throw validationFailed(`Unsupported format version: ${raw} (supported: v1 to v${MAX_FORMAT_VERSION})`)
  }
  return v
}

/**
 * Builds the metadata of a new table (version 0) from a CreateTableRequest body.
 *
 * @param req the request body; malformed parts give 400.
 * @param location the catalog's default location for the table, used when `req.location` is absent.
 *   Trailing slashes are stripped.
 * @param ctx `nowMs` becomes `last-updated-ms`; `newUuid()` gives the `table-uuid`.
 */
export function createTableMetadata(
  req: CreateTableInput,
  location: string,
  ctx: BuildContext,
): TableMetadata {
  const body = obj(req as unknown, 'create table request')
  str(body, 'name', 'create table request')
  const properties =
    body.properties === undefined || body.properties === null
      ? {}
      : strMap(body, 'properties', 'create table request')
  const formatVersion = formatVersionOf(properties)
  for (const key of RESERVED_TABLE_PROPERTIES) delete properties[key]

  const requested = parseSchema(body.schema)
  const { schema, idMap } = assignFreshIds(requested)
  validateSchema(schema, formatVersion)
  const remap = (id: number, what: string): number => {
    const mapped = idMap.get(id)
    if (mapped === undefined) throw validationFailed(`Cannot find source column for ${what}: ${id}`)
    return mapped
  }

  const rawSpec =
    body['partition-spec'] === undefined || body['partition-spec'] === null
      ? undefined
      : parseSpec(body['partition-spec'])
  const spec: PartitionSpec = {
    'spec-id': 0,
    fields: (rawSpec?.fields ?? []).map((f, i) => ({
      name: f.name,
      transform: f.transform,
      'source-id': remap(f['source-id'], `partition field ${f.name}`),
      'field-id': 1000 + i,
    })),
  }
  bindSpec(spec, schema)

  const rawOrder =
    body['write-order'] === undefined || body['write-order'] === null
      ? undefined
      : parseSortOrder(body['write-order'])
  const sorted = (rawOrder?.fields.length ?? 0) > 0
  const order: SortOrder = {
    'order-id': sorted ? 1 : 0,
    fields: (rawOrder?.fields ?? []).map((f) => ({ ...f, 'source-id': remap(f['source-id'], 'sort field') })),
  }
  bindSortOrder(order, schema)

  const rawLocation = typeof body.location === 'string' && body.location !== '' ? body.location : location
  if (typeof rawLocation !== 'string' || rawLocation === '') throw badRequest('Table location is required')

  const md: TableMetadata = {
    'format-version': formatVersion,
    'table-uuid': ctx.newUuid(),
    location: trimLocation(rawLocation),
    'last-sequence-number': 0,
    'last-updated-ms': ctx.nowMs,
    'last-column-id': maxFieldId(schema),
    'current-schema-id': 0,
    schemas: [schema],
    'default-spec-id': 0,
    'partition-specs': [spec],
    'last-partition-id': 999 + spec.fields.length,
    'default-sort-order-id': order['order-id'],
    'sort-orders': [order],
    properties,
    'current-snapshot-id': formatVersion >= 3 ? null : -1,
    refs: {},
    snapshots: [],
    statistics: [],
    'partition-statistics': [],
    'snapshot-log': [],
    'metadata-log': [],
  }
  if (formatVersion === 1) delete md['last-sequence-number']
  if (formatVersion >= 3) md['next-row-id'] = 0
  return md
}
