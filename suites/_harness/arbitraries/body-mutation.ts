/**
 * Negative and boundary inputs derived from a valid request body, in classes:
 * - `drop`: every field dropped;
 * - `kind`: every discriminator (`type`, `action`) set to a kind no spec defines;
 * - `boundary`: every field set to a boundary value of its JSON type (empty, NUL and control characters, integers
 *   just past 2^31 and past the signed 64-bit range, a fraction where an integer belongs, the wrong type);
 * - `extra`: an unknown extra field in every object;
 * - `not-json`: no body at all and `{`, texts that are not JSON;
 * - `identifier`: in every identifier of the body (a `namespace` array, the `name` beside it, a table or view
 *   `name` at the top), an empty name, an empty namespace level, a NUL or other control character in a name or level.
 *   These apply to identifiers that `keep` protects too: the namespace's run level stays, so the write guard allows
 *   the request, and what the server makes of the odd name is what is judged;
 * - `whole-float`: every integer written as a whole-number float (`3.0`, `-350.0`), which JSON Schema reads as an
 *   integer.
 * Which of them are still valid is for the request's JSON Schema to say (the test asks it); the arbitrary only
 * enumerates. Everything is derived from the body's own values, so an operation added with a valid body gets every
 * class. Each class gets an even share of the property's runs (one oneof over classes), so that a small class (two
 * texts that are not JSON) is drawn as surely as the large boundary class; shrinking moves towards the first class and,
 * within a class, towards the first, simplest mutation.
 */
import fc from 'fast-check'
import { stringifyJson } from '../../../schemas/model/json-int64.ts'
import { OPEN_BRACE } from '../support/not-json.ts'

export type JsonPath = readonly (string | number)[]

export type MutationClass = 'drop' | 'kind' | 'boundary' | 'extra' | 'not-json' | 'identifier' | 'whole-float'

export interface BodyMutation {
  /** What was done, for the counterexample: `drop schema.fields[0].name`, `set format-version = 2147483648`. */
  readonly label: string
  readonly class: MutationClass
  /** The body as a validator reads it (for `not-json`, the valid body unchanged: there is no JSON to read). */
  readonly apply: (body: unknown) => unknown
  /**
   * The request's text where serialising the applied body would not write it: a text that is not JSON (`not-json`)
   * or an integer written with `.0` (`whole-float`). Absent: the applied body, serialised.
   */
  readonly text?: (applied: unknown) => string
  /** Set on the first mutation of each kind every run tries (bodyMutationExamples). */
  readonly tag?: string
}

/** Past the signed 64-bit range, exactly (a bigint: a double would round 2^63 back into view). */
const INT64_PAST = 2n ** 63n
/** Values a field of each JSON type is set to; the first of each list is the simplest. */
const BOUNDARIES = {
  string: ['', '\u0000', 'a\u0007\u001b[31m', ' ', 'x'.repeat(4096), 0, null] as unknown[],
  integer: [0, -1, 1.5, 2_147_483_648, -2_147_483_649, INT64_PAST, -INT64_PAST - 1n, '1', null] as unknown[],
  number: [-1, 1e308, '1.0', null] as unknown[],
  boolean: ['true', 0, null] as unknown[],
  array: [[], {}, null] as unknown[],
  object: [{}, [], null] as unknown[],
}
/** Integers just past the 32-bit and the 64-bit range: every run tries them on the first integer field. */
const PAST_RANGES: ReadonlySet<unknown> = new Set([2_147_483_648, INT64_PAST])
const UNKNOWN_KIND = 'conformance-unknown-kind'
const DISCRIMINATORS = new Set(['type', 'action'])
/** Texts that are not JSON: no body at all, and an object never closed. */
const NOT_JSON = ['', OPEN_BRACE]
/** What an identifier's name or level is set to (from its current value `v`). */
const ODD_NAMES: readonly {
  readonly what: string
  readonly of: (v: string) => string
  readonly tag?: string
}[] = [
  { what: '""', of: () => '', tag: 'empty-name' },
  { what: 'itself + NUL', of: (v) => `${v}\u0000`, tag: 'nul-in-identifier' },
  { what: 'itself + DEL and SOH', of: (v) => `${v}\u007f\u0001` },
]
/** Whole-number floats written for an integer `v`: itself, and a negative one (as Schemathesis found them). */
const WHOLE_FLOATS = (v: number | bigint): string[] => [`${v}.0`, '-350.0']
const FLOAT_MARK = 'conformance-whole-float-mark'
/** Keys whose value is an identifier's namespace. */
const NAMESPACE_KEYS = new Set(['namespace', 'default-namespace'])

