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
 * Without a MUST violation (a setup step refused, the harness threw) the key is the thrown error's name and
 * normalised first line. Words the server writes without quotes or digits stay: a message that echoes a bare
 * generated word splits one defect into several keys, which the cap on distinct failures bounds.
 */
import type { Violation } from '../results/violation.ts'

/** Longest normalised message kept: the server's text was already cut at 200 characters (errorSummary). */
const MAX_MESSAGE = 160

/** The first line of `message` with quoted text and tokens holding digits blanked (see the module comment). */
export function normaliseMessage(message: string): string {
  const line = message.split('\n')[0] ?? ''
  return (
    line
      // Quoted text. A server that echoes a value with a quote in it leaves the quotes unbalanced (`For input
      // string: """`): a quotation ends only at a quote followed by a delimiter, and one the 200-character cut
      // left open runs to the end of the line.
      .replace(/"(?:[^"]|"(?![\s,.;:)\]}]|$))*(?:"|$)/g, '"…"')
      // A single quote opens a quotation only after a non-word character: "doesn't" is no quotation.
      .replace(/(^|\W)'[^']*(?:'|$)/g, "$1'…'")
      .replace(/`[^`]*(?:`|$)/g, '`…`')
      // Bracketed text: echoed lists and values (`unsupported view representations: [x-kind]`), parser positions.
      .replace(/\[[^\]]*(?:\]|$)/g, '[…]')
      // Numbers, column and line positions, hex ids, uuids, generated names with a counter or a random part.
      .replace(/[\w.-]*\d[\w.-]*/g, '#')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_MESSAGE)
  )
}

/** The signature of a failing execution from the violations it recorded and what it threw. */
export function failureSignature(violations: readonly Violation[], thrown: unknown): string {
  const must = violations.find((v) => v.level === 'MUST')
  if (must) return [must.rule, must.status ?? '-', normaliseMessage(must.message)].join(' | ')
  const name = thrown instanceof Error ? thrown.name : typeof thrown
  const message = thrown instanceof Error ? thrown.message : String(thrown)
  return [name, normaliseMessage(message)].join(' | ')
}
