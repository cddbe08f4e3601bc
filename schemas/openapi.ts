/**
 * `--openapi FILE`: validates response bodies against a user-supplied OpenAPI document (3.0 or 3.1,
 * YAML or JSON), in addition to our own schemas. Findings from it are reported separately.
 *
 * Component schemas are turned into JSON Schema 2020-12 (OpenAPI 3.0 `nullable` and boolean
 * `exclusiveMinimum`/`exclusiveMaximum` rewritten; `#/components/...` refs resolved within the document) and
 * validated with a non-strict AJV, because user documents vary (vendor `x-` keywords, unknown formats).
 */
import { readFileSync } from 'node:fs'
import type { ValidateFunction } from 'ajv'
import { addFormats, ajv2020 } from './ajv-compiler.ts'
import { yaml } from './yaml-loader.ts'
import { formatErrors } from './index.ts'

/** One finding: where in the body, and a readable sentence. */
export interface OpenApiIssue {
  instancePath: string
  message: string
}

export interface OpenApiValidator {
  /** The document's `openapi` version string, e.g. `3.1.1`. */
  readonly version: string
  /** True when the document has an operation with this operationId. */
  hasOperation(operationId: string): boolean
  /**
   * Validates a response body for `operationId` answered with `status`. Picks the response by exact status,
   * then `4XX`/`5XX`, then `default`, and its JSON content schema. An undocumented status is a finding;
   * a documented response without a JSON schema has nothing to check ([]). Throws for an unknown operationId.
   */
  validateResponse(operationId: string, status: number, body: unknown): OpenApiIssue[]
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const DOC_ID = 'urn:catalog-conformance:openapi'
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Reads and prepares an OpenAPI document from a .yaml/.yml/.json file. */
export function loadOpenApi(path: string): OpenApiValidator {
  const text = readFileSync(path, 'utf8')
  let doc: unknown
  try {
    doc = /\.json$/i.test(path) ? JSON.parse(text) : yaml().parse(text)
  } catch (e) {
    throw new Error(`cannot parse OpenAPI document ${path}: ${(e as Error).message}`)
  }
  return openApiValidator(doc, path)
}

/** Prepares an already parsed OpenAPI document (`source` names it in messages). */
export function openApiValidator(document: unknown, source = 'OpenAPI document'): OpenApiValidator {
  const raw = document as Json
  if (!isObject(raw) || typeof raw.openapi !== 'string' || !isObject(raw.paths)) {
    throw new Error(`${source} is not an OpenAPI 3.x document (needs 'openapi' and 'paths')`)
  }
  const doc = toJsonSchema(raw) as JsonObject
  const operations = indexOperations(doc)
  const ajv = new (ajv2020())({ strict: false, allErrors: true, logger: false, validateSchema: false })
  addFormats()(ajv)
  ajv.addSchema(doc as object, DOC_ID)
  const cache = new Map<string, ValidateFunction | null>()

  function responseSchema(
    operationId: string,
    status: number,
  ): { key: string; schema: Json | null } | undefined {
    const op = operations.get(operationId)
    if (!op) throw new Error(`operationId '${operationId}' is not in ${source}`)
    const responses = isObject(op.responses) ? op.responses : {}
    const key = [
      String(status),
      `${Math.floor(status / 100)}XX`,
      `${Math.floor(status / 100)}xx`,
      'default',
    ].find((k) => responses[k] !== undefined)
    if (key === undefined) return undefined
    const response = resolve(doc, responses[key] ?? null)
    const content = isObject(response) && isObject(response.content) ? response.content : {}
    const mediaType =
      Object.keys(content).find((m) => /^application\/json\b/i.test(m)) ??
      Object.keys(content).find((m) => /json/i.test(m))
    const media = mediaType === undefined ? undefined : content[mediaType]
    return { key, schema: isObject(media) && media.schema !== undefined ? media.schema : null }
  }

  return {
    version: raw.openapi,
    hasOperation: (operationId) => operations.has(operationId),
    validateResponse(operationId, status, body) {
      const found = responseSchema(operationId, status)
      if (!found)
        return [
          { instancePath: '', message: `status ${status} is not documented for ${operationId} in ${source}` },
        ]
      const cacheKey = `${operationId} ${found.key}`
      let fn = cache.get(cacheKey)
      if (fn === undefined) {
        fn = found.schema === null ? null : ajv.compile(structuredClone(found.schema) as object)
        cache.set(cacheKey, fn)
      }
      if (fn === null) return []
      if (body === undefined)
        return [
          {
            instancePath: '',
            message: `(root) response ${found.key} of ${operationId} documents a JSON body, got none`,
          },
        ]
      if (fn(body)) return []
      return formatErrors(fn.errors ?? []).map(({ instancePath, message }) => ({ instancePath, message }))
    },
  }
}

function indexOperations(doc: JsonObject): Map<string, JsonObject> {
  const ops = new Map<string, JsonObject>()
  for (const item of Object.values(doc.paths as JsonObject)) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const op = item[method]
      if (isObject(op) && typeof op.operationId === 'string') ops.set(op.operationId, op)
    }
  }
  return ops
}

/** Follows local `$ref`s (already made absolute by toJsonSchema) to the object they name. */
function resolve(doc: JsonObject, node: Json, depth = 0): Json {
  if (!isObject(node) || typeof node.$ref !== 'string' || depth > 20) return node
  const pointer = node.$ref.startsWith(`${DOC_ID}#`) ? node.$ref.slice(DOC_ID.length + 1) : null
  if (pointer === null) return node
  let cur: Json | undefined = doc
  for (const part of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
    cur = isObject(cur) ? cur[key] : undefined
  }
  return cur === undefined ? node : resolve(doc, cur, depth + 1)
}

/**
 * OpenAPI → JSON Schema 2020-12, applied to the whole document (non-schema parts are left as they are):
 * - `nullable: true` adds `null` to `type` (and `enum`), or wraps a type-less schema in `anyOf [.., null]`;
 * - OpenAPI 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` become the numeric 2020-12 form;
 * - local refs `#/...` become absolute (`<doc id>#/...`) so a fragment compiled alone still resolves them.
 */
export function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema)
  if (!isObject(node)) return node
  const out: JsonObject = {}
  for (const [k, v] of Object.entries(node)) {
    if (k === 'nullable') continue
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#')) out[k] = DOC_ID + v
    else out[k] = toJsonSchema(v)
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound]
      delete out[bound]
    } else delete out[flag]
  }
  if (node.nullable !== true) return out
  if (typeof out.type === 'string') out.type = [out.type, 'null']
  else if (Array.isArray(out.type)) out.type = out.type.includes('null') ? out.type : [...out.type, 'null']
  else return { anyOf: [out, { type: 'null' }] }
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
  return out
}
