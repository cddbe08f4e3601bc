/**
 * `catalog-conformance rules [--format md|json] [--profile P]`: prints the rules catalog — each rule with its
 * level, the release that introduced it, its public source and sentence, its tests and negative controls.
 */
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { didYouMean } from '../../schemas/did-you-mean.ts'
import { DEFAULT_PROFILE, PROFILE_NAMES, isProfileName } from '../../schemas/profiles.ts'
import { allRules, levelFor, sourceUrl } from '../../schemas/rules/catalog.ts'
import { renderRulesMarkdown } from '../../schemas/rules/render.ts'

const FORMATS = ['md', 'json'] as const

export function rulesCommand(
  format: string | boolean | undefined,
  profile: string | undefined,
  out: (text: string) => void,
): number {
  const fmt = typeof format === 'string' ? format : 'md'
  if (!(FORMATS as readonly string[]).includes(fmt))
    throw new HarnessError(`unknown --format "${fmt}"${didYouMean(fmt, FORMATS)}; try: ${FORMATS.join(', ')}`)
  const p = profile ?? DEFAULT_PROFILE
  if (!isProfileName(p))
    throw new HarnessError(
      `unknown profile "${p}"${didYouMean(p, PROFILE_NAMES)}; try: ${PROFILE_NAMES.join(', ')}`,
    )
  if (fmt === 'md') {
    out(renderRulesMarkdown(allRules(), p))
    return 0
  }
  // JSON: the catalog entries, with the level and the source address resolved for the profile.
  const rules = allRules().map((r) => ({
    ...r,
    levelInProfile: levelFor(r.level, p),
    ...(r.source ? { url: sourceUrl(r.source, p) } : {}),
  }))
  out(JSON.stringify({ profile: p, rules }, null, 2))
  return 0
}
