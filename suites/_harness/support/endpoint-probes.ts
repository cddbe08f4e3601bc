/**
 * Declared versus served: one well-formed request per operation,
 * against objects that exist in a fresh run namespace, so that a 404 / 405 / 501 can only mean "this route
 * is not served". Used by suites/config/endpoints-served.test.ts.
 */
import type { OperationId } from '../../../schemas/operations.ts'
import type { Checker } from '../checker.ts'
import type { CatalogClient } from '../client.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Sandbox } from '../sandbox/sandbox.ts'
import { createTable, fixture, tableRequest, viewRequest, type LoadTableResult } from './catalog-objects.ts'
import { withSuffix } from '../sandbox/names.ts'
import { NO_SUCH_ROUTE, errorTypeOf, fingerprint, notServed } from '../not-served.ts'

export { fingerprint, notServed }

/** The objects the probes run against. */
export interface ProbeWorld {
  /**
   * How this server answers a route that cannot exist (status, body kind, error type): a 404 that looks like it
   * means "no route"; one that differs came from a handler that looked something up. Error type names are only
   * representative in the spec, so they are compared with the server's own no-route answer, never matched by name.
   */
  readonly noRoute: string
  readonly ns: string[]
  /** An empty namespace that the dropNamespace probe may remove. */
  readonly spare: string[]
  readonly table: LoadTableResult
  readonly viewLocation?: string
}

type Probe = (c: CatalogClient, w: ProbeWorld) => Promise<Exchange>

const T = 't'
const V = 'v'

/**
 * Builds the world: tables t, t_drop, t_rename, t_unregister; views v, v_drop, v_rename where views work. Each object
 * is independent of the others, so they are created at once: at a network distance the ten steps one after another
 * were a chain of their own.
 */
export async function probeWorld(
  catalog: CatalogClient,
  check: Checker,
  sandbox: Sandbox,
): Promise<ProbeWorld> {
  const [ns, spare] = await Promise.all([
    sandbox.namespace(catalog, 'probe'),
    sandbox.namespace(catalog, 'spare'),
  ])
  // Views may be neither advertised nor served: then their probes get a NoSuchView 404 or no route.
  const createView = (name: string) => catalog.op.createView({ namespace: ns, body: viewRequest(name, ns) })
  const [[table], [view], noRoute] = await Promise.all([
    Promise.all(
      [T, 't_drop', 't_rename', 't_unregister'].map((name) => createTable(catalog, check, ns, name)),
    ),
    Promise.all([V, 'v_drop', 'v_rename'].map(createView)),
    catalog.raw('GET', `${catalog.pathOf('listNamespaces')}${NO_SUCH_ROUTE}`).then(fingerprint),
  ])
  const loc = (view!.json as { 'metadata-location'?: unknown } | undefined)?.['metadata-location']
  const viewLocation = view!.status === 200 && typeof loc === 'string' ? loc : undefined
  return { noRoute, ns, spare, table: table!, ...(viewLocation ? { viewLocation } : {}) }
}

/**
 * Each of `ids`' probe, all at once (each on an object of its own: no probe's answer depends on another's), the
 * answers in the order of `ids`.
 */
export function probeAll(
  catalog: CatalogClient,
  world: ProbeWorld,
  ids: readonly OperationId[],
): Promise<{ id: OperationId; ex: Exchange }[]> {
  return Promise.all(ids.map(async (id) => ({ id, ex: await PROBES[id]!(catalog, world) })))
}

/** Where a plan-id, plan task or function is looked up, a typed 404 still proves the route is served. */
async function planId(c: CatalogClient, w: ProbeWorld): Promise<string> {
  const ex = await c.op.planTableScan({ namespace: w.ns, table: T, body: {} })
  const id = (ex.json as { 'plan-id'?: unknown } | undefined)?.['plan-id']
  return typeof id === 'string' ? id : 'conformance-no-such-plan'
}

