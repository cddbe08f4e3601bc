/**
 * The public source of a rule for a report: the link at the run's profile and the quoted sentence, from the
 * rules catalog. A rule the catalog does not know (a results file of another harness version) has none.
 */
import { isProfileName } from '../schemas/profiles.ts'
import { basisLabel, ruleEntry, sourceLabel, sourceUrl } from '../schemas/rules/catalog.ts'

export interface RuleSource {
  readonly rule: string
  readonly url?: string
  readonly label?: string
  readonly sentence?: string
  /** Why there is no sentence (the catalog's note), when there is none. */
  readonly note?: string
  /** What the rule's level rests on, for a reader: `must — the quoted sentence`, `documented-response — “…” (at)`. */
  readonly basis?: string
}

export function ruleSource(rule: string, profile: string): RuleSource | undefined {
  const entry = ruleEntry(rule)
  if (!entry) return undefined
  const p = isProfileName(profile) ? profile : undefined
  return {
    rule,
    ...(entry.source ? { url: sourceUrl(entry.source, p), label: sourceLabel(entry.source, p) } : {}),
    ...(entry.sentence ? { sentence: entry.sentence } : entry.note ? { note: entry.note } : {}),
    ...(entry.basis ? { basis: basisLabel(entry) } : {}),
  }
}
