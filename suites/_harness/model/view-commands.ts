/**
 * Model commands on views: create, drop, rename and list. Used only when the
 * target advertises the view endpoints. View names come from their own pool, so table/view name
 * conflicts (a 1.11 clarification) are left to the views suites.
 */
import type fc from 'fast-check'
import type { CatalogModel, RealCatalog } from './catalog-model.ts'
import { nsOf, renameStatuses, successStatus } from './catalog-model.ts'
import { isSuccess } from '../support/statuses.ts'

type Cmd = fc.AsyncCommand<CatalogModel, RealCatalog>

function viewBody(name: string, ns: string[]): Record<string, unknown> {
  return {
    name,
    schema: {
      type: 'struct',
      'schema-id': 0,
      fields: [{ id: 1, name: 'id', type: 'long', required: false }],
    },
    'view-version': {
      'version-id': 1,
      'timestamp-ms': Date.now() - 1000,
      'schema-id': 0,
      summary: { 'engine-name': 'conformance' },
      representations: [{ type: 'sql', sql: 'select 1 as id', dialect: 'spark' }],
      'default-namespace': ns,
    },
    properties: {},
  }
}

export class CreateView implements Cmd {
  readonly key: string
  readonly name: string
  constructor(key: string, name: string) {
    this.key = key
    this.name = name
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ns = nsOf(r, this.key)
    const ex = await r.catalog.op.createView({ namespace: ns, body: viewBody(this.name, ns) })
    const model = m.namespaces.get(this.key)
    if (!model) return void r.check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    if (m.hasName(this.key, this.name))
      return void r.check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
    r.check.conform(ex, { status: 200 })
    model.views.add(this.name)
  }
  toString = (): string => `createView(${this.key}, ${this.name})`
}

export class DropView implements Cmd {
  readonly key: string
  readonly name: string
  constructor(key: string, name: string) {
    this.key = key
    this.name = name
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ex = await r.catalog.op.dropView({ namespace: nsOf(r, this.key), view: this.name })
    const model = m.namespaces.get(this.key)
    if (!model?.views.has(this.name)) return void r.check.conform(ex, { status: 404 })
    r.check.conform(ex, { status: successStatus(ex.status) })
    model.views.delete(this.name)
  }
  toString = (): string => `dropView(${this.key}, ${this.name})`
}

export class RenameView implements Cmd {
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
    const ex = await r.catalog.op.renameView({
      body: {
        source: { namespace: nsOf(r, fk), name: fn },
        destination: { namespace: nsOf(r, tk), name: tn },
      },
    })
    const sourceExists = m.namespaces.get(fk)?.views.has(fn) ?? false
    r.check.conform(ex, { status: renameStatuses(m, this.from, this.to, sourceExists, ex.status) })
    if (!isSuccess(ex.status)) return
    m.namespaces.get(fk)!.views.delete(fn)
    m.namespaces.get(tk)!.views.add(tn)
  }
  toString = (): string => `renameView(${this.from.join('.')} -> ${this.to.join('.')})`
}

export class ListViews implements Cmd {
  readonly key: string
  constructor(key: string) {
    this.key = key
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ex = await r.catalog.op.listViews({ namespace: nsOf(r, this.key) })
    const model = m.namespaces.get(this.key)
    if (!model) return void r.check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    const body = r.check.conform<{ identifiers?: { name: string }[] }>(ex, { status: 200 })
    r.check.equal(
      (body.identifiers ?? []).map((i) => i.name).sort(),
      [...model.views].sort(),
      'listViews shows exactly the existing views',
    )
  }
  toString = (): string => `listViews(${this.key})`
}
