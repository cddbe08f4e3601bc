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
 *
 * It also keeps the names of the tables and views each namespace may hold, from the same writes (a create's name, a
 * rename's destination, a staged create's path, a transaction's identifiers) unless the server refused them, less
 * those a drop or a rename answered for: cleanup drops them by name instead of listing (on the Java fixture the
 * listings before drops were 298 of a certification's ~5,050 requests). A write whose name it cannot read (a
 * malformed or raw body, an encoded path) makes the names of that kind unknown, and cleanup lists them as before.
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

export type ObjectKind = 'tables' | 'views'

/** What a request names: its path and body as the client sends them (client.ts CallArgs). */
export interface NamedArgs {
  readonly namespace?: readonly string[]
  readonly table?: string
  readonly view?: string
  readonly body?: unknown
  readonly encodedPath?: unknown
}

/** A table or view a write may create or a drop may remove; `name` or `ns` undefined when the request does not say. */
export interface NamedObject {
  readonly ns: readonly string[] | undefined
  readonly kind: ObjectKind
  readonly name: string | undefined
}

const isNamespace = (v: unknown): v is string[] => Array.isArray(v) && v.every((p) => typeof p === 'string')

/** An identifier `{ namespace, name }` of a body, as a named object. */
function identified(v: unknown, kind: ObjectKind): NamedObject {
  const id = v as { namespace?: unknown; name?: unknown } | null | undefined
  return {
    ns: isNamespace(id?.namespace) ? id.namespace : undefined,
    kind,
    name: typeof id?.name === 'string' ? id.name : undefined,
  }
}

/** The objects a write may create, by what its path and body name. */
export function objectsCreated(operationId: string, args: NamedArgs): NamedObject[] {
  const body = args.body as Record<string, unknown> | null | undefined
  const inPath = (kind: ObjectKind, name: string | undefined): NamedObject[] => [
    { ns: args.namespace, kind, name: args.encodedPath === undefined ? name : undefined },
  ]
  const inBody = (kind: ObjectKind): NamedObject[] => [
    { ns: args.namespace, kind, name: typeof body?.name === 'string' ? body.name : undefined },
  ]
  switch (operationId) {
    case 'createTable':
    case 'registerTable':
      return inBody('tables')
    case 'createView':
    case 'registerView':
      return inBody('views')
    case 'updateTable':
      return inPath('tables', args.table)
    case 'replaceView':
      return inPath('views', args.view)
    case 'renameTable':
      return [identified(body?.destination, 'tables')]
    case 'renameView':
      return [identified(body?.destination, 'views')]
    case 'commitTransaction': {
      const changes = body?.['table-changes']
      return Array.isArray(changes)
        ? changes.map((c) => identified((c as { identifier?: unknown } | null)?.identifier, 'tables'))
        : [{ ns: undefined, kind: 'tables', name: undefined }]
    }
    default:
      return []
  }
}

/** The object a drop or a rename removes once the server answered for it. */
export function objectRemoved(operationId: string, args: NamedArgs): NamedObject | undefined {
  const body = args.body as Record<string, unknown> | null | undefined
  const inPath = (kind: ObjectKind, name: string | undefined): NamedObject => ({
    ns: args.namespace,
    kind,
    name: args.encodedPath === undefined ? name : undefined,
  })
  switch (operationId) {
    case 'dropTable':
      return inPath('tables', args.table)
    case 'dropView':
      return inPath('views', args.view)
    case 'renameTable':
      return identified(body?.source, 'tables')
    case 'renameView':
      return identified(body?.source, 'views')
    default:
      return undefined
  }
}

interface Entry {
  readonly ns: readonly string[]
  may: MayHold
  /** The names each kind may hold; undefined when a write named one the ledger could not read. */
  names: { tables: Set<string> | undefined; views: Set<string> | undefined }
}

export class ContentsLedger {
  private readonly known = new Map<string, Entry>()
  /** Namespaces a drop removed (or found absent) since they were last created. */
  private readonly gone = new Set<string>()

  /**
   * Records a write: `touched` are the namespaces it names (the write guard's reading of its path and body; empty
   * when it names none it can read).
   */
  record(operationId: string, touched: readonly (readonly string[])[], args: NamedArgs = {}): void {
    if (operationId === 'createNamespace' && touched.length > 0) {
      for (const ns of touched) {
        if (!Array.isArray(ns)) continue
        this.gone.delete(keyOf(ns))
        if (!this.known.has(keyOf(ns)))
          this.known.set(keyOf(ns), {
            ns,
            may: { children: false, tables: false, views: false },
            names: { tables: new Set(), views: new Set() },
          })
        for (let depth = 1; depth < ns.length; depth++) this.mark(ns.slice(0, depth), { children: true })
      }
      return
    }
    if (INERT_WRITES.has(operationId)) return
    if (touched.length === 0) {
      for (const entry of this.known.values()) this.markAnything(entry)
      return
    }
    const kind: ObjectKind | undefined = TABLE_WRITES.has(operationId)
      ? 'tables'
      : VIEW_WRITES.has(operationId)
        ? 'views'
        : undefined
    if (kind === undefined) {
      for (const ns of touched) {
        const entry = this.known.get(keyOf(ns))
        if (entry) this.markAnything(entry)
      }
      return
    }
    for (const ns of touched) this.mark(ns, { [kind]: true })
    const created = objectsCreated(operationId, args)
    // A name it cannot read: every namespace the write names may hold an object of that kind by a name unknown.
    if (created.length === 0 || created.some((o) => !o.ns || o.name === undefined))
      for (const ns of touched) this.forgetNames(ns, kind)
  }

  /**
   * The server's answer to a write record() saw. What it created, by name; nothing when it refused (a 4xx: a server
   * that created it anyway refuses the namespace's drop, and cleanup lists it); after a 5xx or no answer, the names of
   * that kind are unknown (one listing at cleanup instead of a drop per failed create: a server that fails on
   * generated inputs failed on a hundred creates of one certification). What a drop or a rename answered for (2xx; a
   * drop's 404 too) is no longer where it was.
   */
  answered(operationId: string, args: NamedArgs, status: number): void {
    const failed = status >= 500 || status === 0
    if (status < 400 || failed)
      for (const object of objectsCreated(operationId, args))
        if (object.ns && object.name !== undefined) {
          const names = this.known.get(keyOf(object.ns))?.names
          if (!names) continue
          if (failed) names[object.kind] = undefined
          else names[object.kind]?.add(object.name)
        }
    const removed =
      (status >= 200 && status < 300) ||
      (status === 404 &&
        (operationId === 'dropTable' || operationId === 'dropView' || operationId === 'dropNamespace'))
    // A namespace a drop removed (or found absent), by a test or by cleanup, is not dropped again.
    if (removed && operationId === 'dropNamespace' && args.namespace) this.gone.add(keyOf(args.namespace))
    const object = removed ? objectRemoved(operationId, args) : undefined
    if (object?.ns && object.name !== undefined)
      this.known.get(keyOf(object.ns))?.names[object.kind]?.delete(object.name)
  }

  /**
   * The names of the tables or views `ns` may hold, when every write that may have put one there named it; undefined
   * when some did not (cleanup lists them instead).
   */
  namesIn(ns: readonly string[], kind: ObjectKind): readonly string[] | undefined {
    const names = this.known.get(keyOf(ns))?.names[kind]
    return names ? [...names] : undefined
  }

  /**
   * Whether `ns` may be there to drop: a create of it was sent (whatever the answer: a faulty server may create what
   * it refused) and no drop since removed it. A namespace the file never asked for (a model's key its sequence never
   * created) or already dropped is not.
   */
  mayExist(ns: readonly string[]): boolean {
    return this.known.has(keyOf(ns)) && !this.gone.has(keyOf(ns))
  }

  /** What `ns` may hold; anything, for a namespace this ledger did not see created. */
  mayHold(ns: readonly string[]): MayHold {
    return this.known.get(keyOf(ns))?.may ?? MAY_HOLD_ANYTHING
  }

  private mark(ns: readonly string[], kinds: Partial<MayHold>): void {
    const entry = this.known.get(keyOf(ns))
    if (entry) entry.may = { ...entry.may, ...kinds }
  }

  private markAnything(entry: Entry): void {
    entry.may = MAY_HOLD_ANYTHING
    entry.names = { tables: undefined, views: undefined }
  }

  private forgetNames(ns: readonly string[], kind: ObjectKind): void {
    const entry = this.known.get(keyOf(ns))
    if (entry) entry.names[kind] = undefined
  }
}
