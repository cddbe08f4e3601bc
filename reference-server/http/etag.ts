/**
 * ETags of table representations and If-None-Match matching (RFC 9110 §13.1.2:
 * `*` or a list of entity tags, compared weakly).
 */
import { createHash } from 'node:crypto'
import type { EtagBasis } from '../handlers/context.ts'
import type { FaultFlags } from '../options.ts'

/** A strong, quoted ETag for one representation; `staleEtag` hashes only the table identity. */
export function etagOf(basis: EtagBasis, flags: FaultFlags): string {
  const input = flags.staleEtag ? basis.identity : `${basis.metadataLocation}\n${basis.variant}`
  return `"${createHash('sha256').update(input).digest('base64url').slice(0, 32)}"`
}

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '')

/** True when the If-None-Match header matches the current ETag (so the answer is 304). */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  return header.split(',').some((t) => opaque(t) === opaque(etag))
}
