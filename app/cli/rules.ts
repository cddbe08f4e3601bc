/**
 * `catalog-conformance rules [RULE…] [--format md|json] [--profile P]`: prints the rules catalog — each rule with its
 * level, the release that introduced it, its public source and sentence, the basis its level rests on, its tests and
 * negative controls — or only the rules named (an id, or the start of ids such as `tables/drop`), as a failure report
 * names them.
 */
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { didYouMean } from '../../schemas/did-you-mean.ts'
import { DEFAULT_PROFILE, PROFILE_NAMES, isProfileName } from '../../schemas/profiles.ts'
import { allRules, levelFor, sourceUrl, type RuleEntry } from '../../schemas/rules/catalog.ts'
import { renderRulesMarkdown, ruleSection } from '../../schemas/rules/render.ts'

const FORMATS = ['md', 'json'] as const

export function rulesCommand(
  format: string | boolean | undefined,
  profile: string | undefined,
  out: (text: string) => void,
  named: readonly string[] = [],
): number {
  const fmt = typeof format === 'string' ? format : 'md'
  if (!(FORMATS as readonly string[]).includes(fmt))
    throw new HarnessError(`unknown --format "${fmt}"${didYouMean(fmt, FORMATS)}; try: ${FORMATS.join(', ')}`)
  const p = profile ?? DEFAULT_PROFILE
  if (!isProfileName(p))
    throw new HarnessError(
      `unknown profile "${p}"${didYouMean(p, PROFILE_NAMES)}; try: ${PROFILE_NAMES.join(', ')}`,
    )
  const selected = named.length > 0 ? selectRules(allRules(), named) : undefined
  if (fmt === 'md') {
    out(selected ? selected.flatMap((r) => ruleSection(r, p)).join('\n') : renderRulesMarkdown(allRules(), p))
    return 0
  }
  // JSON: the catalog entries, with the level and the source address resolved for the profile.
  const rules = (selected ?? allRules()).map((r) => ({
    ...r,
    levelInProfile: levelFor(r.level, p),
    ...(r.source ? { url: sourceUrl(r.source, p) } : {}),
  }))
  out(JSON.stringify({ profile: p, rules }, null, 2))
  return 0
}

/** The rules each name selects: its id, or every id it starts (`tables/drop` selects `tables/drop/…`); in catalog order. */
export function selectRules(rules: readonly RuleEntry[], named: readonly string[]): RuleEntry[] {
  const selects = (name: string) => {
    const prefix = name.replace(/\/+$/, '')
    return (r: RuleEntry) => r.id === prefix || r.id.startsWith(`${prefix}/`)
  }
  for (const name of named)
    if (!rules.some(selects(name)))
      throw new HarnessError(
        `unknown rule "${name}"${didYouMean(
          name,
          rules.map((r) => r.id),
        )}; \`catalog-conformance rules\` lists them all`,
      )
  const tests = named.map(selects)
  return rules.filter((r) => tests.some((selected) => selected(r)))
}
