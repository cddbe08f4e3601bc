import { describe, expect, it } from 'vitest'
import { parseCapabilities } from '../capabilities.ts'
import { defines, definesField, delegationHeader, freshIdempotencyKey, referencedBy } from './spec-params.ts'

const caps = parseCapabilities({})
const run = (profile: string) => ({ profile, delegationHeader: 'X-Iceberg-Access-Delegation', caps })

describe('optional parameters by release', () => {
  it('sends a parameter only where the release defines it on the operation', () => {
    expect(defines(run('1.11'), 'loadView', 'query', 'referenced-by')).toBe(true)
    expect(defines(run('1.10'), 'loadView', 'query', 'referenced-by')).toBe(false)
    expect(delegationHeader(run('1.11'), 'planTableScan')).toEqual({
      'X-Iceberg-Access-Delegation': 'vended-credentials',
    })
    // On planning routes the header came with 1.11; on loadTable with 1.5; never on dropTable.
    expect(delegationHeader(run('1.10'), 'planTableScan')).toEqual({})
    expect(delegationHeader(run('1.5'), 'loadTable')).not.toEqual({})
    expect(delegationHeader(run('1.11'), 'dropTable')).toEqual({})
    // The configured header name is used (some catalogs take another).
    expect(
      Object.keys(delegationHeader({ ...run('1.11'), delegationHeader: 'X-Other' }, 'registerTable')),
    ).toEqual(['X-Other'])
  })

  it('knows the request fields a later release added', () => {
    expect(definesField(run('1.11'), 'planTableScan', 'min-rows-requested')).toBe(true)
    expect(definesField(run('1.10'), 'planTableScan', 'min-rows-requested')).toBe(false)
    expect(definesField(run('1.10'), 'planTableScan', 'stats-fields')).toBe(true)
    expect(definesField(run('1.8'), 'registerTable', 'overwrite')).toBe(false)
    expect(definesField(run('1.9'), 'registerTable', 'overwrite')).toBe(true)
  })

  it('hands out a fresh UUIDv7 key per call, from 1.11 on', () => {
    const a = freshIdempotencyKey(run('1.11'), 'cancelPlanning')['Idempotency-Key']
    const b = freshIdempotencyKey(run('1.11'), 'cancelPlanning')['Idempotency-Key']
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a).not.toBe(b)
    expect(freshIdempotencyKey(run('1.10'), 'cancelPlanning')).toEqual({})
    expect(freshIdempotencyKey(run('1.11'), 'loadTable')).toEqual({})
  })

  it('joins a view chain with the advertised separator, outermost first, by commas', () => {
    expect(
      referencedBy(run('1.11'), [
        { namespace: ['prod', 'analytics'], view: 'quarterly' },
        { namespace: ['prod'], view: 'monthly' },
      ]),
    ).toBe('prod\u001fanalytics\u001fquarterly,prod\u001fmonthly')
    expect(
      referencedBy({ caps: parseCapabilities({ overrides: { 'namespace-separator': '%2E' } }) }, [
        { namespace: ['a'], view: 'v' },
      ]),
    ).toBe('a.v')
  })
})
