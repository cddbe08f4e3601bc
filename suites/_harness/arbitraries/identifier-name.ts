/**
 * A table or view name: one path segment with the same odd characters as namespace parts.
 */
import type fc from 'fast-check'
import { namespacePart } from './namespace-part.ts'

export function identifierName(opts: { readonly long?: boolean } = {}): fc.Arbitrary<string> {
  return namespacePart(opts.long ? { long: true } : {})
}