/** One well-formed request per operation (getToken is not a catalog route: it is never listed). */
export const PROBES: Readonly<Partial<Record<OperationId, Probe>>> = {
  getConfig: (c) => c.op.getConfig(),
  listNamespaces: (c) => c.op.listNamespaces(),
  createNamespace: (c, w) => c.op.createNamespace({ body: { namespace: withSuffix(w.ns, 'created') } }),
  loadNamespaceMetadata: (c, w) => c.op.loadNamespaceMetadata({ namespace: w.ns }),
  namespaceExists: (c, w) => c.op.namespaceExists({ namespace: w.ns }),
  updateProperties: (c, w) =>
    c.op.updateProperties({ namespace: w.ns, body: { updates: { probe: '1' }, removals: [] } }),
  listTables: (c, w) => c.op.listTables({ namespace: w.ns }),
  createTable: (c, w) => c.op.createTable({ namespace: w.ns, body: tableRequest('t_created') }),
  listFunctions: (c, w) => c.op.listFunctions({ namespace: w.ns }),
  loadFunction: (c, w) => c.op.loadFunction({ namespace: w.ns, function: 'conformance_no_such_function' }),
  planTableScan: (c, w) => c.op.planTableScan({ namespace: w.ns, table: T, body: {} }),
  fetchPlanningResult: async (c, w) =>
    c.op.fetchPlanningResult({ namespace: w.ns, table: T, planId: await planId(c, w) }),
  cancelPlanning: async (c, w) =>
    c.op.cancelPlanning({ namespace: w.ns, table: T, planId: await planId(c, w) }),
  fetchScanTasks: (c, w) =>
    c.op.fetchScanTasks({ namespace: w.ns, table: T, body: { 'plan-task': 'conformance-no-such-task' } }),
  registerTable: (c, w) =>
    c.op.registerTable({
      namespace: w.ns,
      body: { name: 't_registered', 'metadata-location': w.table['metadata-location'] },
    }),
  loadTable: (c, w) => c.op.loadTable({ namespace: w.ns, table: T }),
  updateTable: (c, w) =>
    c.op.updateTable({
      namespace: w.ns,
      table: T,
      body: {
        requirements: [{ type: 'assert-table-uuid', uuid: w.table.metadata['table-uuid'] }],
        updates: [],
      },
    }),
  tableExists: (c, w) => c.op.tableExists({ namespace: w.ns, table: T }),
  loadCredentials: (c, w) => c.op.loadCredentials({ namespace: w.ns, table: T }),
  signRequest: (c, w) =>
    c.op.signRequest({
      namespace: w.ns,
      table: T,
      body: { region: 'us-east-1', uri: 's3://conformance-bucket/key', method: 'GET', headers: {} },
    }),
  reportMetrics: (c, w) =>
    c.op.reportMetrics({
      namespace: w.ns,
      table: T,
      body: { ...fixture<Record<string, unknown>>('scan-report.json'), 'table-name': T },
    }),
  commitTransaction: (c, w) =>
    c.op.commitTransaction({
      body: {
        'table-changes': [{ identifier: { namespace: w.ns, name: T }, requirements: [], updates: [] }],
      },
    }),
  listViews: (c, w) => c.op.listViews({ namespace: w.ns }),
  createView: (c, w) => c.op.createView({ namespace: w.ns, body: viewRequest('v_created', w.ns) }),
  loadView: (c, w) => c.op.loadView({ namespace: w.ns, view: V }),
  replaceView: (c, w) =>
    c.op.replaceView({ namespace: w.ns, view: V, body: { requirements: [], updates: [] } }),
  viewExists: (c, w) => c.op.viewExists({ namespace: w.ns, view: V }),
  registerView: (c, w) =>
    c.op.registerView({
      namespace: w.ns,
      body: { name: 'v_registered', 'metadata-location': w.viewLocation ?? 'conformance://no-view-metadata' },
    }),
  // Destructive probes, each on its own object.
  renameTable: (c, w) =>
    c.op.renameTable({
      body: {
        source: { namespace: w.ns, name: 't_rename' },
        destination: { namespace: w.ns, name: 't_renamed' },
      },
    }),
  renameView: (c, w) =>
    c.op.renameView({
      body: {
        source: { namespace: w.ns, name: 'v_rename' },
        destination: { namespace: w.ns, name: 'v_renamed' },
      },
    }),
  unregisterTable: (c, w) => c.op.unregisterTable({ namespace: w.ns, table: 't_unregister' }),
  dropTable: (c, w) => c.op.dropTable({ namespace: w.ns, table: 't_drop' }),
  dropView: (c, w) => c.op.dropView({ namespace: w.ns, view: 'v_drop' }),
  dropNamespace: (c, w) => c.op.dropNamespace({ namespace: w.spare }),
}

/**
 * True when the answer proves the route is served: success, or an answer only a handler of the operation
 * gives (a 404 unlike the no-route one, 409, 422). A 400, 406 or an auth error proves nothing.
 */
export function servedEvidence(ex: Exchange, w: Pick<ProbeWorld, 'noRoute'>): boolean {
  if (ex.transportError) return false
  if (ex.status >= 200 && ex.status < 400) return true
  // A 404 to HEAD has no body (RFC 9110 §9.3.2): a missing route and a missing resource look the same.
  if (ex.status === 404 && ex.request.method === 'HEAD') return false
  if (ex.status === 404) return fingerprint(ex) !== w.noRoute
  return ex.status === 409 || ex.status === 422
}

/** Short description of an answer for a report line. */
export function describe(ex: Exchange): string {
  if (ex.transportError) return ex.transportError
  const type = errorTypeOf(ex)
  return `${ex.status}${type ? ` ${type}` : ''}`
}
