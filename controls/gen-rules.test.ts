import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { allRules, ruleEntry, sourceUrl } from '../schemas/rules/catalog.ts'
import {
  buildCatalog,
  CATALOG_JSON,
  generate,
  parseAuthored,
  RULES_DOC,
  unverifiedSentences,
} from './gen-rules.ts'

describe('the rules catalog', () => {
  it('is up to date with rules.yaml, the suites and the faults (regenerate: npm run gen:rules)', () => {
    const out = generate()
    expect(readFileSync(CATALOG_JSON, 'utf8')).toBe(out.catalog)
    expect(readFileSync(RULES_DOC, 'utf8')).toBe(out.doc)
  })

  it('gives every rule a public source or a note, and names no private document', () => {
    for (const r of allRules()) {
      expect(r.sentence !== undefined || r.note !== undefined, r.id).toBe(true)
      expect(JSON.stringify(r), r.id).not.toMatch(/spec-digest|commit-semantics|catalog-rest-spec|rck-digest/)
    }
  })

  it('links the OpenAPI document at the release tag of the profile', () => {
    const source = { document: 'openapi', at: 'createTable 409' } as const
    expect(sourceUrl(source, '1.9')).toBe(
      'https://github.com/apache/iceberg/blob/apache-iceberg-1.9.0/open-api/rest-catalog-open-api.yaml',
    )
    expect(sourceUrl(source, 'document')).toContain('apache-iceberg-1.11.0')
    expect(sourceUrl(source, 'main')).toContain('/blob/main/')
  })

  it('resolves schema rules to the schema entry, located at that schema', () => {
    expect(ruleEntry('schema/CatalogConfig')?.source?.at).toBe('schema CatalogConfig')
    expect(ruleEntry('schema/NoSuchSchema')).toBeUndefined()
  })
})

describe('buildCatalog', () => {
  const authored = parseAuthored(`
tables/load/ok:
  level: MUST
  title: load answers 200
  source: openapi
  at: loadTable 200
  sentence: Table metadata result when loading a table
http/responds:
  level: MUST
  title: an answer comes
  kind: check
  note: no sentence
`)
  const declared = [{ id: 'tables/load/ok', file: 'suites/tables/load.test.ts' }]

  it('joins each rule with the files that declare it and the faults that break it', () => {
    const { rules } = buildCatalog(
      authored,
      declared,
      [{ name: 'f', breaks: ['tables/load/ok'] }],
      "rule: 'http/responds'",
    )
    expect(rules[0]).toMatchObject({ kind: 'test', tests: ['suites/tables/load.test.ts'], controls: ['f'] })
    expect(rules[1]).toMatchObject({ kind: 'check', tests: [], controls: [] })
  })

  it('fails, naming it, on a declared rule the YAML lacks, an unjudged rule and an unknown broken rule', () => {
    expect(() =>
      buildCatalog(authored, [...declared, { id: 'tables/load/nope', file: 'suites/x.test.ts' }], []),
    ).toThrow(/suites\/x.test.ts declares rule "tables\/load\/nope"/)
    expect(() => buildCatalog(authored, [], [], "'http/responds'")).toThrow(
      /lists "tables\/load\/ok", which no suite declares/,
    )
    expect(() => buildCatalog(authored, declared, [], '')).toThrow(
      /check rule "http\/responds", which neither/,
    )
    expect(() => buildCatalog(authored, declared, [{ name: 'g', breaks: ['tables/lod/ok'] }])).toThrow(
      /fault g breaks "tables\/lod\/ok"/,
    )
  })

  it('refuses malformed entries: a bad level, a release that does not exist, no sentence and no note', () => {
    expect(() => parseAuthored('a/b/c:\n  level: MUSTN\n  title: t\n  note: n\n')).toThrow(/a\/b\/c: level/)
    expect(() => parseAuthored('a/b/c:\n  level: MUST\n  since: "2.0"\n  title: t\n  note: n\n')).toThrow(
      /since must be/,
    )
    expect(() => parseAuthored('a/b/c:\n  level: MUST\n  title: t\n')).toThrow(/says why in "note"/)
  })

  it('keeps superseded-by, and refuses one that names no rule or a rule of no later release', () => {
    const pair = (successorSince: string) =>
      parseAuthored(`
a/b/refused:
  level: MUST
  superseded-by: a/b/400
  title: refused
  note: n
a/b/400:
  level: MUST
  ${successorSince}
  title: exactly 400
  note: n
`)
    const files = [
      { id: 'a/b/refused', file: 'suites/a/b.test.ts' },
      { id: 'a/b/400', file: 'suites/a/b.test.ts' },
    ]
    const { rules } = buildCatalog(pair("since: '1.7'"), files, [])
    expect(rules[0]).toMatchObject({ id: 'a/b/refused', supersededBy: 'a/b/400' })
    expect(rules[1]).not.toHaveProperty('supersededBy')
    expect(() => buildCatalog(pair(''), files, [])).toThrow(
      /a\/b\/refused: superseded-by "a\/b\/400", which needs a since/,
    )
    const orphan = parseAuthored(
      'a/b/refused:\n  level: MUST\n  superseded-by: a/b/gone\n  title: t\n  note: n\n',
    )
    expect(() => buildCatalog(orphan, files.slice(0, 1), [])).toThrow(
      /superseded-by "a\/b\/gone", which rules.yaml/,
    )
  })

  it('finds a quoted sentence that is not in its source', () => {
    const doc = 'responses:\n  200:\n    description: Table metadata result\n      when loading a table\n'
    expect(unverifiedSentences(authored, { openapi: doc })).toEqual([])
    expect(unverifiedSentences(authored, { openapi: 'other text' })).toHaveLength(1)
  })
})
