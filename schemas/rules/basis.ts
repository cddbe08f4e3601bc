/**
 * The lint of the rules' bases: a verdict is only as strong as the text it rests on, so a rule judged at MUST must
 * rest on a must/required sentence, a required field or type of the schema, or a response the document names for
 * exactly that condition. schemas/rules/basis.test.ts runs it over the committed catalog and fails the build.
 */
import type { RuleEntry } from './catalog.ts'
import { MUST_BASIS_KINDS } from './catalog.ts'

/** Is the rule MUST in some profile (`MUST`, or MUST in either profile of a level map)? */
export function mustSomewhere(r: Pick<RuleEntry, 'level'>): boolean {
  return typeof r.level === 'string'
    ? r.level === 'MUST'
    : r.level.iceberg === 'MUST' || r.level.document === 'MUST'
}

/** Every problem with the bases of `rules`, one line each naming the rule; empty when all are sound. */
export function basisProblems(rules: readonly Pick<RuleEntry, 'id' | 'level' | 'basis'>[]): string[] {
  const problems: string[] = []
  for (const r of rules) {
    const b = r.basis
    if (!b) {
      problems.push(`${r.id}: no basis (add one to schemas/rules/rules.yaml)`)
      continue
    }
    if (mustSomewhere(r) && !MUST_BASIS_KINDS.includes(b.kind))
      problems.push(
        `${r.id}: judged at MUST but its basis is "${b.kind}"; a MUST rests on ${MUST_BASIS_KINDS.join(', ')} (or lower the level and say why in its note)`,
      )
    if (b.kind === 'none') continue
    // A schema basis at a schema (`schema/{Name}`: whichever schema the body is judged by) is that schema's
    // required fields and types; every other basis quotes its text.
    const schemaItself = b.kind === 'schema' && !!b.at?.startsWith('schema ')
    if (!b.quote?.trim() && !(schemaItself && b.quote === undefined))
      problems.push(`${r.id}: a basis of kind ${b.kind} quotes no text`)
    if (!b.document || !b.at?.trim())
      problems.push(`${r.id}: a basis of kind ${b.kind} names no document and place`)
  }
  return problems
}
