/**
 * Rewrites the validation schemas into the shape json-schema-to-typescript turns into clean types.
 * Only the generated types see this; validation always uses the documents unchanged.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Keywords that only constrain values (which fields are present, per-version rules), never the type. */
const VALIDATION_ONLY = new Set([
  'allOf',
  'if',
  'then',
  'else',
  'discriminator',
  '$comment',
  'examples',
  'pattern',
  'format',
])

/**
 * Returns a copy of `defs` where:
 * - cross-document refs (`types.json#/$defs/X`) become local (`#/$defs/X`), as all defs are merged;
 * - a `$ref` keeps no siblings (siblings make the generator emit duplicate types such as `Schema1`);
 * - `if/then/else` becomes the union of `then` and `else` (the Type dispatch), other `if`s are dropped;
 * - `anyOf` lists that only say which field is required are dropped (PartitionField's source-id | source-ids).
 */
export function forTypes(defs: Record<string, unknown>): Record<string, unknown> {
  return walk(defs as Json) as Record<string, unknown>
}

function walk(node: Json): Json {
  if (Array.isArray(node)) return node.map(walk)
  if (node === null || typeof node !== 'object') return node
  if (typeof node.$ref === 'string') {
    const ref = node.$ref.replace(/^[a-z-]+\.json#/, '#')
    return node.description ? { $ref: ref, description: node.description } : { $ref: ref }
  }
  const out: { [key: string]: Json } = {}
  // A bare `{type: object}` would become `{}` (lint: no-empty-object-type); say "any object" instead.
  if (node.type === 'object' && node.properties === undefined && node.additionalProperties === undefined) {
    out.additionalProperties = true
  }
  if (node.then !== undefined && node.else !== undefined) out.anyOf = [walk(node.then), walk(node.else)]
  for (const [key, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(key)) continue
    if (key === 'anyOf' && Array.isArray(value) && value.every(onlyRequired)) continue
    // Inside `properties` and `$defs` the keys are names, not keywords.
    out[key] = key === 'properties' || key === '$defs' ? mapValues(value, walk) : walk(value)
  }
  return out
}

function onlyRequired(branch: Json): boolean {
  return (
    branch !== null &&
    typeof branch === 'object' &&
    !Array.isArray(branch) &&
    Object.keys(branch).join() === 'required'
  )
}

function mapValues(value: Json, fn: (v: Json) => Json): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]))
}
