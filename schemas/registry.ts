/**
 * The schema documents of schemas/json/, loaded once, and the index from a component name (the key of a
 * `$defs` entry, e.g. `LoadTableResult`) to the absolute `$ref` that addresses it. Shared by the validator
 * (index.ts), the type generator (codegen/) and the tests, so all three see the same set of names.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** One JSON Schema 2020-12 document of schemas/json/. */
export interface SchemaDocument {
  readonly $id: string
  readonly title?: string
  readonly $defs: Readonly<Record<string, unknown>>
  readonly [key: string]: unknown
}

/** Where the documents live. */
export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'json')

let cache: { docs: SchemaDocument[]; refs: Map<string, string> } | undefined

function load(): { docs: SchemaDocument[]; refs: Map<string, string> } {
  const files = readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
  const docs = files.map((f) => JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8')) as SchemaDocument)
  const refs = new Map<string, string>()
  for (const doc of docs) {
    for (const name of Object.keys(doc.$defs)) {
      // One flat namespace of names: a duplicate would make validate(name) ambiguous.
      const prior = refs.get(name)
      if (prior) throw new Error(`schema name ${name} defined twice: ${prior} and ${doc.$id}`)
      refs.set(name, `${doc.$id}#/$defs/${name}`)
    }
  }
  return { docs, refs }
}

/** All schema documents, sorted by file name. */
export function schemaDocuments(): readonly SchemaDocument[] {
  cache ??= load()
  return cache.docs
}

/** Component name → absolute `$ref` (`<document $id>#/$defs/<name>`). */
export function schemaRefs(): ReadonlyMap<string, string> {
  cache ??= load()
  return cache.refs
}
