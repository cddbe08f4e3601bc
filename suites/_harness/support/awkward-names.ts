/**
 * Namespace names that need care in a URL, one kind a rule: namespaces/names/<kind> creates a namespace whose last
 * level ends in `suffix` and judges its round trip (create, load, exists, list, drop). The namespace round-trip
 * property draws such characters too; a name of a kind it cannot load is that rule's defect when the rule's own name
 * cannot be loaded either (see properties/namespace-roundtrip.test.ts).
 */

export interface AwkwardName {
  readonly kind: 'dot' | 'space' | 'unicode' | 'percent' | 'slash'
  /** The end of the rule's own name. */
  readonly suffix: string
  /** Whether a name level holds a character of this kind. */
  readonly in: (level: string) => boolean
}

export const AWKWARD_NAMES: readonly AwkwardName[] = [
  { kind: 'dot', suffix: 'a.b', in: (l) => l.includes('.') },
  { kind: 'space', suffix: 'a b', in: (l) => l.includes(' ') },
  { kind: 'unicode', suffix: 'ünï_中文_🧊', in: (l) => [...l].some((c) => c.codePointAt(0)! > 0x7f) },
  { kind: 'percent', suffix: '100%25_%1F_%', in: (l) => l.includes('%') },
  { kind: 'slash', suffix: 'a/b', in: (l) => l.includes('/') },
]

/** The rule that judges names of `kind`. */
export const awkwardNameRule = (kind: AwkwardName['kind']): string => `namespaces/names/${kind}`
