import { describe, expect, it } from 'vitest'
import { OPERATION_IDS } from '../schemas/operations.ts'
import { computeCoverage, ratio } from './coverage.ts'
import { loadFixture } from './fixtures.ts'
import { specUniverse } from './spec-universe.ts'

describe('spec universe', () => {
  it('follows the profile: operations by release, kinds only where the spec has them', () => {
    const latest = specUniverse('1.11')
    expect(latest.operations).toContain('registerView')
    expect(specUniverse('1.10').operations).not.toContain('registerView')
    expect(specUniverse('main').operations).toHaveLength(OPERATION_IDS.length)
    expect(latest.requirementKinds).toHaveLength(9)
    expect(latest.updateKinds).toContain('remove-encryption-key')
    expect(latest.updateKinds).not.toContain('enable-row-lineage')
    expect(latest.updateKinds).not.toContain('append')
    expect(specUniverse('1.9').updateKinds).toContain('enable-row-lineage')
    expect(specUniverse('1.9').updateKinds).not.toContain('add-encryption-key')
    expect(specUniverse('document').updateKinds).toContain('append')
    expect(latest.statuses.createNamespace).toEqual([200, 406, 409])
    expect(latest.commonStatuses).toEqual([400, 401, 403, 419, 503])
  })
})

describe('computeCoverage', () => {
  const c = computeCoverage(loadFixture('results-realistic.json'))
  const covered = (rows: readonly { name: string; covered: boolean }[]) =>
    rows.filter((r) => r.covered).map((r) => r.name)

  it('counts operations declared or exchanged by tests that reached a verdict', () => {
    // createView is only declared by an unsupported test: not covered. namespaceExists is only exchanged.
    expect(covered(c.operations.rows)).toContain('namespaceExists')
    expect(covered(c.operations.rows)).not.toContain('createView')
    expect(covered(c.operations.rows)).not.toContain('renameTable')
    expect(c.operations.total).toBe(specUniverse('1.11').operations.length)
  })

  it('reads requirement and update kinds from commit and transaction bodies', () => {
    expect(covered(c.requirementKinds.rows).sort()).toEqual([
      'assert-current-schema-id',
      'assert-default-spec-id',
      'assert-ref-snapshot-id',
      'assert-table-uuid',
    ])
    expect(covered(c.updateKinds.rows).sort()).toEqual([
      'add-schema',
      'remove-properties',
      'set-current-schema',
      'set-location',
      'set-properties',
    ])
  })

  it('matches statuses seen against the documented ones', () => {
    const names = covered(c.statuses.rows)
    expect(names).toContain('dropNamespace 409')
    expect(names).toContain('loadTable 304')
    expect(names).not.toContain('createNamespace 409') // the duplicate create answered 500
    expect(covered(c.commonStatuses.rows)).toEqual(['400'])
    // 5XX is documented everywhere; nothing below 500 was off the table in this run.
    expect(c.undocumentedStatuses).toEqual([])
    const odd = computeCoverage({
      profile: '1.11',
      tests: [{ ...loadFixture('results-realistic.json').tests[0]!, exchanges: [] }].map((t) => ({
        ...t,
        exchanges: [{ ...loadFixture('results-realistic.json').tests[0]!.exchanges[0]!, status: 202 }],
      })),
    })
    expect(odd.undocumentedStatuses).toEqual(['getConfig 202'])
  })

  it('prints ratios', () => {
    expect(ratio({ covered: 1, total: 3 })).toBe('1/3 (33%)')
    expect(ratio({ covered: 0, total: 0 })).toBe('0/0 (100%)')
  })
})
