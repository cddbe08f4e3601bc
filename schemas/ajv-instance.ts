/**
 * The one AJV configuration of the project's schemas: every document of schemas/json/ in an Ajv2020 instance, strict
 * or opened (every object open to fields it does not name). Used by the validators (index.ts) and by the precompiled
 * cache (precompiled.ts), so both judge with the same options.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js'
import { addFormats, ajv2020, codeTag } from './ajv-compiler.ts'
import { ISO_DURATION } from './formats.ts'
import { schemaDocuments } from './registry.ts'

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

/**
 * An AJV instance holding every document (`open`: with every object opened). `standalone`: one that can also
 * emit its validators as source code, for the precompiled cache (precompiled.ts); the validators are the same.
 */
export function newInstance(open: boolean, standalone = false): Ajv2020 {
  // Strict mode, except strictRequired: it rejects `required` inside anyOf alternatives and if/then
  // branches (PartitionField's source-id | source-ids, TableMetadata's per-version fields) and on unions
  // whose members declare the property, which are exactly the constructs the spec's shapes need.
  const a = new (ajv2020())({
    strict: true,
    strictRequired: false,
    allErrors: true,
    discriminator: true,
    allowUnionTypes: true,
    // Checking our own documents against the 2020-12 meta-schema costs ~0.5 s on every start; the
    // self-tests do it once instead (index.test.ts).
    validateSchema: false,
    // AJV's code optimizer costs more compile time than it saves here (measured: compiling every
    // component 3.6 s → 2.0 s, LoadTableResult validation ~70 → ~45 µs). Standalone code reads its formats
    // from a `formats` variable that the loader provides (precompiled.ts).
    code: standalone ? { optimize: false, source: true, formats: codeTag()`formats` } : { optimize: false },
  })
  addFormats()(a)
  a.addFormat('duration', ISO_DURATION)
  for (const doc of schemaDocuments()) a.addSchema((open ? opened(doc) : doc) as object)
  return a
}
