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
 * - `anyOf` lists that only say which field is required are dropped (PartitionField's source-id | source-ids);
 * - a `$ref` with its own `properties` becomes `allOf [ref, own]`; `allOf` members left empty are dropped.
 */
export function forTypes(defs: Record<string, unknown>): Record<string, unknown> {
  return walk(defs as Json) as Record<string, unknown>
}

function walk(node: Json): Json {
  if (Array.isArray(node)) return node.map(walk)
  if (node === null || typeof node !== 'object') return node
  if (typeof node.$ref === 'string') {
    const ref = node.$ref.replace(/^[a-z-]+\.json#/, '#')
    const base: { [key: string]: Json } = node.description
      ? { $ref: ref, description: node.description }
      : { $ref: ref }
    // A $ref that adds fields (DataFile = ContentFile + its own) is an intersection.
    if (node.properties === undefined) return base
    const { $ref: _ref, description: _d, ...rest } = node
    return {
      allOf: [{ $ref: ref }, walk(rest)],
      ...(node.description ? { description: node.description } : {}),
    }
  }
  const out: { [key: string]: Json } = {}
  // A bare `{type: object}` would become `{}` (lint: no-empty-object-type); say "any object" instead.
  if (node.type === 'object' && node.properties === undefined && node.additionalProperties === undefined) {
    out.additionalProperties = true
  }
  for (const [key, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(key)) continue
    if (key === 'anyOf' && Array.isArray(value) && value.every(onlyRequired)) continue
    if (key === 'allOf' && Array.isArray(value)) {
      // Per-version if/then members vanish once simplified; keep the members that still say something.
      const members = value.map(walk).filter((m) => !isEmpty(m))
      if (members.length > 0) out.allOf = members
      continue
    }
    // Inside `properties` and `$defs` the keys are names, not keywords.
    out[key] = key === 'properties' || key === '$defs' ? mapValues(value, walk) : walk(value)
  }
  if (node.then === undefined || node.else === undefined) return out
  // if/then/else picks one of two shapes (the Type dispatch, the metrics report kinds): their union,
  // intersected with the fields the node declares itself.
  const union: Json = { anyOf: [walk(node.then), walk(node.else)] }
  return out.properties === undefined ? { ...out, ...union } : { allOf: [union, out] }
}

function isEmpty(node: Json): boolean {
  return node !== null && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 0
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
