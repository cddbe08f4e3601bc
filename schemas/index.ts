/**
 * JSON Schema validation of request and response bodies against the schemas of schemas/json/.
 *
 * One AJV (draft 2020-12, strict mode) instance holds every document (ajv-instance.ts); a component's validator
 * comes from the precompiled cache (precompiled.ts) or is compiled on first use, and is kept, so validating on
 * every response of every test costs one function call.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { newInstance } from './ajv-instance.ts'
import { forValidation } from './model/json-int64.ts'
import { precompiledValidator } from './precompiled.ts'
import { schemaRefs } from './registry.ts'
import type { SchemaName } from './generated/schema-names.ts'

export type { SchemaName } from './generated/schema-names.ts'
export { SCHEMA_NAMES } from './generated/schema-names.ts'

/** One reason a value does not match its schema. */
export interface ValidationIssue {
  /** JSON Pointer into the value, '' for the root. */
  instancePath: string
  /** Readable sentence starting with the path, e.g. `/metadata/format-version must be <= 3`. */
  message: string
  /** The JSON Schema keyword that failed, e.g. `maximum`, `required`, `discriminator`. */
  keyword: string
  /** Where in the schema the keyword sits, e.g. `https://…/table-metadata.json#/$defs/TableMetadata/…`. */
  schemaPath: string
}

export interface ValidationResult {
  valid: boolean
  errors: ValidationIssue[]
}

let ajv: Ajv2020 | undefined
let openAjv: Ajv2020 | undefined
const compiled = new Map<string, ValidateFunction>()
const compiledOpen = new Map<string, ValidateFunction>()

function instance(open: boolean): Ajv2020 {
  if (open) return (openAjv ??= newInstance(true))
  return (ajv ??= newInstance(false))
}

/** The validator of component `name`: precompiled when the cache holds it, else compiled once and kept. */
function lookup(name: string, open: boolean): ValidateFunction {
  const cache = open ? compiledOpen : compiled
  const hit = cache.get(name)
  if (hit) return hit
  const ref = schemaRefs().get(name)
  if (!ref) throw new Error(`unknown schema '${name}' (not defined in schemas/json/)`)
  const fn = precompiledValidator(name, open) ?? instance(open).getSchema(ref)
  if (!fn) throw new Error(`schema '${name}' did not compile`)
  cache.set(name, fn)
  return fn
}

/** True when `name` is a component of schemas/json/. */
export function hasSchema(name: string): name is SchemaName {
  return schemaRefs().has(name)
}

/** The validator of one component (precompiled, or compiled once; then kept). */
export function validatorFor(name: SchemaName | string): ValidateFunction {
  return lookup(name, false)
}

/*
 * Both validators take parsed JSON as schemas/model/json-int64.ts reads it: an integer beyond 2^53 is a bigint,
 * which AJV does not know, so they judge a copy where it is the double of its value (forValidation).
 */

/**
 * Validates `value` against the named component with every object open to fields it does not name, as the
 * upstream OpenAPI document's schemas are. What a server must ACCEPT is judged with these (an unknown request
 * field is not an error); what the judge DEMANDS of responses stays `validate`, as strict as our documents.
 */
export function validateOpen(name: SchemaName | string, value: unknown): ValidationResult {
  const fn = lookup(name, true)
  if (fn(forValidation(value))) return { valid: true, errors: [] }
  return { valid: false, errors: formatErrors(fn.errors ?? []) }
}

/**
 * Validates `value` against the named component. Throws only for an unknown name (a harness bug);
 * a mismatch is reported in the result.
 */
export function validate(name: SchemaName | string, value: unknown): ValidationResult {
  const fn = validatorFor(name)
  if (fn(forValidation(value))) return { valid: true, errors: [] }
  return { valid: false, errors: formatErrors(fn.errors ?? []) }
}

/** Turns AJV errors into readable issues; drops the `if` wrappers whose inner errors say more. */
export function formatErrors(errors: readonly ErrorObject[]): ValidationIssue[] {
  return errors
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({
      instancePath: e.instancePath,
      message: `${e.instancePath || '(root)'} ${describe(e)}`,
      keyword: e.keyword,
      schemaPath: e.schemaPath,
    }))
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'additionalProperties':
      return `must NOT have additional property '${String(p.additionalProperty)}'`
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`
    case 'discriminator':
      return p.error === 'mapping'
        ? `has unknown ${String(p.tag)} ${JSON.stringify(p.tagValue)}`
        : `must have a string property '${String(p.tag)}'`
    default:
      return e.message ?? e.keyword
  }
}
