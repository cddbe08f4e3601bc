/**
 * One level of a namespace: unicode, dots, spaces, percent signs and other characters that stress path
 * encoding (spec-digest §6.4). Never empty. `separator: true` may include the 0x1F separator itself (for
 * robustness tests: a server may refuse such a level); `long: true` makes names of 100–300 characters.
 */
import fc from 'fast-check'
import { nameUnit } from './_internals/names.ts'

export interface NamespacePartOptions {
  readonly separator?: boolean
  readonly long?: boolean
}

export function namespacePart(opts: NamespacePartOptions = {}): fc.Arbitrary<string> {
  const unit = opts.separator
    ? fc.oneof({ weight: 8, arbitrary: nameUnit }, { weight: 1, arbitrary: fc.constant('\u001f') })
    : nameUnit
  const length = opts.long ? { minLength: 100, maxLength: 300 } : { minLength: 1, maxLength: 12 }
  return fc
    .array(unit, length)
    .map((units) => units.join(''))
    .filter((s) => s.trim().length > 0)
}
