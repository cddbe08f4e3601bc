/**
 * The operation table of the Iceberg REST Catalog spec: one row per operationId with its method, path
 * template, request and response schema names, documented statuses, query parameters and request headers, and
 * the release that introduced it.
 *
 * It is the single source that the harness client (one method per operation), the reference server's
 * route table and `/v1/config` endpoints, the spec profiles and the coverage report are derived from.
 * Schema names refer to documents in schemas/ (see schemas/index.ts).
 */

/** Spec releases the harness knows, oldest first. `main` is the unreleased head. */
export const RELEASES = ['1.4', '1.5', '1.6', '1.7', '1.8', '1.9', '1.10', '1.11', 'main'] as const
export type Release = (typeof RELEASES)[number]

/** Whether `release` is `since` or a later one: a part that came with `since` exists in `release`. */
export const atLeast = (release: Release, since: Release): boolean =>
  RELEASES.indexOf(release) >= RELEASES.indexOf(since)

export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'HEAD'

export interface OperationSpec {
  readonly method: HttpMethod
  /** Path template as the spec writes it, e.g. `/v1/{prefix}/namespaces/{namespace}`. */
  readonly path: string
  /** Request body schema name, or null when there is no body. */
  readonly request: string | null
  /** The request body may be left out (the document's requestBody is not marked required). */
  readonly requestOptional?: boolean
  /** Success status and its body schema (null: no body). */
  readonly success: { readonly status: number; readonly schema: string | null }
  /** Route-specific documented error statuses (besides the common 400, 401, 403, 419, 503, 5XX). */
  readonly errors: readonly number[]
  /** First release whose spec contains the operation. */
  readonly since: Release
  /** In the default endpoint set a client assumes when /v1/config lists no `endpoints`. */
  readonly defaultEndpoint: boolean
  /** Accepts the Idempotency-Key header (1.11+). */
  readonly idempotent: boolean
  /** Changes catalog state (the write guard applies). */
  readonly mutating: boolean
  readonly deprecated?: boolean
  /** Query parameters the operation defines (path parameters are in `path`). */
  readonly query?: readonly ParamSpec[]
  /**
   * Request headers the operation defines. The transport headers every route takes (Authorization, from the
   * security schemes, and Content-Type/Accept, from the media types) are not parameters and are left out.
   */
  readonly headers?: readonly ParamSpec[]
  /**
   * Top-level fields of the request body that a release later than the operation's added (from the spec file at
   * each release tag); every other field of the request schema is as old as the operation. schemas/json describes
   * the newest release.
   */
  readonly requestFieldsSince?: Readonly<Record<string, Release>>
}

/**
 * A query parameter or request header of an operation: its wire name, or the name and the first release that
 * defines it on the operation when that is later than the operation itself (from the spec file at each release tag).
 */
export type ParamSpec = string | { readonly name: string; readonly since: Release }

/** The wire name of a parameter. */
const paramName = (p: ParamSpec): string => (typeof p === 'string' ? p : p.name)

/** The release that defines a parameter on its operation. */
const paramSince = (id: OperationId, p: ParamSpec): Release =>
  typeof p === 'string' ? OPERATIONS[id].since : p.since

/** The wire names of the query parameters (or request headers) that operation `id` defines at `release`. */
export function paramsAt(id: OperationId, key: 'query' | 'headers', release: Release): string[] {
  return ((OPERATIONS[id] as OperationSpec)[key] ?? [])
    .filter((p) => atLeast(release, paramSince(id, p)))
    .map(paramName)
}

/** Whether request-body field `field` of operation `id` exists at `release` (see `requestFieldsSince`). */
export function requestFieldAt(id: OperationId, field: string, release: Release): boolean {
  const o = OPERATIONS[id] as OperationSpec
  return atLeast(release, o.requestFieldsSince?.[field] ?? o.since)
}

/** Statuses every catalog route may answer with. */
export const COMMON_ERROR_STATUSES = [400, 401, 403, 419, 503] as const

const op = (o: OperationSpec): OperationSpec => o

