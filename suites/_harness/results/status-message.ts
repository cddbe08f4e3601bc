/**
 * How a violation's message names the answer it judged, written by the checks and read back by the reports: the status
 * with the server's error (`422 (RequestValidationError: body.x: Field required)`), and for a status check what was
 * expected (`status 422 (…), expected 400`). Writer and readers live here, so that the format has one source.
 */

/** The server's error in a message: the envelope's `type: message` (`?` for no type, the message cut at 200). */
export function errorSummary(json: unknown): string | undefined {
  const err = (json as { error?: { type?: unknown; message?: unknown } } | undefined)?.error
  if (!err || typeof err !== 'object') return undefined
  const msg = typeof err.message === 'string' ? err.message.slice(0, 200) : ''
  return `${typeof err.type === 'string' ? err.type : '?'}: ${msg}`
}

/** A status with the error its answer names, if any: `422 (RequestValidationError: …)`, or `422`. */
export function statusWithError(status: number, json: unknown): string {
  const said = errorSummary(json)
  return said ? `${status} (${said})` : String(status)
}

/** A status check's message: `status 422 (RequestValidationError: …), expected 400`. */
export function statusMessage(status: number, json: unknown, expected: string): string {
  return `status ${statusWithError(status, json)}, expected ${expected}`
}

/** The error type a status check's message names (statusMessage); undefined when the answer named none. */
export function statusMessageType(message: string): string | undefined {
  const type = /^status \d{3} \(([^\s:()]+): /.exec(message)?.[1]
  return type === undefined || type === '?' ? undefined : type
}

/**
 * The statuses a status check expected, as its message names them (`…, expected 400 or 422` → 400, 422;
 * `expected a 4xx other than 404` → 4xx), sorted; none when it names none.
 */
export function expectedStatuses(message: string): string[] {
  const said = /, expected (.*)$/.exec(message.split('\n')[0] ?? '')?.[1] ?? ''
  // "other than 404" names what is not expected.
  const wanted = said.replace(/other than .*$/, '')
  return [...new Set([...wanted.matchAll(/\b[1-5](?:\d\d|xx)\b/g)].map((m) => m[0]))].sort()
}