function kindOf(v: unknown): keyof typeof BOUNDARIES | undefined {
  if (typeof v === 'string') return 'string'
  if (typeof v === 'bigint') return 'integer'
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number'
  if (typeof v === 'boolean') return 'boolean'
  if (Array.isArray(v)) return 'array'
  if (v !== null && typeof v === 'object') return 'object'
  return undefined
}

const show = (path: JsonPath): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(body)'

const shown = (value: unknown): string => (stringifyJson(value) ?? 'undefined').slice(0, 40)

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

const set = (path: JsonPath, value: unknown) => (b: unknown) => at(b, path, (p, k) => void (p[k] = value))

/**
 * The field at `path` set to the number 0, where the schema wants a string, an array or an object: one plain wrong
 * type, the same for every run (a property sends it as a fixed example; plain-carriers.ts).
 */
export function wrongTypeAt(path: JsonPath): BodyMutation {
  const label = `set ${show(path)} = 0`
  const m: BodyMutation = { label, class: 'boundary', apply: set(path, 0) }
  return Object.assign(m, { [fc.toStringMethod]: () => label })
}
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

/** The identifier mutations of `body`: its namespaces and the names beside them, kept or not (see the module comment). */
function identifierMutations(body: unknown): BodyMutation[] {
  const out: BodyMutation[] = []
  const walk = (v: unknown, path: JsonPath): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, [...path, i]))
    if (v === null || typeof v !== 'object') return
    const o = v as Record<string, unknown>
    for (const key of NAMESPACE_KEYS) {
      const ns = o[key]
      if (!isStrings(ns) || ns.length === 0) continue
      const p = [...path, key]
      out.push({
        label: `set ${show(p)} = ${shown([...ns, ''])} (an empty level added)`,
        class: 'identifier',
        apply: set(p, [...ns, '']),
        tag: 'empty-level',
      })
      // The last level changes, the first (the run's level, which the write guard reads) keeps its prefix.
      for (const odd of ODD_NAMES.slice(1))
        out.push({
          label: `set ${show(p)} last level = ${odd.what}`,
          class: 'identifier',
          apply: set(p, [...ns.slice(0, -1), odd.of(ns.at(-1)!)]),
          ...(odd.tag ? { tag: odd.tag } : {}),
        })
    }
    // A name beside a namespace (TableIdentifier), or a table's or view's name at the top of a create or register.
    if (typeof o.name === 'string' && (path.length === 0 || isStrings(o.namespace)))
      for (const odd of ODD_NAMES)
        out.push({
          label: `set ${show([...path, 'name'])} = ${odd.what}`,
          class: 'identifier',
          apply: set([...path, 'name'], odd.of(o.name)),
          ...(odd.tag ? { tag: odd.tag } : {}),
        })
    for (const [k, x] of Object.entries(o)) walk(x, [...path, k])
  }
  walk(body, [])
  return out
}

/**
 * Every mutation of `body`, except below the paths in `keep` (what identifies the run's own objects). `notJsonTail`
 * follows each text that is not JSON (after a space, still no JSON): the run's prefix, for an operation whose path
 * names no namespace, so that the write guard finds the run's namespace in the request. The label says the text sent.
 */
