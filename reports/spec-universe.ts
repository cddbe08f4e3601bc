/**
 * What "all of the spec" is for coverage, per profile: the operations of schemas/operations.ts, the
 * requirement and update kinds of schemas/json (their `type` / `action` consts), and each operation's
 * documented statuses, query parameters, request headers and request-body fields (`<operationId> <name>`).
 * Kinds and fields that only some releases know are filtered with the release notes of the REST OpenAPI
 * releases (e.g. `enable-row-lineage` exists only in 1.8–1.9, `append` only in the document), and fields with
 * the operation table's `requestFieldsSince` (registerTable's `overwrite` from 1.9).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  atLeast,
  COMMON_ERROR_STATUSES,
  OPERATIONS,
  OPERATION_IDS,
  paramsAt,
  requestFieldAt,
} from '../schemas/operations.ts'
import type { OperationId, Release } from '../schemas/operations.ts'
import { schemaDocuments } from '../schemas/registry.ts'
import { getProfile, isProfileName } from '../schemas/profiles.ts'
import type { Profile } from '../schemas/profiles.ts'

export interface SpecUniverse {
  readonly operations: readonly OperationId[]
  readonly requirementKinds: readonly string[]
  readonly updateKinds: readonly string[]
  /** Route-specific documented statuses per operation: the success status and the route's errors. */
  readonly statuses: Readonly<Partial<Record<OperationId, readonly number[]>>>
  /** Statuses every route may answer with, counted once for the whole API. */
  readonly commonStatuses: readonly number[]
  /** Query parameters per operation that the release defines, as `<operationId> <name>`. */
  readonly queryParams: readonly string[]
  /** Request headers per operation that the release defines (transport headers left out), as `<operationId> <Name>`. */
  readonly headers: readonly string[]
  /**
   * Top-level fields of each operation's request body that the release defines, as `<operationId> <field>`:
   * the properties of the request object itself (of every branch, for a union such as ReportMetricsRequest or
   * OAuthTokenRequest), never the fields of nested objects (an update inside CommitTableRequest's `updates`).
   */
  readonly requestFields: readonly string[]
}

/** The profile a results file names; one this version does not know (a later release's) reads as `main`. */
function profileOf(name: string): Profile {
  return getProfile(isProfileName(name) ? name : 'main')
}

/** The release a profile reads as; the original document is compared with 1.11, as its profile says. */
export function releaseOf(profile: string): Release {
  return profileOf(profile).release
}

interface SchemaDoc {
  $defs: Record<string, { properties?: Record<string, { const?: unknown }> }>
}

function constsOf(file: string, key: 'type' | 'action'): string[] {
  const path = fileURLToPath(new URL(`../schemas/json/${file}`, import.meta.url))
  const doc = JSON.parse(readFileSync(path, 'utf8')) as SchemaDoc
  const out: string[] = []
  for (const def of Object.values(doc.$defs)) {
    const c = def.properties?.[key]?.const
    if (typeof c === 'string' && !out.includes(c)) out.push(c)
  }
  return out
}

interface FieldsSchema {
  readonly $ref?: string
  readonly properties?: Record<string, unknown>
  readonly allOf?: readonly FieldsSchema[]
  readonly anyOf?: readonly FieldsSchema[]
  readonly oneOf?: readonly FieldsSchema[]
  readonly then?: FieldsSchema
  readonly else?: FieldsSchema
}

/** Component name → schema, over every document of schemas/json (names are unique across them). */
function components(): Map<string, FieldsSchema> {
  const out = new Map<string, FieldsSchema>()
  for (const doc of schemaDocuments())
    for (const [name, def] of Object.entries(doc.$defs)) out.set(name, def as FieldsSchema)
  return out
}

/**
 * The property names an instance of `schema` can carry at its top level: its own `properties` and those of
 * the schemas it is (`$ref`), or is one branch of (`allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`).
 */
function topLevelFields(
  schema: FieldsSchema | undefined,
  defs: Map<string, FieldsSchema>,
  out: Set<string>,
): void {
  if (!schema) return
  if (schema.$ref) topLevelFields(defs.get(schema.$ref.split('/').at(-1) ?? ''), defs, out)
  for (const name of Object.keys(schema.properties ?? {})) out.add(name)
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    topLevelFields(branch, defs, out)
  topLevelFields(schema.then, defs, out)
  topLevelFields(schema.else, defs, out)
}

/** `<operationId> <field>` of each top-level request field the release defines on the operations. */
function requestFieldsIn(operations: readonly OperationId[], release: Release): string[] {
  const defs = components()
  return operations.flatMap((id) => {
    const request = OPERATIONS[id].request
    if (request === null) return []
    const fields = new Set<string>()
    topLevelFields(defs.get(request), defs, fields)
    return [...fields].filter((f) => requestFieldAt(id, f, release)).map((f) => `${id} ${f}`)
  })
}

/** `<operationId> <name>` of each query parameter (or header) the release defines on the operations. */
function paramsIn(operations: readonly OperationId[], key: 'query' | 'headers', release: Release): string[] {
  return operations.flatMap((id) => paramsAt(id, key, release).map((name) => `${id} ${name}`))
}

/** The spec's operations, kinds, documented statuses, query parameters and headers for one profile. */
export function specUniverse(profile: string): SpecUniverse {
  const kinds = profileOf(profile)
  const release = kinds.release
  const operations = OPERATION_IDS.filter((id) => atLeast(release, OPERATIONS[id].since))
  const statuses: Partial<Record<OperationId, readonly number[]>> = {}
  for (const id of operations) {
    const o = OPERATIONS[id]
    statuses[id] = [...new Set([o.success.status, ...o.errors])].sort((a, b) => a - b)
  }
  return {
    operations,
    requirementKinds: constsOf('requirements.json', 'type').filter((k) => kinds.requirementKinds.has(k)),
    updateKinds: constsOf('updates.json', 'action').filter(
      (k) => kinds.updateKinds.has(k) || kinds.viewUpdateKinds.has(k),
    ),
    statuses,
    commonStatuses: [...COMMON_ERROR_STATUSES],
    queryParams: paramsIn(operations, 'query', release),
    headers: paramsIn(operations, 'headers', release),
    requestFields: requestFieldsIn(operations, release),
  }
}
