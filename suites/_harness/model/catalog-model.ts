/**
 * The catalog model of the model-based runs: what a spec-conformant catalog holds after a sequence of
 * operations. Namespaces are run namespaces named `<base>_<key>` (top level, or under --namespace-parent); tables and views live in them.
 * The model keeps only what the spec makes observable: existence, properties set through the API, table
 * UUIDs and the `main` snapshot, so that each command can predict status and body.
 */
import type { CatalogClient } from '../client.ts'
import type { Checker } from '../checker.ts'
import { withSuffix } from '../sandbox/names.ts'
import { anySuccess } from '../support/statuses.ts'

export interface ModelTable {
  uuid: string
  /** Properties set through commits (a server may add others). */
  props: Record<string, string>
  /** Current snapshot of `main`, or null. */
  main: number | null
  formatVersion: number
  lastSequenceNumber: number
  nextRowId: number
  schemaId: number
  location: string
}

export interface ModelNamespace {
  /** Properties the run set on this namespace (a server may add others: those are its own, never compared). */
  props: Record<string, string>
  /**
   * Keys the run set or removed on this namespace since it was created: only these are compared on load. A key the
   * run set on another namespace, or on an earlier namespace of the same name, says nothing about this one.
   */
  touched: Set<string>
  tables: Map<string, ModelTable>
  views: Set<string>
}

export class CatalogModel {
  readonly namespaces = new Map<string, ModelNamespace>()
  private snapshotCounter = 0

  /** A snapshot id unique in this run. */
  nextSnapshotId(): number {
    return 1_000_000 + ++this.snapshotCounter
  }

  hasName(key: string, name: string): boolean {
    const ns = this.namespaces.get(key)
    return ns !== undefined && (ns.tables.has(name) || ns.views.has(name))
  }
}

/** The system under test as the commands see it. */
export interface RealCatalog {
  readonly catalog: CatalogClient
  readonly check: Checker
  /** Base name of this run's namespaces. */
  /** A run namespace (its levels); the model's namespaces are its siblings `<base>_<key>`. */
  readonly base: readonly string[]
  /** View operations are advertised. */
  readonly views: boolean
}

/** The namespace of model key `key`. */
export const nsOf = (real: RealCatalog, key: string): string[] => withSuffix(real.base, key)

export const NS_KEYS = ['a', 'b'] as const
export const TABLE_NAMES = ['t1', 't2'] as const
export const VIEW_NAMES = ['v1', 'v2'] as const

/**
 * The statuses a rename of a table or view may answer, by the model: 404 for a
 * missing source or destination namespace and 409 for a taken destination name (when several apply the spec
 * fixes no order: any of them is conformant); else a success (`answered` when it is one: see successStatus), or 406
 * for a move across namespaces, which servers need not support.
 */
export function renameStatuses(
  m: CatalogModel,
  from: readonly [string, string],
  to: readonly [string, string],
  sourceExists: boolean,
  answered: number,
): number[] {
  const errors = new Set<number>()
  if (!sourceExists) errors.add(404)
  if (!m.namespaces.has(to[0])) errors.add(404)
  if (m.hasName(to[0], to[1])) errors.add(409)
  if (errors.size > 0) return [...errors]
  return from[0] === to[0] ? [successStatus(answered)] : [successStatus(answered), 406]
}

/**
 * The status the model asks of a drop or a rename that succeeds: any success. The documented 204 is judged by the
 * operation's own rule (SETUP_CARRIERS: tables/drop/204-then-gone, …), which sends that case on its own; a 200 in
 * every drop is one defect, failed there, not again by the model.
 */
export const successStatus = (answered: number): number => anySuccess(answered, 204)
