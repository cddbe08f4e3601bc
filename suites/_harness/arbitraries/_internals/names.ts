/**
 * Character pools for generated names. Namespace and identifier names exercise path encoding (unicode,
 * dots, spaces, percent signs, plus and ampersand); field names stay clear of dots, which Iceberg uses to
 * join nested field names.
 */
import fc from 'fast-check'

const ODD = [
  '.',
  ' ',
  '%',
  '%1F',
  '%25',
  '+',
  '&',
  '=',
  '?',
  '#',
  '~',
  "'",
  '-',
  '_',
  ':',
  ';',
  ',',
  '@',
  '!',
]
const UNICODE = ['é', 'ü', 'ß', 'ø', 'Ω', 'λ', '数', '据', '表', 'キ', '한', '🙂', '🚀', 'ﬁ', '\u00a0']

/** One unit of a name: an ASCII letter or digit most of the time, else an odd or non-ASCII character. */
export const nameUnit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789') },
  { weight: 2, arbitrary: fc.constantFrom(...ODD) },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE) },
)

/** A field name: ASCII and non-ASCII letters, digits, underscore; never a dot (nested names use dots). */
export const fieldNameUnit = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_', 'é', 'ü', 'λ', '数')
