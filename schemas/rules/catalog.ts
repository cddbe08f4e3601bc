/**
 * The catalog of rules: the one list of every rule the harness judges, with its level, the release that
 * introduced it, the public source it comes from (the upstream OpenAPI document at the profile's release
 * tag, or a section of the Iceberg table or view spec), the sentence of that source it enforces, the tests
 * that judge it and the negative controls that prove it can fail.
 *
 * Authored in schemas/rules/rules.yaml; `catalog.json` next to it is generated from that file, the suites
 * and the fault registry by `npm run gen:rules` (`npm run check:rules` fails when it is out of date). The
 * DSL's `rule()`, the reports, the negative controls, the expectations files and `catalog-conformance rules`
 * all read this module.
 */
import { readFileSync } from 'node:fs'
import { closest } from '../did-you-mean.ts'
import { SCHEMA_NAMES } from '../generated/schema-names.ts'
import { RELEASES } from '../operations.ts'
import type { Release } from '../operations.ts'
import { getProfile } from '../profiles.ts'

/**
 * RFC 2119 level of a rule. A broken MUST fails a test; a broken SHOULD warns; MAY is never a failure. `CLIENT` is no
 * spec level: what breaks a widely used client although the spec leaves it open (the error `type` Iceberg's Java
 * client dispatches on). It is reported on a line of its own and never changes an outcome or the verdict.
 * `ROBUSTNESS` is no spec level either: a server error (5xx, with the error envelope) where the document names no
 * other answer, e.g. to schema-valid but unusual input — the document lists 5XX for every operation ("A server-side
 * problem that might not be addressable from the client side"). Reported in a section of its own and counted apart;
 * never an outcome, and part of the verdict only when the run asks for it (`--fail-on robustness`).
 */
export type Level = 'MUST' | 'SHOULD' | 'MAY' | 'CLIENT' | 'ROBUSTNESS'

/** A level that depends on the profile: e.g. ETag is MAY in Iceberg releases and MUST in the original document. */
export type LevelSpec = Level | { readonly iceberg: Level; readonly document: Level }

/** The public documents a rule can come from. */
/** `java-client`: Apache Iceberg's Java client at the profile's release (a CLIENT rule's behaviour, not a spec). */
export const SOURCE_DOCUMENTS = ['openapi', 'spec', 'view-spec', 'java-client'] as const
export type SourceDocument = (typeof SOURCE_DOCUMENTS)[number]

export interface RuleSource {
  readonly document: SourceDocument
  /** Where in the document: `<operationId> <status>` or `schema <Name>` (openapi), a section anchor (spec). */
  readonly at: string
}

/**
 * What a rule's level rests on, strongest first. `must`: a must/required sentence; `schema`: a required field or a
 * type of the document's schema; `documented-response`: the document names this response for exactly this
 * condition ("Conflict - The namespace already exists"); `should` / `may`: a sentence of that strength; `none`: no
 * text (the rule's note says why it is judged at all). Only the first three can carry a MUST.
 */
export const BASIS_KINDS = ['must', 'schema', 'documented-response', 'should', 'may', 'none'] as const
export type BasisKind = (typeof BASIS_KINDS)[number]

/** The basis kinds a MUST rule may rest on. */
export const MUST_BASIS_KINDS: readonly BasisKind[] = ['must', 'schema', 'documented-response']

/**
 * The upstream text a rule's level rests on, resolved: in rules.yaml `quote`, `document` and `at` default to the
 * rule's own sentence and source, so the catalog always carries them (kind `none` carries none of them). The
 * basis may quote another text than the display sentence: the auth rules show the SHOULD sentence on 401 but
 * their MUST (a refusal) rests on the documented 401/403 responses.
 */
export interface RuleBasis {
  readonly kind: BasisKind
  /** Verbatim upstream text; absent only for kind `none`. */
  readonly quote?: string
  readonly document?: SourceDocument
  /** Where in the document, as RuleSource.at. */
  readonly at?: string
}

/**
 * What judges a rule: `test` (a conformance test declared with `rule()`), `assertion` (a rule a test
 * asserts besides its own, e.g. the metadata invariants checked after each commit) or `check` (a check of
 * the registry run on every exchange).
 */
export type RuleKind = 'test' | 'assertion' | 'check'

export interface RuleEntry {
  readonly id: string
  readonly kind: RuleKind
  readonly level: LevelSpec
  /** First release with the rule; older profiles report its tests "disabled". */
  readonly since?: Release
  /**
   * A rule of a later release (it has a `since`) that judges the same request more strictly: from that release on it
   * alone judges it, and this rule's tests are "disabled", so that one wrong answer fails one rule, not two (an
   * unknown update action answered 500 is neither the 4xx every release asks for nor the 400 of 1.7 on).
   */
  readonly supersededBy?: string
  readonly title: string
  readonly source?: RuleSource
  /** The sentence of the source the rule enforces, quoted as the source at the default release has it. */
  readonly sentence?: string
  /** Why there is no sentence (or what the sentence leaves to the reader). */
  readonly note?: string
  /**
   * What the level rests on. Every rule of the committed catalog has one (schemas/rules/basis.test.ts); optional
   * so that a results file of an older harness version still reads.
   */
  readonly basis?: RuleBasis
  /** Files whose tests judge the rule. */
  readonly tests: readonly string[]
  /** Negative controls (controls/faults/) that must break it. */
  readonly controls: readonly string[]
}

export interface Catalog {
  readonly rules: readonly RuleEntry[]
}

