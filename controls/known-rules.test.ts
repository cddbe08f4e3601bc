import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isKnownRule, rulesWithoutFault, suiteAreas, suiteRules } from './known-rules.ts'

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'known-rules-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('known rules', () => {
  const root = tree({
    'suites/_harness/dsl.ts': "rule({ id: 'harness/not-a-suite' })",
    'suites/_harness/support/inv.ts': "export const R = 'tables/invariants/history'; const p = 'a/b/c'",
    'suites/namespaces/a.test.ts': "rule({\n  id: 'namespaces/create/exists-409',\n level: 'MUST' })",
    'suites/tables/deep/b.test.ts': 'rule({ id: "tables/load/ok" }); const x = { id: 3 }',
    'suites/tables/cases.ts': "export const c = [{ id: 'tables/case/one' }]",
    'suites/commits/req.test.ts': 'rule({ id: `commits/requirements/${c.id}/holds` })',
  })

  it('reads rule ids from suite files, not from the harness', () => {
    expect(
      suiteRules(root)
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'commits/requirements/${c.id}/holds',
      'namespaces/create/exists-409',
      'tables/case/one',
      'tables/invariants/history',
      'tables/load/ok',
    ])
  })

  it('lists the areas, without the harness', () => {
    expect(suiteAreas(root)).toEqual(['commits', 'namespaces', 'tables'])
  })

  it('knows the check rules, schema rules and suite rules of the catalog, and nothing else', () => {
    expect(isKnownRule('http/responds')).toBe(true)
    expect(isKnownRule('schema/GetNamespaceResponse')).toBe(true)
    expect(isKnownRule('schema/NoSuchSchema')).toBe(false)
    expect(isKnownRule('namespaces/create/exists-409')).toBe(true)
    expect(isKnownRule('namespaces/create/exists-410')).toBe(false)
    expect(isKnownRule('commits/requirements/assert-table-uuid/holds')).toBe(true)
    expect(isKnownRule('commits/requirements/holds')).toBe(false)
  })

  it('lists the declared rules that no fault breaks, templates matched by pattern', () => {
    const rules = suiteRules(root)
    expect(
      rulesWithoutFault([{ breaks: ['commits/requirements/x/holds', 'tables/load/ok'] }], rules),
    ).toEqual(['namespaces/create/exists-409'])
  })
})
