/**
 * Negative and boundary inputs derived from a valid request body: every field dropped, emptied, set to a boundary
 * value of its JSON type (integer and long limits and overflow, a fraction where an integer belongs, NUL and
 * control characters, the wrong type), every discriminator (`type`, `action`) set to a kind no spec defines, and an
 * unknown extra field in every object. Which of them are still valid is for the request's JSON Schema to say (the
 * test asks it); the arbitrary only enumerates, so shrinking moves towards the first, simplest mutations.
 */
import fc from 'fast-check'

export type JsonPath = readonly (string | number)[]

export interface BodyMutation {
  /** What was done, for the counterexample: `drop schema.fields[0].name`, `set format-version = 2147483648`. */
  readonly label: string
  readonly apply: (body: unknown) => unknown
}

/** Values a field of each JSON type is set to; the first of each list is the simplest. */
const BOUNDARIES = {
  string: ['', '\u0000', 'a\u0007\u001b[31m', ' ', 'x'.repeat(4096), 0, null] as unknown[],
  integer: [0, -1, 1.5, 2_147_483_648, -2_147_483_649, 2 ** 63, '1', null] as unknown[],
  number: [-1, 1e308, '1.0', null] as unknown[],
  boolean: ['true', 0, null] as unknown[],
  array: [[], {}, null] as unknown[],
  object: [{}, [], null] as unknown[],
}
const UNKNOWN_KIND = 'conformance-unknown-kind'
const DISCRIMINATORS = new Set(['type', 'action'])

function kindOf(v: unknown): keyof typeof BOUNDARIES | undefined {
  if (typeof v === 'string') return 'string'
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number'
  if (typeof v === 'boolean') return 'boolean'
  if (Array.isArray(v)) return 'array'
  if (v !== null && typeof v === 'object') return 'object'
  return undefined
}

const show = (path: JsonPath): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(body)'

/** A deep copy of `body` with `edit` applied to the container of `path`'s last step. */
function at(
  body: unknown,
  path: JsonPath,
  edit: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  const copy = structuredClone(body)
  let parent = copy as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  edit(parent, path[path.length - 1]!)
  return copy
}

/** Every mutation of `body`, except below the paths in `keep` (what identifies the run's own objects). */
export function bodyMutations(body: unknown, keep: readonly JsonPath[] = []): BodyMutation[] {
  const kept = (path: JsonPath) =>
    keep.some((k) => k.length <= path.length && k.every((s, i) => s === path[i]))
  // Dropping or replacing what holds a kept field would remove it too.
  const holdsKept = (path: JsonPath) =>
    keep.some((k) => k.length > path.length && path.every((s, i) => s === k[i]))
  const out: BodyMutation[] = []
  const walk = (v: unknown, path: JsonPath): void => {
    if (path.length > 0 && !kept(path) && !holdsKept(path)) {
      const last = path[path.length - 1]!
      if (typeof last === 'string')
        out.push({ label: `drop ${show(path)}`, apply: (b) => at(b, path, (p, k) => void delete p[k]) })
      if (typeof last === 'string' && DISCRIMINATORS.has(last) && typeof v === 'string')
        out.push({
          label: `set ${show(path)} = "${UNKNOWN_KIND}"`,
          apply: (b) => at(b, path, (p, k) => void (p[k] = UNKNOWN_KIND)),
        })
      const kind = kindOf(v)
      for (const value of kind ? BOUNDARIES[kind] : [])
        out.push({
          label: `set ${show(path)} = ${JSON.stringify(value)?.slice(0, 40)}`,
          apply: (b) => at(b, path, (p, k) => void (p[k] = value)),
        })
    }
    if (kept(path) && path.length > 0) return
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]))
    else if (v !== null && typeof v === 'object') {
      out.push({
        label: `add ${show([...path, 'conformance-extra-field'])}`,
        apply: (b) => at(b, [...path, 'conformance-extra-field'], (p, k) => void (p[k] = 'x')),
      })
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
    }
  }
  walk(body, [])
  return out
}

/** One mutation of `body`, drawn by index so that shrinking prefers the first (drops before boundary values). */
export function bodyMutation(body: unknown, keep: readonly JsonPath[] = []): fc.Arbitrary<BodyMutation> {
  const all = bodyMutations(body, keep)
  // Counterexamples print the label, not the function.
  return fc
    .nat({ max: Math.max(0, all.length - 1) })
    .map((i) => ({ ...all[i]!, [fc.toStringMethod]: () => all[i]!.label }))
}
