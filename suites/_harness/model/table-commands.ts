/**
 * Model commands on tables: create, drop, rename, list, load, and commits whose requirements hold or fail
 * (assert-table-uuid, assert-ref-snapshot-id on main). A failed requirement is 409 and changes nothing
 *; a holding one applies the updates.
 */
import type fc from 'fast-check'
import type { CatalogModel, ModelTable, RealCatalog } from './catalog-model.ts'
import { nsOf, renameStatuses, successStatus } from './catalog-model.ts'
import { isSuccess } from '../support/statuses.ts'
import { snapshotBody } from '../support/snapshot-body.ts'

type Cmd = fc.AsyncCommand<CatalogModel, RealCatalog>

const SCHEMA = {
  type: 'struct',
  'schema-id': 0,
  fields: [
    { id: 1, name: 'id', type: 'long', required: true },
    { id: 2, name: 'data', type: 'string', required: false },
  ],
}

interface LoadResult {
  'metadata-location'?: string | null
  metadata: {
    'table-uuid': string
    'format-version': number
    location?: string
    properties?: Record<string, string>
    'current-snapshot-id'?: number | null
    'last-sequence-number'?: number
    'next-row-id'?: number
    'current-schema-id'?: number
    refs?: Record<string, { 'snapshot-id': number }>
  }
}

/** Model facts of a table from a LoadTableResult / CommitTableResponse. */
export function tableFacts(body: LoadResult, props: Record<string, string>): ModelTable {
  const md = body.metadata
  const main = md.refs?.main?.['snapshot-id'] ?? null
  return {
    uuid: md['table-uuid'],
    props,
    main,
    formatVersion: md['format-version'],
    lastSequenceNumber: md['last-sequence-number'] ?? 0,
    nextRowId: md['next-row-id'] ?? 0,
    schemaId: md['current-schema-id'] ?? 0,
    location: md.location ?? 'file:/tmp/conformance',
  }
}

export class CreateTable implements Cmd {
  public key: string
  readonly name: string
  /** Create in the n-th existing namespace instead (null: the named one, which may not exist). */
  readonly pick: number | null
  constructor(key: string, name: string, pick: number | null = null) {
    this.key = key
    this.name = name
    this.pick = pick
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const keys = [...m.namespaces.keys()]
    if (this.pick !== null && keys.length > 0) this.key = keys[this.pick % keys.length]!
    const ex = await r.catalog.op.createTable({
      namespace: nsOf(r, this.key),
      body: { name: this.name, schema: SCHEMA },
    })
    const ns = m.namespaces.get(this.key)
    if (!ns) return void r.check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    if (m.hasName(this.key, this.name))
      return void r.check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
    const body = r.check.conform<LoadResult>(ex, { status: 200 })
    ns.tables.set(this.name, tableFacts(body, {}))
  }
  toString = (): string => `createTable(${this.key}, ${this.name})`
}

export class DropTable implements Cmd {
  readonly key: string
  readonly name: string
  constructor(key: string, name: string) {
    this.key = key
    this.name = name
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ex = await r.catalog.op.dropTable({ namespace: nsOf(r, this.key), table: this.name })
    const ns = m.namespaces.get(this.key)
    if (!ns?.tables.has(this.name)) return void r.check.conform(ex, { status: 404 })
    r.check.conform(ex, { status: successStatus(ex.status) })
    ns.tables.delete(this.name)
  }
  toString = (): string => `dropTable(${this.key}, ${this.name})`
}

export class RenameTable implements Cmd {
  readonly from: [string, string]
  readonly to: [string, string]
  constructor(from: [string, string], to: [string, string]) {
    this.from = from
    this.to = to
  }
  check = (): boolean => this.from[0] !== this.to[0] || this.from[1] !== this.to[1]
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const [fk, fn] = this.from
    const [tk, tn] = this.to
    const ex = await r.catalog.op.renameTable({
      body: {
        source: { namespace: nsOf(r, fk), name: fn },
        destination: { namespace: nsOf(r, tk), name: tn },
      },
    })
    const sourceExists = m.namespaces.get(fk)?.tables.has(fn) ?? false
    r.check.conform(ex, { status: renameStatuses(m, this.from, this.to, sourceExists, ex.status) })
    if (!isSuccess(ex.status)) return
    const table = m.namespaces.get(fk)!.tables.get(fn)!
    m.namespaces.get(fk)!.tables.delete(fn)
    m.namespaces.get(tk)!.tables.set(tn, table)
  }
  toString = (): string => `renameTable(${this.from.join('.')} -> ${this.to.join('.')})`
}