export const OPERATIONS = {
  getConfig: op({
    method: 'GET',
    path: '/v1/config',
    request: null,
    success: { status: 200, schema: 'CatalogConfig' },
    errors: [404],
    since: '1.4',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
    query: ['warehouse'],
  }),
  getToken: op({
    method: 'POST',
    path: '/v1/oauth/tokens',
    request: 'OAuthTokenRequest',
    success: { status: 200, schema: 'OAuthTokenResponse' },
    errors: [401],
    since: '1.4',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
    deprecated: true,
  }),
  listNamespaces: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces',
    request: null,
    success: { status: 200, schema: 'ListNamespacesResponse' },
    errors: [404],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: false,
    mutating: false,
    query: [{ name: 'pageToken', since: '1.5' }, { name: 'pageSize', since: '1.5' }, 'parent'],
  }),
  createNamespace: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces',
    request: 'CreateNamespaceRequest',
    success: { status: 200, schema: 'CreateNamespaceResponse' },
    errors: [406, 409],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  loadNamespaceMetadata: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}',
    request: null,
    success: { status: 200, schema: 'GetNamespaceResponse' },
    errors: [404],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: false,
    mutating: false,
  }),
  namespaceExists: op({
    method: 'HEAD',
    path: '/v1/{prefix}/namespaces/{namespace}',
    request: null,
    success: { status: 204, schema: null },
    errors: [404],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
  }),
  dropNamespace: op({
    method: 'DELETE',
    path: '/v1/{prefix}/namespaces/{namespace}',
    request: null,
    success: { status: 204, schema: null },
    errors: [404, 409],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  updateProperties: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/properties',
    request: 'UpdateNamespacePropertiesRequest',
    success: { status: 200, schema: 'UpdateNamespacePropertiesResponse' },
    errors: [404, 406, 422],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  listTables: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/tables',
    request: null,
    success: { status: 200, schema: 'ListTablesResponse' },
    errors: [404],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: false,
    mutating: false,
    query: [
      { name: 'pageToken', since: '1.5' },
      { name: 'pageSize', since: '1.5' },
    ],
  }),
  createTable: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/tables',
    request: 'CreateTableRequest',
    success: { status: 200, schema: 'LoadTableResult' },
    errors: [404, 409],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [
      { name: 'X-Iceberg-Access-Delegation', since: '1.5' },
      { name: 'Idempotency-Key', since: '1.11' },
    ],
  }),
  listFunctions: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/functions',
    request: null,
    success: { status: 200, schema: 'ListFunctionsResponse' },
    errors: [404],
    since: 'main',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
    query: ['pageToken', 'pageSize'],
  }),
  loadFunction: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/functions/{function}',
    request: null,
    success: { status: 200, schema: 'LoadFunctionResult' },
    errors: [404],
    since: 'main',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
  }),
  planTableScan: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/plan',
    request: 'PlanTableScanRequest',
    requestOptional: true,
    success: { status: 200, schema: 'PlanTableScanResult' },
    errors: [404, 406],
    since: '1.7',
    defaultEndpoint: false,
    idempotent: true,
    mutating: false,
    headers: [
      { name: 'X-Iceberg-Access-Delegation', since: '1.11' },
      { name: 'Idempotency-Key', since: '1.11' },
    ],
    requestFieldsSince: { 'min-rows-requested': '1.11' },
  }),
  fetchPlanningResult: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/plan/{plan-id}',
    request: null,
    success: { status: 200, schema: 'FetchPlanningResult' },
    errors: [404],
    since: '1.7',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
    headers: [{ name: 'X-Iceberg-Access-Delegation', since: '1.11' }],
  }),
  cancelPlanning: op({
    method: 'DELETE',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/plan/{plan-id}',
    request: null,
    success: { status: 204, schema: null },
    errors: [404],
    since: '1.7',
    defaultEndpoint: false,
    idempotent: true,
    mutating: false,
    headers: [
      { name: 'X-Iceberg-Access-Delegation', since: '1.11' },
      { name: 'Idempotency-Key', since: '1.11' },
    ],
  }),
  fetchScanTasks: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/tasks',
    request: 'FetchScanTasksRequest',
    // As planTableScan's, its requestBody is not marked required (every release since 1.7): a request without one is
    // valid by the document, so a 5xx to it is a robustness finding, not the MUST of an invalid body.
    requestOptional: true,
    success: { status: 200, schema: 'FetchScanTasksResult' },
    errors: [404],
    since: '1.7',
    defaultEndpoint: false,
    idempotent: true,
    mutating: false,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  registerTable: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/register',
    request: 'RegisterTableRequest',
    success: { status: 200, schema: 'LoadTableResult' },
    errors: [404, 409],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [
      { name: 'X-Iceberg-Access-Delegation', since: '1.11' },
      { name: 'Idempotency-Key', since: '1.11' },
    ],
    requestFieldsSince: { overwrite: '1.9' },
  }),
  loadTable: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}',
    request: null,
    success: { status: 200, schema: 'LoadTableResult' },
    errors: [304, 404],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: false,
    mutating: false,
    query: ['snapshots', { name: 'referenced-by', since: '1.11' }],
    headers: [
      { name: 'X-Iceberg-Access-Delegation', since: '1.5' },
      { name: 'If-None-Match', since: '1.8' },
    ],
  }),
  updateTable: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}',
    request: 'CommitTableRequest',
    success: { status: 200, schema: 'CommitTableResponse' },
    errors: [404, 409, 500, 502, 504],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  dropTable: op({
    method: 'DELETE',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}',
    request: null,
    success: { status: 204, schema: null },
    errors: [404],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    query: ['purgeRequested'],
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  tableExists: op({
    method: 'HEAD',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}',
    request: null,
    success: { status: 204, schema: null },
    errors: [404],
    since: '1.4',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
  }),
  unregisterTable: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/unregister',
    request: null,
    success: { status: 200, schema: 'UnregisterTableResult' },
    errors: [404],
    since: 'main',
    defaultEndpoint: false,
    idempotent: true,
    mutating: true,
    headers: ['Idempotency-Key'],
  }),
  loadCredentials: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/credentials',
    request: null,
    success: { status: 200, schema: 'LoadCredentialsResponse' },
    errors: [404],
    since: '1.7',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
    query: [
      { name: 'planId', since: '1.11' },
      { name: 'referenced-by', since: '1.11' },
    ],
  }),
  signRequest: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/sign',
    request: 'RemoteSignRequest',
    success: { status: 200, schema: 'RemoteSignResult' },
    errors: [],
    since: '1.11',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
  }),
  renameTable: op({
    method: 'POST',
    path: '/v1/{prefix}/tables/rename',
    request: 'RenameTableRequest',
    success: { status: 204, schema: null },
    errors: [404, 406, 409],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  reportMetrics: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/tables/{table}/metrics',
    request: 'ReportMetricsRequest',
    success: { status: 204, schema: null },
    errors: [404],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: false,
    mutating: false,
  }),
  commitTransaction: op({
    method: 'POST',
    path: '/v1/{prefix}/transactions/commit',
    request: 'CommitTransactionRequest',
    success: { status: 204, schema: null },
    errors: [404, 409, 500, 502, 504],
    since: '1.4',
    defaultEndpoint: true,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  listViews: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/views',
    request: null,
    success: { status: 200, schema: 'ListTablesResponse' },
    errors: [404],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
    query: ['pageToken', 'pageSize'],
  }),
  createView: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/views',
    request: 'CreateViewRequest',
    success: { status: 200, schema: 'LoadViewResult' },
    errors: [404, 409],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: false,
    mutating: true,
  }),
  loadView: op({
    method: 'GET',
    path: '/v1/{prefix}/namespaces/{namespace}/views/{view}',
    request: null,
    success: { status: 200, schema: 'LoadViewResult' },
    errors: [404],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
    query: [{ name: 'referenced-by', since: '1.11' }],
  }),
  replaceView: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/views/{view}',
    request: 'CommitViewRequest',
    success: { status: 200, schema: 'LoadViewResult' },
    errors: [404, 409, 500, 502, 504],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  dropView: op({
    method: 'DELETE',
    path: '/v1/{prefix}/namespaces/{namespace}/views/{view}',
    request: null,
    success: { status: 204, schema: null },
    errors: [404],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  viewExists: op({
    method: 'HEAD',
    path: '/v1/{prefix}/namespaces/{namespace}/views/{view}',
    request: null,
    success: { status: 204, schema: null },
    errors: [404],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: false,
    mutating: false,
  }),
  renameView: op({
    method: 'POST',
    path: '/v1/{prefix}/views/rename',
    request: 'RenameTableRequest',
    success: { status: 204, schema: null },
    errors: [404, 406, 409],
    since: '1.5',
    defaultEndpoint: false,
    idempotent: true,
    mutating: true,
    headers: [{ name: 'Idempotency-Key', since: '1.11' }],
  }),
  registerView: op({
    method: 'POST',
    path: '/v1/{prefix}/namespaces/{namespace}/register-view',
    request: 'RegisterViewRequest',
    success: { status: 200, schema: 'LoadViewResult' },
    errors: [404, 409],
    since: '1.11',
    defaultEndpoint: false,
    idempotent: true,
    mutating: true,
    headers: ['Idempotency-Key'],
  }),
} as const satisfies Record<string, OperationSpec>

export type OperationId = keyof typeof OPERATIONS

/** `<METHOD> <path>` as it appears in CatalogConfig.endpoints. */
export function endpointOf(id: OperationId): string {
  const o = OPERATIONS[id]
  return `${o.method} ${o.path}`
}

export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[]

/** The endpoints a client assumes when /v1/config lists none. */
export const DEFAULT_ENDPOINTS: readonly string[] = OPERATION_IDS.filter(
  (id) => OPERATIONS[id].defaultEndpoint,
).map(endpointOf)
