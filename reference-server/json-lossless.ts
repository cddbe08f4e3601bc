/**
 * JSON with exact int64 integers. Iceberg ids (snapshot ids above all) are random 63-bit longs, which
 * JSON.parse rounds to the nearest double. Handlers keep working with plain numbers; this module
 * remembers the original digits of every integer beyond 2^53 it parsed, keyed by the rounded double,
 * and prints those digits again when it serializes that double. So a client gets back exactly the id
 * it sent. Two different ids that round to the same double (1 in ~10^15 for random ids) are
 * indistinguishable to the handlers anyway; the latest digits win.
 */

const digitsByValue = new Map<number, string>()

/** Calls `onInteger` for every integer token outside strings, with its start and end offsets. */
function scanIntegers(text: string, onInteger: (start: number, end: number) => void): void {
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      i++
      while (i < n && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 /* \ */ ? 2 : 1
      i++
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      // A number token runs over digits and . e E + -; it is an integer when it is digits after an optional sign.
      const start = i
      let integer = true
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i)
        if (d >= 48 && d <= 57) continue
        if (d !== 46 /* . */ && d !== 101 /* e */ && d !== 69 /* E */ && d !== 43 /* + */ && d !== 45) break
        integer = false
      }
      if (integer && !(c === 45 && i === start + 1)) onInteger(start, i)
    } else i++
  }
}

/** JSON.parse that remembers the digits of integers beyond 2^53. Throws like JSON.parse. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text)
  scanIntegers(text, (s, e) => {
    if (e - s < 16) return
    const digits = text.slice(s, e)
    const v = Number(digits)
    if (!Number.isSafeInteger(v)) digitsByValue.set(v, digits)
  })
  return value
}

/** JSON.stringify that prints remembered int64 digits instead of their rounded doubles. */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value)
  if (text === undefined || digitsByValue.size === 0) return text
  const parts: string[] = []
  let last = 0
  scanIntegers(text, (s, e) => {
    if (e - s < 16) return
    const digits = digitsByValue.get(Number(text.slice(s, e)))
    if (digits === undefined) return
    parts.push(text.slice(last, s), digits)
    last = e
  })
  return parts.length === 0 ? text : parts.join('') + text.slice(last)
}
