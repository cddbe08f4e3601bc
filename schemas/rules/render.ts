/** The rules catalog as Markdown (docs/rules.md and `catalog-conformance rules --format md`). */
import type { BasisKind, RuleEntry } from './catalog.ts'
import { BASIS_KINDS, basisLabel, levelLabel, sourceLabel, sourceUrl } from './catalog.ts'

const INTRO = `# Rules

Every rule the harness judges, generated from \`schemas/rules/rules.yaml\` (the authored levels, releases,
sources and sentences), the suites and the negative controls by \`npm run gen:rules\`; do not edit this page.
\`catalog-conformance rules [--format md|json] [--profile P]\` prints the same list.

- **Level**: RFC 2119 level the verdict uses (a broken MUST fails, a broken SHOULD warns, MAY never fails);
  *CLIENT* is no spec level: what breaks Iceberg's Java client though the spec leaves it open, reported on its own
  line and never part of the verdict;
  \`MAY; document: MUST\` differs under \`--profile document\`.
- **Since**: the first Iceberg release with the rule; older profiles report its tests *disabled*.
- **Source**: the public text the rule enforces: the upstream REST OpenAPI document at the profile's release
  tag (the operation and response, or the schema, named), or a section of the Iceberg table or view spec; links
  here are those of the default profile (1.11). **Sentence** quotes it; a rule with none says why.
- **Basis**: what the level rests on: *must* (a must/required sentence), *schema* (a required field or a type of
  the schema), *documented-response* (the document names this response, or this outcome, for exactly this
  request), *should*, *may* or *none* (no text; the note says why), with the text quoted when it is not the
  sentence itself. A MUST rests on must, schema or documented-response (\`schemas/rules/basis.test.ts\`).
- **Kind**: *test* (a conformance test), *assertion* (asserted inside other tests), *check* (a check run on
  every exchange).
- **Controls**: the faults of \`controls/faults/\` that must break the rule (see [negative-controls.md](negative-controls.md)).
`

export function renderRulesMarkdown(rules: readonly RuleEntry[], profile = '1.11'): string {
  const withSentence = rules.filter((r) => r.sentence).length
  const lines = [
    INTRO,
    `${rules.length} rules; ${withSentence} quote a sentence of their source, ${rules.length - withSentence} do not.`,
    `Bases: ${basisCounts(rules)}.`,
    '',
  ]
  const areas = [...new Set(rules.map((r) => r.id.split('/')[0] ?? ''))]
  for (const area of areas) {
    const inArea = rules.filter((r) => r.id.split('/')[0] === area)
    lines.push(`## ${area} (${inArea.length})`, '')
    for (const r of inArea) lines.push(...ruleSection(r, profile))
  }
  return lines.join('\n')
}

/** One rule's section of the page; also what `catalog-conformance rules <id>` prints. */
export function ruleSection(r: RuleEntry, profile = '1.11'): string[] {
  return [
    `### \`${r.id}\``,
    '',
    `${r.title}.`,
    '',
    `- Level: **${levelLabel(r.level)}** · since ${r.since ?? '1.4'} · ${r.kind}`,
    // Its successor's own section says from which release it judges the request instead.
    ...(r.supersededBy ? [`- Superseded by \`${r.supersededBy}\` from that rule's release on`] : []),
    `- Source: ${r.source ? `[${sourceLabel(r.source, profile)}](${sourceUrl(r.source, profile)})` : 'none'}`,
    ...(r.sentence ? [`- Sentence: “${r.sentence}”`] : []),
    `- Basis: ${basisLabel(r)}`,
    ...(r.note ? [`- Note: ${r.note}`] : []),
    `- Tests: ${r.tests.length ? r.tests.map((t) => `\`${t}\``).join(', ') : '—'}`,
    `- Controls: ${r.controls.length ? r.controls.map((c) => `\`${c}\``).join(', ') : '—'}`,
    '',
  ]
}

/** "49 must, 16 schema, 223 documented-response, …": how many rules rest on each kind of basis, strongest first. */
function basisCounts(rules: readonly RuleEntry[]): string {
  const count = (k: BasisKind) => rules.filter((r) => r.basis?.kind === k).length
  const parts = BASIS_KINDS.filter((k) => count(k) > 0).map((k) => `${count(k)} ${k}`)
  const without = rules.filter((r) => !r.basis).length
  return [...parts, ...(without > 0 ? [`${without} not recorded`] : [])].join(', ')
}
