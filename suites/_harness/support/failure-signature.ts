/**
 * The signature of a failing property execution: a short key for the *kind* of failure, so that the property
 * runner can tell "the same defect again" from "a new defect" (support/property.ts, distinct failures).
 *
 * Two shrunk counterexamples of one defect differ in what the generator chose — the field, the value, the
 * generated name, the column a parser stopped at — but not in which rule broke, which status the server answered
 * nor what kind of error it named. Two defects of one operation differ in exactly those: the Java fixture answers
 * a NUL byte with `500 JsonParseException: Illegal character ((CTRL-CHAR, code 0))` and an integer beyond int with
 * `500 JsonMappingException: Numeric value (2147483648) out of range of int`. So the key is the first MUST
 * violation's rule, the status of its exchange and the first line of its message with the generated parts blanked:
 * quoted and bracketed text (names, echoed values and lists) and every token holding a digit (numbers, positions,
 * hex and uuid names).
 * A server error adds what the server named: the first line of its error text (the envelope's type and message, a
 * bare `message` as Jetty's own error body has it, an HTML page's title, or a plain text; results/answer-text.ts, as
 * the reports read it), normalised alike. Without it, every 5xx whose body is not the error envelope breaks the same
 * rule with the same words, so two crashes of one operation (the
 * Java fixture 1.11.0 answers an empty table name with `IllegalArgumentException: Invalid table name` and a NUL in a
 * namespace with `Cannot create a namespace with the null-byte character`, both in Jetty's body) would be one kind.
 * Without a MUST violation (a setup step refused, the harness threw) the key is the thrown error's name and
 * normalised first line.
 * A server that echoes what it was sent does so in many ways: between HTML entities (Jetty's page writes
 * `(&apos;c&apos; (code 99))`), followed by Jackson's `(through reference chain: …)`, as a JSON object, by its JSON
 * type (Jackson's `from Boolean value`), or as a bare word (`Cannot convert metadata update action to json: x-aaa`).
 * The entities are read, the reference chain (where in the request, not what went wrong) dropped, objects blanked
 * like lists, the type blanked, and the strings the property generated as its arguments blanked wherever they stand
 * as a word of their own: each of those would otherwise make every generated value a defect of its own, reported as
 * several distinct failures that are one.
 */
import type { Violation } from '../results/violation.ts'
import { readEntities } from '../../../schemas/html-entities.ts'
import { serverErrorText } from '../results/answer-text.ts'
import type { StatusAnswer } from '../results/answer-text.ts'

/** Longest normalised message kept: the server's text was already cut at 200 characters (errorSummary). */
const MAX_MESSAGE = 160

/**
 * The first line of `message` with quoted text, tokens holding digits and the strings a property drew (`generated`,
 * see generatedStrings) blanked (see the module comment).
 */
export function normaliseMessage(message: string, generated: readonly string[] = []): string {
  // Entities read first, so that a generated value an entity quotes is found.
  const line = blankGenerated(readEntities(message.split('\n')[0] ?? ''), generated)
  return (
    line
      // Jackson's path to the field it stopped at, cut or not: where in the request, not what went wrong.
      .replace(/\s*\(through reference chain:.*$/, '')
      // Quoted text. A server that echoes a value with a quote in it leaves the quotes unbalanced (`For input
      // string: """`): a quotation ends only at a quote followed by a delimiter, and one the 200-character cut
      // left open runs to the end of the line.
      .replace(/"(?:[^"]|"(?![\s,.;:)\]}]|$))*(?:"|$)/g, '"…"')
      // A single quote opens a quotation only after a non-word character: "doesn't" is no quotation. It ends as a
      // double one does: Jackson quotes a quote as `(''' (code 39))`.
      .replace(/(^|\W)'(?:[^']|'(?![\s,.;:)\]}]|$))*(?:'|$)/g, "$1'…'")
      .replace(/`[^`]*(?:`|$)/g, '`…`')
      // Bracketed text: echoed lists and values (`unsupported view representations: [x-kind]`), parser positions.
      .replace(/\[[^\]]*(?:\]|$)/g, '[…]')
      // Echoed objects alike, innermost first (`{"type":"","fields":[…]}`), and one the cut left open.
      .replace(/\{.*/, blankObjects)
      // Numbers, column and line positions, hex ids, uuids, generated names with a counter or a random part.
      .replace(/[\w.-]*\d[\w.-]*/g, '#')
      // The JSON type of the value sent where another belongs, as Jackson names it (`Cannot deserialize value of type
      // … from Boolean value`): which wrong type the generator drew.
      .replace(
        /\bfrom (?:Array|Object|String|Integer|Floating-point|Boolean|Null|Embedded Object) value\b/g,
        'from # value',
      )
      // An echoed value that ends the line reads the same whatever its type (`case-sensitive: "true"`, `: 0`, `: null`,
      // `: {…}`, `: […]`).
      .replace(/: (?:"…"|'…'|`…`|\{…\}|\[…\]|null|true|false)\s*$/, ': #')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_MESSAGE)
  )
}

/** Each echoed object in `text` (which starts at one) as `{…}`, nested ones within it, and one the cut left open. */
function blankObjects(text: string): string {
  let t = text
  // Innermost first; each pass takes one level (a private-use character marks a blanked one).
  for (let before = ''; before !== t;) {
    before = t
    t = t.replace(/\{[^{}]*\}/g, '\uE000')
  }
  return t.replace(/\{[^{}]*$/, '\uE000').replace(/\uE000/g, '{…}')
}

/**
 * The strings a property drew as its arguments: each argument that is a string, and the strings of an argument that
 * is a list of them (a namespace's parts). Strings inside objects are left: a body mutation's field names are the
 * words of the messages that tell two defects apart. One character is too short to tell from a word of the message.
 */
export function generatedStrings(args: unknown): string[] {
  const strings = (Array.isArray(args) ? args : [args]).flatMap((a) => (Array.isArray(a) ? a : [a]))
  return strings.filter((s): s is string => typeof s === 'string' && s.length >= 2)
}

/** `text` with each of `generated` blanked where it stands as a word of its own (not inside a longer name). */
function blankGenerated(text: string, generated: readonly string[]): string {
  // The longest first: a generated string that holds another is blanked whole.
  const longestFirst = [...generated].sort((a, b) => b.length - a.length)
  return longestFirst.reduce((t, g) => t.replace(asWord(g), '#'), text)
}

/** A pattern matching `literal` where no letter, digit, `_` or `-` adjoins it. */
function asWord(literal: string): RegExp {
  const escaped = literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g')
}

/**
 * The signature of a failing execution from the violations it recorded, what it threw, the answer its first MUST
 * violation was recorded on (when known), and the strings the property drew for it (generatedStrings).
 */
export function failureSignature(
  violations: readonly Violation[],
  thrown: unknown,
  answer?: StatusAnswer,
  generated: readonly string[] = [],
): string {
  const normalise = (text: string) => normaliseMessage(text, generated)
  const must = violations.find((v) => v.level === 'MUST')
  if (must) {
    const key = [must.rule, must.status ?? '-', normalise(must.message)]
    const named = normalise(serverErrorText(answer))
    return (named ? [...key, named] : key).join(' | ')
  }
  const name = thrown instanceof Error ? thrown.name : typeof thrown
  const message = thrown instanceof Error ? thrown.message : String(thrown)
  return [name, normalise(message)].join(' | ')
}
