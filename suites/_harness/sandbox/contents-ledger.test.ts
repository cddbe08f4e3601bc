import { describe, expect, it } from 'vitest'
import { ContentsLedger, MAY_HOLD_ANYTHING } from './contents-ledger.ts'

const A = ['ccrun_x_a']
const CHILD = ['ccrun_x_a', 'c']

describe('ContentsLedger', () => {
  it('a namespace it saw created holds nothing until a write names it', () => {
    const ledger = new ContentsLedger()
    ledger.record('createNamespace', [A])
    expect(ledger.mayHold(A)).toEqual({ children: false, tables: false, views: false })
    ledger.record('updateProperties', [A])
    ledger.record('dropTable', [A])
    expect(ledger.mayHold(A)).toEqual({ children: false, tables: false, views: false })
  })

  it('table writes, view writes and child namespaces each mark their own kind', () => {
    const ledger = new ContentsLedger()
    ledger.record('createNamespace', [A])
    ledger.record('createNamespace', [CHILD])
    ledger.record('registerTable', [A])
    expect(ledger.mayHold(A)).toEqual({ children: true, tables: true, views: false })
    expect(ledger.mayHold(CHILD)).toEqual({ children: false, tables: false, views: false })
    ledger.record('renameView', [A, CHILD])
    expect(ledger.mayHold(CHILD)).toEqual({ children: false, tables: false, views: true })
    ledger.record('commitTransaction', [CHILD])
    expect(ledger.mayHold(CHILD).tables).toBe(true)
  })

  it('a replayed createNamespace keeps what the namespace may hold', () => {
    const ledger = new ContentsLedger()
    ledger.record('createNamespace', [A])
    ledger.record('createTable', [A])
    ledger.record('createNamespace', [A])
    expect(ledger.mayHold(A).tables).toBe(true)
  })

  it('a namespace it did not see created, or a write it cannot attribute, may hold anything', () => {
    const ledger = new ContentsLedger()
    expect(ledger.mayHold(A)).toBe(MAY_HOLD_ANYTHING)
    ledger.record('createNamespace', [A])
    ledger.record('createNamespace', [CHILD])
    ledger.record('raw', [])
    expect(ledger.mayHold(A)).toBe(MAY_HOLD_ANYTHING)
    expect(ledger.mayHold(CHILD)).toBe(MAY_HOLD_ANYTHING)
    // An operation it has no rule for (a later spec's write) marks everything in what it names.
    const other = new ContentsLedger()
    other.record('createNamespace', [A])
    other.record('someFutureWrite', [A])
    expect(other.mayHold(A)).toEqual(MAY_HOLD_ANYTHING)
  })
})

describe('ContentsLedger, drops', () => {
  it('remembers a dropped namespace until it is created again', () => {
    const ledger = new ContentsLedger()
    ledger.record('createNamespace', [A])
    expect(ledger.isGone(A)).toBe(false)
    ledger.dropped(A)
    expect(ledger.isGone(A)).toBe(true)
    ledger.record('createNamespace', [A])
    expect(ledger.isGone(A)).toBe(false)
  })
})
