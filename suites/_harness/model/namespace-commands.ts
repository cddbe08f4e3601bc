/**
 * Model commands on namespaces: create, drop, load, list and property updates. Each predicts the status
 * (and body) from the model, acts on the server, compares, then updates the model.
 */
import type fc from 'fast-check'
import type { CatalogModel, RealCatalog } from './catalog-model.ts'
import { nsOf, successStatus } from './catalog-model.ts'
import { anyClientError } from '../support/statuses.ts'
import { joinNamespace } from '../client.ts'

type Cmd = fc.AsyncCommand<CatalogModel, RealCatalog>

const show = (v: unknown): string => JSON.stringify(v)

export class CreateNamespace implements Cmd {
  readonly key: string
  readonly props: Record<string, string>
  constructor(key: string, props: Record<string, string>) {
    this.key = key
    this.props = props
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ns = nsOf(r, this.key)
    const ex = await r.catalog.op.createNamespace({ body: { namespace: ns, properties: this.props } })
    if (m.namespaces.has(this.key)) {
      r.check.conform(ex, { status: 409, errorType: /AlreadyExists/ })
      return
    }
    const body = r.check.conform<{ namespace: unknown; properties?: Record<string, string> }>(ex, {
      status: 200,
    })
    r.check.equal(body.namespace, ns, 'the created namespace is returned')
    m.namespaces.set(this.key, {
      props: { ...this.props },
      touched: new Set(Object.keys(this.props)),
      tables: new Map(),
      views: new Set(),
    })
  }
  toString = (): string => `createNamespace(${this.key}, ${show(this.props)})`
}

export class DropNamespace implements Cmd {
  readonly key: string
  /** Drawn only for a namespace that is empty or absent (see catalogCommands' `dropsOnlyEmpty`). */
  readonly onlyEmpty: boolean
  constructor(key: string, onlyEmpty = false) {
    this.key = key
    this.onlyEmpty = onlyEmpty
  }
  check = (m: Readonly<CatalogModel>): boolean => {
    const ns = m.namespaces.get(this.key)
    return !this.onlyEmpty || !ns || (ns.tables.size === 0 && ns.views.size === 0)
  }
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ex = await r.catalog.op.dropNamespace({ namespace: nsOf(r, this.key) })
    const ns = m.namespaces.get(this.key)
    if (!ns) r.check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
    else if (ns.tables.size > 0 || ns.views.size > 0)
      // A refusal that keeps it: which one (409 from 1.9) is judged by the namespaces/drop/…-409 rules.
      r.check.conform(ex, { status: anyClientError(ex.status, 409) })
    else {
      r.check.conform(ex, { status: successStatus(ex.status) })
      m.namespaces.delete(this.key)
    }
  }
  toString = (): string => `dropNamespace(${this.key})`
}

export class LoadNamespace implements Cmd {
  readonly key: string
  constructor(key: string) {
    this.key = key
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const ex = await r.catalog.op.loadNamespaceMetadata({ namespace: nsOf(r, this.key) })
    const ns = m.namespaces.get(this.key)
    if (!ns) {
      r.check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
      return
    }
    const body = r.check.conform<{ namespace: unknown; properties?: Record<string, string> | null }>(ex, {
      status: 200,
    })
    r.check.equal(body.namespace, nsOf(r, this.key), 'the loaded namespace is the one asked for')
    // Only the keys the run set or removed here: a server may store properties of its own ("owner", "location").
    const props = body.properties ?? {}
    for (const k of ns.touched)
      r.check.that(props[k] === ns.props[k], `namespace property ${show(k)} matches the model`, {
        received: props[k] ?? '(absent)',
        expected: ns.props[k] ?? '(absent)',
      })
  }
  toString = (): string => `loadNamespace(${this.key})`
}

export class ListNamespaces implements Cmd {
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    // The model's namespaces are siblings of the base: the listing of the base's parent (top level, or the run's parent).
    const parent = r.base.slice(0, -1)
    const stem = `${r.base.at(-1) ?? ''}_`
    const ex = await r.catalog.op.listNamespaces(
      parent.length > 0 ? { query: { parent: joinNamespace(parent, r.catalog.caps) } } : {},
    )
    const body = r.check.conform<{ namespaces?: string[][] }>(ex, { status: 200 })
    const mine = (body.namespaces ?? [])
      .filter((n) => n.length === r.base.length && parent.every((p, i) => n[i] === p))
      .map((n) => n.at(-1) ?? '')
      .filter((last) => last.startsWith(stem))
      .map((last) => last.slice(stem.length))
      .sort()
    r.check.equal(
      mine,
      [...m.namespaces.keys()].sort(),
      'listNamespaces shows exactly the existing namespaces',
    )
  }
  toString = (): string => 'listNamespaces()'
}

export class UpdateNamespaceProperties implements Cmd {
  readonly key: string
  readonly updates: Record<string, string>
  readonly removals: readonly string[]
  constructor(key: string, updates: Record<string, string>, removals: readonly string[]) {
    this.key = key
    this.updates = updates
    this.removals = removals
  }
  check = (): boolean => true
  async run(m: CatalogModel, r: RealCatalog): Promise<void> {
    const removals = this.removals.filter((k) => !Object.hasOwn(this.updates, k))
    const ex = await r.catalog.op.updateProperties({
      namespace: nsOf(r, this.key),
      body: { updates: this.updates, removals },
    })
    const ns = m.namespaces.get(this.key)
    if (!ns) {
      r.check.conform(ex, { status: 404, errorType: /NoSuchNamespace/ })
      return
    }
    const body = r.check.conform<{ updated?: string[] }>(ex, { status: 200 })
    r.check.equal(
      [...(body.updated ?? [])].sort(),
      Object.keys(this.updates).sort(),
      '`updated` lists the keys set',
    )
    for (const k of removals) delete ns.props[k]
    Object.assign(ns.props, this.updates)
    for (const k of [...removals, ...Object.keys(this.updates)]) ns.touched.add(k)
  }
  toString = (): string =>
    `updateNamespaceProperties(${this.key}, ${show(this.updates)}, ${show(this.removals)})`
}