export function bodyMutations(
  body: unknown,
  keep: readonly JsonPath[] = [],
  notJsonTail?: string,
): BodyMutation[] {
  const kept = (path: JsonPath) =>
    keep.some((k) => k.length <= path.length && k.every((s, i) => s === path[i]))
  // Dropping or replacing what holds a kept field would remove it too.
  const holdsKept = (path: JsonPath) =>
    keep.some((k) => k.length > path.length && path.every((s, i) => s === k[i]))
  const out: BodyMutation[] = NOT_JSON.map((text) => {
    const sent = notJsonTail === undefined ? text : `${text} ${notJsonTail}`
    return {
      label: sent === '' ? 'send no body' : `send the text ${JSON.stringify(sent)}`,
      class: 'not-json' as const,
      apply: (b: unknown) => b,
      text: () => sent,
      tag: `not-json ${text}`,
    }
  })
  const walk = (v: unknown, path: JsonPath): void => {
    if (path.length > 0 && !kept(path) && !holdsKept(path)) {
      const last = path[path.length - 1]!
      if (typeof last === 'string')
        out.push({
          label: `drop ${show(path)}`,
          class: 'drop',
          apply: (b) => at(b, path, (p, k) => void delete p[k]),
        })
      if (typeof last === 'string' && DISCRIMINATORS.has(last) && typeof v === 'string')
        out.push({
          label: `set ${show(path)} = "${UNKNOWN_KIND}"`,
          class: 'kind',
          apply: set(path, UNKNOWN_KIND),
        })
      const kind = kindOf(v)
      for (const value of kind ? BOUNDARIES[kind] : [])
        out.push({
          label: `set ${show(path)} = ${shown(value)}`,
          class: 'boundary',
          apply: set(path, value),
          ...(PAST_RANGES.has(value) ? { tag: `past ${shown(value)}` } : {}),
        })
      if (kind === 'integer')
        for (const float of WHOLE_FLOATS(v as number | bigint))
          out.push({
            label: `set ${show(path)} = ${float}`,
            class: 'whole-float',
            tag: 'whole-float',
            // What a validator reads: the integer itself (JSON Schema: 3.0 is an integer).
            apply: set(path, Number(float)),
            // What is sent: the float's text where the integer stood.
            text: (applied) =>
              stringifyJson(at(applied, path, (p, k) => void (p[k] = FLOAT_MARK))).replace(
                JSON.stringify(FLOAT_MARK),
                float,
              ),
          })
    }
    if (kept(path) && path.length > 0) return
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]))
    else if (v !== null && typeof v === 'object') {
      out.push({
        label: `add ${show([...path, 'conformance-extra-field'])}`,
        class: 'extra',
        apply: set([...path, 'conformance-extra-field'], 'x'),
      })
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
    }
  }
  walk(body, [])
  // An identifier's odd name is its own class; the same edit as a plain boundary value is left to it.
  const identifiers = identifierMutations(body)
  const labels = new Set(identifiers.map((m) => m.label))
  return [...out.filter((m) => !labels.has(m.label)), ...identifiers]
}

/** The classes in the order shrinking prefers, and the share of the runs each gets (the large boundary class two). */
const CLASSES: readonly (readonly [MutationClass, number])[] = [
  ['drop', 1],
  ['not-json', 1],
  ['boundary', 2],
  ['identifier', 1],
  ['whole-float', 1],
  ['kind', 1],
  ['extra', 1],
]

/**
 * One mutation of `body`: a class (each its share of the runs), then one of its mutations by index, so that
 * shrinking prefers the first class and the first mutation of it.
 */
export function bodyMutation(
  body: unknown,
  keep: readonly JsonPath[] = [],
  notJsonTail?: string,
): fc.Arbitrary<BodyMutation> {
  const all = bodyMutations(body, keep, notJsonTail)
  const arbitraries = CLASSES.flatMap(([cls, weight]) => {
    const of = all.filter((m) => m.class === cls)
    if (of.length === 0) return []
    // Counterexamples print the label, not the function.
    const arbitrary = fc
      .nat({ max: of.length - 1 })
      .map((i) => ({ ...of[i]!, [fc.toStringMethod]: () => of[i]!.label }))
    return [{ arbitrary, weight }]
  })
  return fc.oneof(...arbitraries)
}

/**
 * The mutations every run tries first, whatever its budget (fast-check's examples, inside the property's runs): the
 * first of each kind the Schemathesis side-by-side found servers failing on (issue 38) — no body, `{`, an empty name,
 * an empty namespace level, a NUL in an identifier, a whole-number float, an integer just past 2^31 and one past 2^63.
 * Random draws from every class fill the rest of the runs.
 */
export function bodyMutationExamples(
  body: unknown,
  keep: readonly JsonPath[] = [],
  notJsonTail?: string,
): BodyMutation[] {
  const seen = new Set<string>()
  return bodyMutations(body, keep, notJsonTail)
    .filter((m) => m.tag !== undefined && !seen.has(m.tag) && Boolean(seen.add(m.tag)))
    .map((m) => ({ ...m, [fc.toStringMethod]: () => m.label }))
}