export class ListTables implements Cmd {
  readonly key: string
  constructor(key: string) {
    this.key = key
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ex = await r.catalog.op.listTables({ namespace: nsOf(r, this.key) })
    const ns = m.namespaces.get(this.key)
    if (!ns) return void r.check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    const body = r.check.conform<{ identifiers?: { namespace: string[]; name: string }[] }>(ex, {
      status: 200,
    })
    const names = (body.identifiers ?? []).map((i) => i.name).sort()
    r.check.equal(names, [...ns.tables.keys()].sort(), 'listTables shows exactly the existing tables')
  }
  toString = (): string => `listTables(${this.key})`
}

export class LoadTable implements Cmd {
  readonly key: string
  readonly name: string
  constructor(key: string, name: string) {
    this.key = key
    this.name = name
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ex = await r.catalog.op.loadTable({ namespace: nsOf(r, this.key), table: this.name })
    const t = m.namespaces.get(this.key)?.tables.get(this.name)
    if (!t) return void r.check.conform(ex, { status: 404 })
    const body = r.check.conform<LoadResult>(ex, { status: 200 })
    compareTable(r, body, t)
  }
  toString = (): string => `loadTable(${this.key}, ${this.name})`
}

function compareTable(r: RealCatalog, body: LoadResult, t: ModelTable): void {
  const md = body.metadata
  r.check.equal(md['table-uuid'], t.uuid, 'the table keeps its UUID')
  r.check.equal(md.refs?.main?.['snapshot-id'] ?? null, t.main, 'main points at the model snapshot')
  for (const [k, v] of Object.entries(t.props))
    r.check.that(md.properties?.[k] === v, `table property ${JSON.stringify(k)} matches the model`, {
      received: md.properties?.[k] ?? '(absent)',
      expected: v,
    })
}

/** A commit: set a property and/or append a snapshot, under a requirement that holds or not. */
export class CommitTable implements Cmd {
  public key: string
  public name: string
  readonly kind: 'props' | 'append'
  readonly holds: boolean
  readonly value: string
  /** Commit to the n-th existing table instead (null: the named one, which may not exist). */
  readonly pick: number | null
  constructor(
    key: string,
    name: string,
    kind: 'props' | 'append',
    holds: boolean,
    value: string,
    pick: number | null = null,
  ) {
    this.key = key
    this.name = name
    this.kind = kind
    this.holds = holds
    this.pick = pick
    this.value = value
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const existing = [...m.namespaces.entries()].flatMap(([k, ns]) =>
      [...ns.tables.keys()].map((n): [string, string] => [k, n]),
    )
    if (this.pick !== null && existing.length > 0)
      [this.key, this.name] = existing[this.pick % existing.length]!
    const t = m.namespaces.get(this.key)?.tables.get(this.name)
    const uuid = t?.uuid ?? '00000000-0000-4000-8000-000000000000'
    let requirements: unknown[]
    let updates: unknown[]
    let snapshotId: number | undefined
    if (this.kind === 'props') {
      const wrong = uuid.replace(/^./, (c) => (c === '0' ? '1' : '0'))
      requirements = [{ type: 'assert-table-uuid', uuid: this.holds ? uuid : wrong }]
      updates = [{ action: 'set-properties', updates: { 'model.value': this.value } }]
    } else {
      const main = t?.main ?? null
      requirements = [
        { type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': this.holds ? main : (main ?? 0) + 7 },
      ]
      snapshotId = m.nextSnapshotId()
      updates = [
        { action: 'add-snapshot', snapshot: snapshotOf(t, snapshotId) },
        { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': snapshotId },
      ]
    }
    const ex = await r.catalog.op.updateTable({
      namespace: nsOf(r, this.key),
      table: this.name,
      body: { requirements, updates },
    })
    if (!t) return void r.check.conform(ex, { status: 404 })
    if (!this.holds) return void r.check.conform(ex, { status: 409, errorType: /CommitFailed/ })
    const body = r.check.conform<LoadResult>(ex, { status: 200 })
    const props = this.kind === 'props' ? { ...t.props, 'model.value': this.value } : t.props
    const next = tableFacts(body, props)
    if (this.kind === 'append')
      r.check.equal(next.main, snapshotId, 'the commit moved main to the new snapshot')
    Object.assign(t, next)
    compareTable(r, body, t)
  }
  toString = (): string =>
    `commitTable(${this.key}, ${this.name}, ${this.kind}, ${this.holds ? 'requirement holds' : 'requirement fails'}, ${JSON.stringify(this.value)})`
}

function snapshotOf(t: ModelTable | undefined, id: number): Record<string, unknown> {
  return snapshotBody(
    {
      ...(t?.location !== undefined ? { location: t.location } : {}),
      'format-version': t?.formatVersion ?? 2,
      'last-sequence-number': t?.lastSequenceNumber ?? 0,
      'current-schema-id': t?.schemaId ?? 0,
      ...(t?.nextRowId !== undefined ? { 'next-row-id': t.nextRowId } : {}),
    },
    { id, parent: t?.main ?? undefined },
  )
}
