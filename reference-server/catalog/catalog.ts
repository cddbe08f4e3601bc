/**
 * The in-memory catalog: namespaces with properties, and per namespace one name scope shared by
 * tables and views (a table and a view cannot have the same name). It knows nothing of HTTP or of
 * metadata rules; handlers decide what is allowed and call it.
 */
import type { JsonObject } from '../json.ts'

export type Namespace = readonly string[]

export interface TableEntry {
  readonly kind: 'table'
  metadataLocation: string
  metadata: JsonObject
  /** Every metadata file this catalog wrote or registered for the table, for purge. */
  readonly files: string[]
}

export interface ViewEntry {
  readonly kind: 'view'
  metadataLocation: string
  metadata: JsonObject
  readonly files: string[]
}

export type CatalogObject = TableEntry | ViewEntry

interface NamespaceEntry {
  readonly levels: Namespace
  properties: Record<string, string>
  readonly objects: Map<string, CatalogObject>
}

/** Stable key of a namespace: JSON keeps levels with any characters apart. */
export const nsKey = (ns: Namespace): string => JSON.stringify(ns)

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * A string whose order is the lexicographic order of the namespace's levels (by UTF-8 bytes, a parent
 * before its children): each level as hex, joined by a space, which sorts below every hex digit.
 */
export const sortKey = (ns: Namespace): string =>
  ns.map((l) => Buffer.from(l, 'utf8').toString('hex')).join(' ')

export class Catalog {
  private readonly namespaces = new Map<string, NamespaceEntry>()

  hasNamespace(ns: Namespace): boolean {
    return this.namespaces.has(nsKey(ns))
  }

  namespaceProperties(ns: Namespace): Record<string, string> | undefined {
    return this.namespaces.get(nsKey(ns))?.properties
  }

  putNamespace(ns: Namespace, properties: Record<string, string>): void {
    this.namespaces.set(nsKey(ns), { levels: [...ns], properties: { ...properties }, objects: new Map() })
  }

  setNamespaceProperties(ns: Namespace, properties: Record<string, string>): void {
    const e = this.namespaces.get(nsKey(ns))
    if (e) e.properties = properties
  }

  deleteNamespace(ns: Namespace): void {
    this.namespaces.delete(nsKey(ns))
  }

  /** Namespaces sorted by their levels; `parent` undefined lists every namespace. */
  listNamespaces(parent?: Namespace): Namespace[] {
    const all = [...this.namespaces.values()].map((e) => e.levels)
    const picked =
      parent === undefined
        ? all
        : all.filter((l) => l.length === parent.length + 1 && parent.every((p, i) => l[i] === p))
    return picked.sort((a, b) => compare(sortKey(a), sortKey(b)))
  }

  /** Direct children of `ns` (used by drop to refuse a non-empty namespace). */
  hasChildren(ns: Namespace): boolean {
    return this.listNamespaces(ns).length > 0
  }

  get(ns: Namespace, name: string): CatalogObject | undefined {
    return this.namespaces.get(nsKey(ns))?.objects.get(name)
  }

  getTable(ns: Namespace, name: string): TableEntry | undefined {
    const o = this.get(ns, name)
    return o?.kind === 'table' ? o : undefined
  }

  getView(ns: Namespace, name: string): ViewEntry | undefined {
    const o = this.get(ns, name)
    return o?.kind === 'view' ? o : undefined
  }

  put(ns: Namespace, name: string, obj: CatalogObject): void {
    this.namespaces.get(nsKey(ns))?.objects.set(name, obj)
  }

  remove(ns: Namespace, name: string): void {
    this.namespaces.get(nsKey(ns))?.objects.delete(name)
  }

  /** Names of the objects of one kind in a namespace, sorted. */
  names(ns: Namespace, kind: CatalogObject['kind']): string[] {
    const objects = this.namespaces.get(nsKey(ns))?.objects
    if (!objects) return []
    return [...objects.entries()]
      .filter(([, o]) => o.kind === kind)
      .map(([n]) => n)
      .sort(compare)
  }

  /** Every table and view of every namespace. */
  allObjects(): CatalogObject[] {
    return [...this.namespaces.values()].flatMap((n) => [...n.objects.values()])
  }

  isEmpty(ns: Namespace): boolean {
    return (this.namespaces.get(nsKey(ns))?.objects.size ?? 0) === 0
  }
}
