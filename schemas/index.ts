/**
 * JSON Schema validation of request and response bodies against the schemas of schemas/json/.
 *
 * One AJV (draft 2020-12, strict mode) instance holds every document; a component is compiled on first use
 * and cached, so validating on every response of every test costs one function call.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { schemaDocuments, schemaRefs } from './registry.ts'
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

// ajv-formats is CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

/**
 * ISO 8601 duration, including fractional seconds (`PT0.5S`), which ajv-formats' `duration` rejects
 * although Java's Duration.parse (what servers use for idempotency-key-lifetime) accepts it.
 */
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/

let ajv: Ajv2020 | undefined
let openAjv: Ajv2020 | undefined
const compiled = new Map<string, ValidateFunction>()
const compiledOpen = new Map<string, ValidateFunction>()

/** A schema document with every `additionalProperties: false` (and `unevaluatedProperties: false`) removed. */
function opened(doc: unknown): unknown {
  if (Array.isArray(doc)) return doc.map(opened)
  if (!doc || typeof doc !== 'object') return doc
  return Object.fromEntries(
    Object.entries(doc)
      .filter(([k, v]) => !((k === 'additionalProperties' || k === 'unevaluatedProperties') && v === false))
      .map(([k, v]) => [k, opened(v)]),
  )
}

function instance(open = false): Ajv2020 {
  if (open && openAjv) return openAjv
  if (!open && ajv) return ajv
  // Strict mode, except strictRequired: it rejects `required` inside anyOf alternatives and if/then
  // branches (PartitionField's source-id | source-ids, TableMetadata's per-version fields) and on unions
  // whose members declare the property, which are exactly the constructs the spec's shapes need.
  const a = new Ajv2020({
    strict: true,
    strictRequired: false,
    allErrors: true,
    discriminator: true,
    allowUnionTypes: true,
    // Checking our own documents against the 2020-12 meta-schema costs ~0.5 s on every start; the
    // self-tests do it once instead (index.test.ts).
    validateSchema: false,
    // AJV's code optimizer costs more compile time than it saves here (measured: compiling every
    // component 3.6 s → 2.0 s, LoadTableResult validation ~70 → ~45 µs).
    code: { optimize: false },
  })
  addFormats(a)
  a.addFormat('duration', ISO_DURATION)
  for (const doc of schemaDocuments()) a.addSchema((open ? opened(doc) : doc) as object)
  if (open) openAjv = a
  else ajv = a
  return a
}

/** True when `name` is a component of schemas/json/. */
export function hasSchema(name: string): name is SchemaName {
  return schemaRefs().has(name)
}

/** The compiled validator of one component (compiled once, then cached). */
export function validatorFor(name: SchemaName | string): ValidateFunction {
  const hit = compiled.get(name)
  if (hit) return hit
  const ref = schemaRefs().get(name)
  if (!ref) throw new Error(`unknown schema '${name}' (not defined in schemas/json/)`)
  const fn = instance().getSchema(ref)
  if (!fn) throw new Error(`schema '${name}' did not compile`)
  compiled.set(name, fn)
  return fn
}

/**
 * Validates `value` against the named component with every object open to fields it does not name, as the
 * upstream OpenAPI document's schemas are. What a server must ACCEPT is judged with these (an unknown request
 * field is not an error); what the judge DEMANDS of responses stays `validate`, as strict as our documents.
 */
export function validateOpen(name: SchemaName | string, value: unknown): ValidationResult {
  let fn = compiledOpen.get(name)
  if (!fn) {
    const ref = schemaRefs().get(name)
    if (!ref) throw new Error(`unknown schema '${name}' (not defined in schemas/json/)`)
    fn = instance(true).getSchema(ref)
    if (!fn) throw new Error(`schema '${name}' did not compile`)
    compiledOpen.set(name, fn)
  }
  if (fn(value)) return { valid: true, errors: [] }
  return { valid: false, errors: formatErrors(fn.errors ?? []) }
}

/**
 * Validates `value` against the named component. Throws only for an unknown name (a harness bug);
 * a mismatch is reported in the result.
 */
export function validate(name: SchemaName | string, value: unknown): ValidationResult {
  const fn = validatorFor(name)
  if (fn(value)) return { valid: true, errors: [] }
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
