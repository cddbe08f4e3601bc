/**
 * A namespace of the run: a top-level level that starts with the run prefix (so the write guard allows it
 * and cleanup finds it) followed by generated characters, then up to `maxDepth - 1` nested levels.
 */
import fc from 'fast-check'
import { namespacePart } from './namespace-part.ts'

export interface NamespaceNameOptions {
  readonly maxDepth?: number
  readonly long?: boolean
}

export function namespaceName(prefix: string, opts: NamespaceNameOptions = {}): fc.Arbitrary<string[]> {
  const depth = Math.max(1, opts.maxDepth ?? 1)
  return fc
    .tuple(
      namespacePart(opts.long ? { long: true } : {}),
      fc.array(namespacePart(), { minLength: 0, maxLength: depth - 1 }),
    )
    .map(([top, rest]) => [`${prefix}_${top}`, ...rest])
}
