/**
 * One level of a namespace: unicode, dots, spaces, percent signs and other characters that stress path
 * encoding. Never empty. `separator: true` may include the 0x1F separator itself (for
 * robustness tests: a server may refuse such a level); `long: true` makes names of 100–300 characters.
 */
import fc from 'fast-check'
import { nameUnit } from './_internals/names.ts'

export interface NamespacePartOptions {
  readonly separator?: boolean
  readonly long?: boolean
  /**
   * Never generate a level containing this string: the target's own separator when it is a printable
   * character (e.g. `.`), since such a level cannot be named unambiguously in a path.
   */
  readonly avoid?: string
}

export function namespacePart(opts: NamespacePartOptions = {}): fc.Arbitrary<string> {
  const unit = opts.separator
    ? fc.oneof({ weight: 8, arbitrary: nameUnit }, { weight: 1, arbitrary: fc.constant('\u001f') })
    : nameUnit
  const length = opts.long ? { minLength: 100, maxLength: 300 } : { minLength: 1, maxLength: 12 }
  return fc
    .array(unit, length)
    .map((units) => units.join(''))
    .filter((s) => s.trim().length > 0 && (!opts.avoid || !s.includes(opts.avoid)))
}

/** The separator to avoid in generated levels: the advertised one, unless it is the default 0x1F. */
export function printableSeparator(caps: { readonly namespaceSeparator: string }): string | undefined {
  return caps.namespaceSeparator === '\u001f' ? undefined : caps.namespaceSeparator
}
