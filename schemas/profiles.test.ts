import { describe, expect, it } from 'vitest'
import { DEFAULT_PROFILE, getProfile, PROFILE_NAMES, PROFILES } from './profiles.ts'
import { OPERATION_IDS } from './operations.ts'

// Operation and TableUpdate counts per release, from the REST OpenAPI document at each release tag.
const OPERATION_COUNTS = {
  '1.4': 17,
  '1.5': 25,
  '1.6': 25,
  '1.7': 30,
  '1.8': 30,
  '1.9': 30,
  '1.10': 30,
  '1.11': 32,
  main: 35,
}
const UPDATE_COUNTS = {
  '1.4': 14,
  '1.5': 17,
  '1.6': 17,
  '1.7': 18,
  '1.8': 19,
  '1.9': 20,
  '1.10': 21,
  '1.11': 23,
  main: 23,
}

describe('spec profiles', () => {
  it('defaults to 1.11', () => {
    expect(DEFAULT_PROFILE).toBe('1.11')
    expect(getProfile().name).toBe('1.11')
  })

  it.each(Object.entries(OPERATION_COUNTS))('release %s has %i operations', (name, count) => {
    expect(getProfile(name).operations.size).toBe(count)
  })

  it.each(Object.entries(UPDATE_COUNTS))('release %s has %i table update actions', (name, count) => {
    expect(getProfile(name).updateKinds.size).toBe(count)
  })

  it('follows the release matrix for the moving parts', () => {
    expect(getProfile('1.9').updateKinds.has('enable-row-lineage')).toBe(true)
    expect(getProfile('1.10').updateKinds.has('enable-row-lineage')).toBe(false)
    expect(getProfile('1.10').updateKinds.has('set-partition-statistics')).toBe(false)
    expect(getProfile('1.11').updateKinds.has('set-partition-statistics')).toBe(true)
    expect(getProfile('1.11').operations.has('registerView')).toBe(true)
    expect(getProfile('1.11').operations.has('unregisterTable')).toBe(false)
    expect(getProfile('main').operations.has('loadFunction')).toBe(true)
    expect(getProfile('1.4').operations.has('namespaceExists')).toBe(false)
    expect(getProfile('1.4').viewUpdateKinds.size).toBe(0)
    expect(getProfile('1.5').viewUpdateKinds.size).toBe(8)
    expect(getProfile('1.9').maxFormatVersion).toBe(2)
    expect(getProfile('1.10').maxFormatVersion).toBe(3)
    expect(getProfile('main').expressionDialect).toBe('predicate')
    expect(getProfile('1.11').expressionDialect).toBe('expression')
  })

  it('has ETag rules definite only in the document profile', () => {
    const strict = PROFILE_NAMES.filter((n) => PROFILES[n].strictEtag)
    expect(strict).toEqual(['document'])
  })

  it('gives the document profile its own update kind and no operations it does not describe', () => {
    const doc = getProfile('document')
    expect(doc.updateKinds.has('append')).toBe(true)
    expect(getProfile('main').updateKinds.has('append')).toBe(false)
    expect(doc.operations.has('getToken')).toBe(false)
    expect(doc.operations.has('planTableScan')).toBe(false)
    expect(doc.operations.has('registerView')).toBe(true)
    expect(doc.requirementKinds.has('assert-view-uuid')).toBe(true)
  })

  it('only names known operations', () => {
    for (const n of PROFILE_NAMES)
      for (const id of PROFILES[n].operations) expect(OPERATION_IDS).toContain(id)
  })

  it('rejects an unknown profile name', () => {
    expect(() => getProfile('2.0')).toThrow(/unknown spec profile '2.0'/)
  })
})
