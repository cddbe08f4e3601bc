/**
 * Decoding of `{namespace}` (and `parent`) and of single-name path parameters:
 * split on `%1F` when present, else on the advertised separator, then percent-decode each level.
 */
import { badRequest } from '../errors.ts'

function decode(raw: string, what: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw badRequest(`Malformed percent-encoding in ${what}: ${raw}`)
  }
}

/**
 * Decodes a namespace path parameter. `raw` is still percent-encoded, as in the request line;
 * `separator` is the advertised, URL-encoded separator (e.g. `%1F`). An empty level is a 400.
 */
export function decodeNamespace(raw: string, separator: string): string[] {
  const unit = /%1f/i
  const parts = unit.test(raw) ? raw.split(/%1f/i) : splitOn(raw, separator)
  const levels = parts.map((p) => decode(p, 'namespace'))
  if (levels.some((l) => l === '')) throw badRequest(`Invalid namespace: empty level in ${raw}`)
  return levels
}

function splitOn(raw: string, separator: string): string[] {
  if (separator.toLowerCase() === '%1f') return [raw]
  // The separator is advertised URL-encoded; a client may send it encoded or, if unreserved, raw.
  const alternatives = new Set([separator, decode(separator, 'separator')])
  let parts = [raw]
  for (const s of alternatives) if (s !== '') parts = parts.flatMap((p) => p.split(s))
  return parts
}

/** Decodes a single-segment name (table, view, function, plan id). */
export function decodeName(raw: string, what: string): string {
  const name = decode(raw, what)
  if (name === '') throw badRequest(`Invalid ${what}: empty`)
  return name
}
