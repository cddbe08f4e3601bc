import { describe, expect, it } from 'vitest'
import { ContentsLedger, MAY_HOLD_ANYTHING } from './contents-ledger.ts'
import type { NamedArgs } from './contents-ledger.ts'

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
    expect(ledger.mayExist(A)).toBe(true)
    ledger.answered('dropNamespace', { namespace: A }, 204)
    expect(ledger.mayExist(A)).toBe(false)
    ledger.record('createNamespace', [A])
    expect(ledger.mayExist(A)).toBe(true)
  })

  it('may have a namespace it was asked to create until a drop of it is answered 2xx or 404', () => {
    const ledger = new ContentsLedger()
    expect(ledger.mayExist(A)).toBe(false)
    ledger.record('createNamespace', [A])
    // A refused create still may have created it (a faulty server).
    ledger.answered('createNamespace', {}, 400)
    expect(ledger.mayExist(A)).toBe(true)
    // A drop that failed leaves it.
    ledger.answered('dropNamespace', { namespace: A }, 409)
    ledger.answered('dropNamespace', { namespace: A }, 503)
    expect(ledger.mayExist(A)).toBe(true)
    ledger.answered('dropNamespace', { namespace: A }, 204)
    expect(ledger.mayExist(A)).toBe(false)
    ledger.record('createNamespace', [A])
    expect(ledger.mayExist(A)).toBe(true)
    ledger.answered('dropNamespace', { namespace: A }, 404)
    expect(ledger.mayExist(A)).toBe(false)
  })
})

describe('ContentsLedger, names', () => {
  /** A ledger that saw A and CHILD created. */
  function ledger(): ContentsLedger {
    const l = new ContentsLedger()
    l.record('createNamespace', [A])
    l.record('createNamespace', [CHILD])
    return l
  }
  /** A write as the client sends it: recorded, then answered `status`. */
  function write(
    l: ContentsLedger,
    id: string,
    touched: (readonly string[])[],
    args: NamedArgs,
    status = 200,
  ) {
    l.record(id, touched, args)
    l.answered(id, args, status)
  }

  it('knows the tables and views created by name, and none in a new namespace', () => {
    const l = ledger()
    expect(l.namesIn(A, 'tables')).toEqual([])
    write(l, 'createTable', [A], { namespace: A, body: { name: 't' } })
    write(l, 'registerTable', [A], { namespace: A, body: { name: 'r' } })
    write(l, 'updateTable', [A], { namespace: A, table: 'staged' })
    write(l, 'createView', [A], { namespace: A, body: { name: 'v' } })
    write(l, 'replaceView', [A], { namespace: A, view: 'w' })
    expect(l.namesIn(A, 'tables')).toEqual(['t', 'r', 'staged'])
    expect(l.namesIn(A, 'views')).toEqual(['v', 'w'])
  })

  it('follows renames and transactions to the namespaces they name', () => {
    const l = ledger()
    write(l, 'createTable', [A], { namespace: A, body: { name: 't' } })
    const rename = { source: { namespace: A, name: 't' }, destination: { namespace: CHILD, name: 'moved' } }
    // Refused, the rename moves nothing.
    write(l, 'renameTable', [A, CHILD], { body: rename }, 409)
    expect(l.namesIn(CHILD, 'tables')).toEqual([])
    expect(l.namesIn(A, 'tables')).toEqual(['t'])
    write(l, 'renameTable', [A, CHILD], { body: rename }, 204)
    expect(l.namesIn(CHILD, 'tables')).toEqual(['moved'])
    expect(l.namesIn(A, 'tables')).toEqual([])
    const changes = [
      { identifier: { namespace: A, name: 'x' } },
      { identifier: { namespace: CHILD, name: 'y' } },
    ]
    write(l, 'commitTransaction', [A, CHILD], { body: { 'table-changes': changes } })
    expect(l.namesIn(A, 'tables')).toEqual(['x'])
    expect(l.namesIn(CHILD, 'tables')).toEqual(['moved', 'y'])
  })

  it('forgets a dropped name (a drop answered 2xx or 404), not one whose drop failed', () => {
    const l = ledger()
    write(l, 'createView', [A], { namespace: A, body: { name: 'v' } })
    write(l, 'createView', [A], { namespace: A, body: { name: 'w' } })
    write(l, 'createView', [A], { namespace: A, body: { name: 'x' } })
    write(l, 'dropView', [A], { namespace: A, view: 'v' }, 204)
    write(l, 'dropView', [A], { namespace: A, view: 'w' }, 404)
    write(l, 'dropView', [A], { namespace: A, view: 'x' }, 500)
    expect(l.namesIn(A, 'views')).toEqual(['x'])
  })

  it('keeps the name of a create the server answered, not of one it refused; after a failure, knows none', () => {
    const l = ledger()
    for (const [name, status] of [
      ['ok', 200],
      ['refused', 409],
      ['invalid', 400],
    ] as const)
      write(l, 'createTable', [A], { namespace: A, body: { name } }, status)
    expect(l.namesIn(A, 'tables')).toEqual(['ok'])
    // Refused or not, the namespace may hold tables.
    expect(l.mayHold(A).tables).toBe(true)
    for (const status of [500, 0]) {
      const failed = ledger()
      write(failed, 'createTable', [A], { namespace: A, body: { name: 'maybe' } }, status)
      expect(failed.namesIn(A, 'tables')).toBeUndefined()
    }
  })

  it('does not know the names after a write whose name it cannot read', () => {
    for (const args of [
      { namespace: A }, // a raw body
      { namespace: A, body: { name: 42 } },
      { namespace: A, body: { name: 't' }, encodedPath: { namespace: 'x' } },
    ] as NamedArgs[]) {
      const l = ledger()
      write(l, args.encodedPath ? 'updateTable' : 'createTable', [A], args)
      expect(l.namesIn(A, 'tables'), JSON.stringify(args)).toBeUndefined()
      expect(l.namesIn(A, 'views')).toEqual([])
    }
    const l = ledger()
    write(l, 'renameView', [A, CHILD], {
      body: { source: { namespace: A, name: 'v' }, destination: 'garbage' },
    })
    expect(l.namesIn(A, 'views')).toBeUndefined()
    expect(l.namesIn(CHILD, 'views')).toBeUndefined()
    const raw = ledger()
    raw.record('raw', [])
    expect(raw.namesIn(A, 'tables')).toBeUndefined()
    expect(raw.namesIn(CHILD, 'views')).toBeUndefined()
  })

  it('knows no names in a namespace it did not see created', () => {
    const l = new ContentsLedger()
    write(l, 'createTable', [A], { namespace: A, body: { name: 't' } })
    expect(l.namesIn(A, 'tables')).toBeUndefined()
  })
})
