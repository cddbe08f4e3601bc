import { describe, expect, it } from 'vitest'
import { WriteRefused, checkWrite, namespacesTouched } from './write-guard.ts'
import { Names, carriesRunMarker, isRunNamespace, newRunId, runPrefix, withSuffix } from './names.ts'

const prefix = runPrefix('abc123')

describe('write guard', () => {
  it('allows reads anywhere', () => {
    expect(() => checkWrite('GET', 'loadTable', [['vendor_prod']], prefix, '')).not.toThrow()
    expect(() => checkWrite('HEAD', 'tableExists', [['vendor_prod']], prefix, '')).not.toThrow()
  })

  it('allows writes to the run namespaces', () => {
    expect(() => checkWrite('POST', 'createNamespace', [[`${prefix}_x1_a`]], prefix, '')).not.toThrow()
    expect(() => checkWrite('DELETE', 'dropTable', [[`${prefix}_x1_a`, 'child']], prefix, '')).not.toThrow()
  })

  it('refuses writes outside the run', () => {
    expect(() => checkWrite('DELETE', 'dropNamespace', [['prod']], prefix, '')).toThrow(WriteRefused)
    // another run's namespace is not ours either
    expect(() => checkWrite('DELETE', 'dropNamespace', [['ccrun_other_1']], prefix, '')).toThrow(WriteRefused)
  })

  it('refuses a rename that moves a table out of the run', () => {
    const body = {
      source: { namespace: [`${prefix}_a`], name: 't' },
      destination: { namespace: ['prod'], name: 't' },
    }
    const touched = namespacesTouched('renameTable', undefined, body)
    expect(touched).toHaveLength(2)
    expect(() => checkWrite('POST', 'renameTable', touched, prefix, '')).toThrow(/outside this run/)
  })

  it('checks every table of a transaction', () => {
    const body = {
      'table-changes': [
        { identifier: { namespace: [`${prefix}_a`], name: 't' }, requirements: [], updates: [] },
        { identifier: { namespace: ['prod'], name: 't' }, requirements: [], updates: [] },
      ],
    }
    expect(() =>
      checkWrite(
        'POST',
        'commitTransaction',
        namespacesTouched('commitTransaction', undefined, body),
        prefix,
        '',
      ),
    ).toThrow(WriteRefused)
  })

  it('allows a malformed write only when it carries the run prefix', () => {
    expect(() => checkWrite('POST', 'createNamespace', [], prefix, '{"namespace": 1}')).toThrow(WriteRefused)
    expect(() =>
      checkWrite('POST', 'createNamespace', [], prefix, `{"namespace": "${prefix}_z"}`),
    ).not.toThrow()
  })
})

describe('run names', () => {
  it('are marked, unique and belong to their run', () => {
    const id = newRunId(0)
    expect(id).toMatch(/^0[0-9a-f]{6}$/)
    const names = new Names(runPrefix('r1'), 'f1')
    const a = names.namespace('x y')
    const b = names.namespace('x y')
    expect(a).not.toEqual(b)
    expect(a[0]).toBe('ccrun_r1_f11_x_y')
    expect(isRunNamespace(a, runPrefix('r1'))).toBe(true)
    expect(isRunNamespace(a, runPrefix('r2'))).toBe(false)
    expect(carriesRunMarker(a)).toBe(true)
    expect(carriesRunMarker(['prod'])).toBe(false)
  })
})

describe('run names under --namespace-parent', () => {
  const parent = ['bronze', 'team']
  it('are direct children of the parent, and only those belong to the run', () => {
    const names = new Names(runPrefix('r1'), 'f1', parent)
    const a = names.namespace('x')
    expect(a).toEqual(['bronze', 'team', 'ccrun_r1_f11_x'])
    expect(isRunNamespace(a, runPrefix('r1'), parent)).toBe(true)
    expect(isRunNamespace([...a, 'child'], runPrefix('r1'), parent)).toBe(true)
    expect(isRunNamespace(parent, runPrefix('r1'), parent)).toBe(false)
    expect(isRunNamespace(['ccrun_r1_f11_x'], runPrefix('r1'), parent)).toBe(false)
    expect(isRunNamespace(['silver', 'team', 'ccrun_r1_f11_x'], runPrefix('r1'), parent)).toBe(false)
    expect(carriesRunMarker(a, parent)).toBe(true)
    expect(withSuffix(a, 'y')).toEqual(['bronze', 'team', 'ccrun_r1_f11_x_y'])
  })
  it('the write guard refuses the parent itself and what lies beside the run', () => {
    const a = new Names(prefix, 'f', parent).namespace('ok')
    expect(() => checkWrite('POST', 'createNamespace', [a], prefix, '', parent)).not.toThrow()
    expect(() => checkWrite('DELETE', 'dropNamespace', [parent], prefix, '', parent)).toThrow(WriteRefused)
    expect(() => checkWrite('POST', 'createNamespace', [[`${prefix}_top`]], prefix, '', parent)).toThrow(
      WriteRefused,
    )
  })
})
