/**
 * Which exception Apache Iceberg's Java client (`RESTCatalog`, 1.11) raises for an error answer: a model of its
 * `org.apache.iceberg.rest.ErrorHandlers`, read off the released 1.11.0 jar. The client picks a handler per operation;
 * most handlers decide by the HTTP status alone, and a few also by the exact `error.type`:
 *
 * - table operations, 404: `NoSuchNamespaceException` → NoSuchNamespace, `NotFoundException` → NotFound, else
 *   NoSuchTable (so a missing namespace reported as "NotFoundError" reaches the caller as a missing table);
 * - view operations, 404: `NoSuchNamespaceException` → NoSuchNamespace, else NoSuchView;
 * - scan planning, 404: `NoSuchNamespaceException`, `NoSuchTableException`, else NoSuchPlanId (NoSuchPlanTask);
 * - namespace operations, 400: `NamespaceNotEmptyException` → NamespaceNotEmpty, else BadRequest;
 * - every other 400: `IllegalArgumentException` → IllegalArgument, else BadRequest.
 *
 * PyIceberg maps by status only, so this is where an error's `type` changes what a client does.
 */
import type { OperationId } from '../../../schemas/operations.ts'

type Handler = (status: number, type: string | undefined) => string | undefined

const DEFAULT: Handler = (status, type) => {
  switch (status) {
    case 400:
      return type === 'IllegalArgumentException' ? 'IllegalArgumentException' : 'BadRequestException'
    case 401:
      return 'NotAuthorizedException'
    case 403:
      return 'ForbiddenException'
    case 500:
      return 'ServiceFailureException'
    case 501:
      return 'UnsupportedOperationException'
    case 503:
      return 'ServiceUnavailableException'
    default:
      return status === 405 || status === 406 ? undefined : 'RESTException'
  }
}

const NAMESPACE: Handler = (status, type) => {
  if (status === 400 && type === 'NamespaceNotEmptyException') return 'NamespaceNotEmptyException'
  if (status === 404) return 'NoSuchNamespaceException'
  if (status === 409) return 'AlreadyExistsException'
  if (status === 422) return 'RESTException'
  return DEFAULT(status, type)
}

const DROP_NAMESPACE: Handler = (status, type) =>
  status === 409 ? 'NamespaceNotEmptyException' : NAMESPACE(status, type)

const TABLE: Handler = (status, type) => {
  if (status === 404)
    return type === 'NoSuchNamespaceException' || type === 'NotFoundException' ? type : 'NoSuchTableException'
  if (status === 409) return 'AlreadyExistsException'
  return DEFAULT(status, type)
}

const commitHandler =
  (missing: string): Handler =>
  (status, type) => {
    if (status === 404) return missing
    if (status === 409) return 'CommitFailedException'
    if ([500, 502, 503, 504].includes(status)) return 'CommitStateUnknownException'
    return DEFAULT(status, type)
  }
const COMMIT = commitHandler('NoSuchTableException')
const VIEW_COMMIT = commitHandler('NoSuchViewException')

const CREATE_TABLE: Handler = (status, type) => {
  if (status === 404) return 'NoSuchNamespaceException'
  if (status === 409) return 'AlreadyExistsException'
  return COMMIT(status, type)
}

const VIEW: Handler = (status, type) => {
  if (status === 404) return type === 'NoSuchNamespaceException' ? type : 'NoSuchViewException'
  if (status === 409) return 'AlreadyExistsException'
  return DEFAULT(status, type)
}

const planHandler =
  (missing: string): Handler =>
  (status, type) => {
    if (status === 404)
      return type === 'NoSuchNamespaceException' || type === 'NoSuchTableException' ? type : missing
    return DEFAULT(status, type)
  }

const CONFIG: Handler = (status, type) =>
  status === 404 ? 'NoSuchWarehouseException' : DEFAULT(status, type)

const HANDLERS: Partial<Record<OperationId, Handler>> = {
  getConfig: CONFIG,
  listNamespaces: NAMESPACE,
  createNamespace: NAMESPACE,
  loadNamespaceMetadata: NAMESPACE,
  namespaceExists: NAMESPACE,
  updateProperties: NAMESPACE,
  dropNamespace: DROP_NAMESPACE,
  listTables: NAMESPACE,
  listViews: NAMESPACE,
  createTable: CREATE_TABLE,
  loadTable: TABLE,
  tableExists: TABLE,
  dropTable: TABLE,
  renameTable: TABLE,
  registerTable: TABLE,
  updateTable: COMMIT,
  commitTransaction: COMMIT,
  createView: VIEW,
  loadView: VIEW,
  viewExists: VIEW,
  dropView: VIEW,
  renameView: VIEW,
  replaceView: VIEW_COMMIT,
  planTableScan: planHandler('NoSuchPlanIdException'),
  fetchPlanningResult: planHandler('NoSuchPlanIdException'),
  cancelPlanning: planHandler('NoSuchPlanIdException'),
  fetchScanTasks: planHandler('NoSuchPlanTaskException'),
}

/** Every `type` some handler tells apart: what a server could have sent to reach each of its branches. */
const DISTINGUISHED = [
  'NoSuchNamespaceException',
  'NoSuchTableException',
  'NotFoundException',
  'NamespaceNotEmptyException',
  'IllegalArgumentException',
]

/** The exception the Java client raises for `status` with `type` on `operationId`; undefined where none (405/406). */
export function javaClientException(
  operationId: string,
  status: number,
  type: string | undefined,
): string | undefined {
  const handler = HANDLERS[operationId as OperationId]
  return handler ? handler(status, type) : undefined
}

/**
 * Whether the answer's `type` makes the Java client raise an exception other than the failure calls for, where another
 * type would have: undefined when it is fine or when no type could change what the client raises for this status.
 */
export function javaDispatchMismatch(
  operationId: string,
  status: number,
  type: string | undefined,
  wanted: RegExp,
): { raised: string; couldBe: string } | undefined {
  const raised = javaClientException(operationId, status, type)
  if (raised === undefined || wanted.test(raised)) return undefined
  for (const candidate of DISTINGUISHED) {
    const other = javaClientException(operationId, status, candidate)
    if (other !== undefined && wanted.test(other)) return { raised, couldBe: candidate }
  }
  return undefined
}
