/**
 * What each namespace of a test file may hold, from the writes the file's clients sent: child namespaces, tables,
 * views. Cleanup lists only the kinds a namespace may hold instead of listing all three before every drop: against
 * a remote catalog those listings were a third of a certification's requests (measured on the Java fixture: 3,087
 * of 8,191).
 *
 * It errs towards "may hold": a namespace it did not see created may hold anything; a write it cannot attribute
 * (a malformed body, a raw path) marks every namespace seen so far (reading its text for names would miss the
 * escaped and encoded forms a generated input takes); an attempt counts whether or not the server accepted it (a
 * faulty server may create what it refused). Cleanup still lists everything when a drop it expected to work is
 * refused (sandbox/cleanup.ts).
 */

export interface MayHold {
  readonly children: boolean
  readonly tables: boolean
  readonly views: boolean
}

export const MAY_HOLD_ANYTHING: MayHold = { children: true, tables: true, views: true }

/** Writes that create a table in the namespaces they name (a staged create's commit, a transaction, a rename). */
const TABLE_WRITES = new Set([
  'createTable',
  'registerTable',
  'updateTable',
  'renameTable',
  'commitTransaction',
])
const VIEW_WRITES = new Set(['createView', 'registerView', 'replaceView', 'renameView'])
/** Writes that create nothing in a namespace (removals, property edits, reports, planning). */
const INERT_WRITES = new Set([
  'dropNamespace',
  'dropTable',
  'dropView',
  'updateProperties',
  'reportMetrics',
  'planTableScan',
  'cancelPlanning',
  'fetchScanTasks',
  'unregisterTable',
  'signRequest',
  'getToken',
])

const keyOf = (ns: readonly string[]) => JSON.stringify(ns)

export class ContentsLedger {
  private readonly known = new Map<string, { ns: readonly string[]; may: MayHold }>()
  /** Namespaces a drop removed (or found absent) since they were last created. */
  private readonly gone = new Set<string>()

  /**
   * Records a write: `touched` are the namespaces it names (the write guard's reading of its path and body; empty
   * when it names none it can read).
   */
  record(operationId: string, touched: readonly (readonly string[])[]): void {
    if (operationId === 'createNamespace' && touched.length > 0) {
      for (const ns of touched) {
        if (!Array.isArray(ns)) continue
        this.gone.delete(keyOf(ns))
        if (!this.known.has(keyOf(ns)))
          this.known.set(keyOf(ns), { ns, may: { children: false, tables: false, views: false } })
        for (let depth = 1; depth < ns.length; depth++) this.mark(ns.slice(0, depth), { children: true })
      }
      return
    }
    if (INERT_WRITES.has(operationId)) return
    if (touched.length === 0) {
      for (const entry of this.known.values()) entry.may = MAY_HOLD_ANYTHING
      return
    }
    const kinds = TABLE_WRITES.has(operationId)
      ? { tables: true }
      : VIEW_WRITES.has(operationId)
        ? { views: true }
        : MAY_HOLD_ANYTHING
    for (const ns of touched) this.mark(ns, kinds)
  }

  /** A drop removed `ns` (or found it absent): the file's cleanup need not drop it again. */
  dropped(ns: readonly string[]): void {
    this.gone.add(keyOf(ns))
  }

  isGone(ns: readonly string[]): boolean {
    return this.gone.has(keyOf(ns))
  }

  /** What `ns` may hold; anything, for a namespace this ledger did not see created. */
  mayHold(ns: readonly string[]): MayHold {
    return this.known.get(keyOf(ns))?.may ?? MAY_HOLD_ANYTHING
  }

  private mark(ns: readonly string[], kinds: Partial<MayHold>): void {
    const entry = this.known.get(keyOf(ns))
    if (entry) entry.may = { ...entry.may, ...kinds }
  }
}