/** Schema rules (`schema/<Name>`: a body does not validate against that schema) share one entry. */
export const SCHEMA_RULE = 'schema/{Name}'

const CATALOG_URL = new URL('./catalog.json', import.meta.url)

let loaded: { catalog: Catalog; byId: Map<string, RuleEntry> } | undefined

function load(): { catalog: Catalog; byId: Map<string, RuleEntry> } {
  if (!loaded) {
    const catalog = JSON.parse(readFileSync(CATALOG_URL, 'utf8')) as Catalog
    loaded = { catalog, byId: new Map(catalog.rules.map((r) => [r.id, r])) }
  }
  return loaded
}

/** Every rule of the committed catalog, in catalog order (grouped by area). */
export function allRules(): readonly RuleEntry[] {
  return load().catalog.rules
}

/** The entry of rule `id` (a `schema/<Name>` rule gets the schema entry, located at that schema). */
export function ruleEntry(id: string): RuleEntry | undefined {
  const { byId } = load()
  const direct = byId.get(id)
  if (direct) return direct
  const name = id.slice('schema/'.length)
  if (!id.startsWith('schema/') || !(SCHEMA_NAMES as readonly string[]).includes(name)) return undefined
  const family = byId.get(SCHEMA_RULE)
  if (!family) return undefined
  const at = `schema ${name}`
  return {
    ...family,
    id,
    source: { document: 'openapi', at },
    ...(family.basis ? { basis: { ...family.basis, at } } : {}),
  }
}

/** The known rule closest to `id`, for "did you mean …?". */
export function closestRule(id: string): string | undefined {
  return closest(id, [...load().byId.keys()])
}

/** The level of a rule under a profile (`document` has its own levels for a few rules). */
export function levelFor(level: LevelSpec, profile: string): Level {
  return typeof level === 'string' ? level : profile === 'document' ? level.document : level.iceberg
}

/** `MUST`, or `MAY; document: MUST` for a profile-dependent level. */
export function levelLabel(level: LevelSpec): string {
  return typeof level === 'string' ? level : `${level.iceberg}; document: ${level.document}`
}

/** Is a rule introduced in `since` judged under `profile`? */
export function inProfile(since: Release | undefined, profile: string): boolean {
  if (!since) return true
  return RELEASES.indexOf(getProfile(profile).release) >= RELEASES.indexOf(since)
}

/**
 * Why the rule's tests are not judged under `profile` (its release is later than the profile's, or a rule of a
 * release the profile follows judges the same request: `supersededBy`); undefined when they are.
 */
export function outOfProfileReason(
  entry: Pick<RuleEntry, 'since' | 'supersededBy'>,
  profile: string,
): string | undefined {
  if (!inProfile(entry.since, profile)) return `rule introduced in ${entry.since}; profile is ${profile}`
  const successor = entry.supersededBy === undefined ? undefined : ruleEntry(entry.supersededBy)
  if (successor && inProfile(successor.since, profile))
    return `from ${successor.since} on, ${successor.id} judges the same request (profile ${profile})`
  return undefined
}

/** The public address of a source at the release a profile follows (`document` follows 1.11). */
export function sourceUrl(source: RuleSource, profile = '1.11'): string {
  const release = getProfile(profile).release
  switch (source.document) {
    case 'openapi': {
      const tag = release === 'main' ? 'main' : `apache-iceberg-${release}.0`
      return `https://github.com/apache/iceberg/blob/${tag}/open-api/rest-catalog-open-api.yaml`
    }
    case 'spec':
      return `https://iceberg.apache.org/spec/#${source.at}`
    case 'view-spec':
      return `https://iceberg.apache.org/view-spec/#${source.at}`
    case 'java-client': {
      const tag = release === 'main' ? 'main' : `apache-iceberg-${release}.0`
      return `https://github.com/apache/iceberg/blob/${tag}/core/src/main/java/org/apache/iceberg/rest/${source.at}.java`
    }
  }
}

/** "rest-catalog-open-api.yaml (1.11.0), updateTable 409" — the source named for a reader. */
export function sourceLabel(source: RuleSource, profile = '1.11'): string {
  const release = getProfile(profile).release
  const at = release === 'main' ? 'main' : `${release}.0`
  switch (source.document) {
    case 'openapi':
      return `REST OpenAPI ${at}: ${source.at}`
    case 'spec':
      return `Iceberg table spec: ${source.at}`
    case 'view-spec':
      return `Iceberg view spec: ${source.at}`
    case 'java-client':
      return `Iceberg Java client ${at}: ${source.at}`
  }
}

/**
 * The basis for a reader, next to the rule's sentence: `must — “…” (updateTable 409)`; `must — the quoted sentence`
 * when it quotes the rule's own sentence at its own place; `none` alone when there is no text.
 */
export function basisLabel(r: Pick<RuleEntry, 'basis' | 'sentence' | 'source'>): string {
  const b = r.basis
  if (!b) return 'not recorded'
  if (b.kind === 'none') return b.kind
  // A schema basis that quotes nothing is the named schema itself (schema/{Name}).
  if (!b.quote) return `${b.kind}${b.at ? ` (${b.at})` : ''}`
  const own =
    b.quote.trim() === r.sentence?.trim() && b.at === r.source?.at && b.document === r.source?.document
  if (own) return `${b.kind} — the quoted sentence`
  const where =
    b.document && b.document !== r.source?.document && b.at
      ? sourceLabel({ document: b.document, at: b.at })
      : (b.at ?? '')
  return `${b.kind} — “${b.quote}”${where ? ` (${where})` : ''}`
}
