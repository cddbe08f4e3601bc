/**
 * Which rule carries the defect when the server refuses a setup step. A test that cannot set up what its rule needs
 * is blocked, not failed: one refused createTable would otherwise fail every rule that creates a table. The refusal
 * is judged once, by the setup operation's own rule (its basic success), whose test sends that request on its own.
 */
import type { OperationId } from '../../schemas/operations.ts'
import { ruleEntry } from '../../schemas/rules/catalog.ts'

/** Each operation's basic success rule: the rule that judges a well-formed request of that operation. */
export const SETUP_CARRIERS: Readonly<Partial<Record<OperationId, string>>> = {
  getConfig: 'config/get/shape',
  getToken: 'auth/oauth/client-credentials',
  listNamespaces: 'namespaces/list/contains-created',
  createNamespace: 'namespaces/create/returns-namespace',
  loadNamespaceMetadata: 'namespaces/load/returns-properties',
  namespaceExists: 'namespaces/exists/204',
  dropNamespace: 'namespaces/drop/204-then-gone',
  updateProperties: 'namespaces/properties/update-and-remove',
  listTables: 'tables/list/exact-and-isolated',
  createTable: 'tables/create/returns-metadata',
  registerTable: 'tables/register/from-metadata-location',
  loadTable: 'tables/load/matches-create',
  updateTable: 'commits/updates/applied-in-order',
  dropTable: 'tables/drop/204-then-gone',
  tableExists: 'tables/exists/204',
  renameTable: 'tables/rename/same-namespace',
  reportMetrics: 'metrics/report/scan-204',
  commitTransaction: 'transactions/commit/applies-all',
  planTableScan: 'scan-planning/plan/status-and-shape',
  fetchPlanningResult: 'scan-planning/fetch/lifecycle',
  fetchScanTasks: 'scan-planning/tasks/plan-task',
  listViews: 'views/list/dropped-unlisted',
  createView: 'views/create/returns-metadata',
  loadView: 'views/load/returns-created',
  replaceView: 'views/replace/new-current-version',
  dropView: 'views/drop/removes',
  viewExists: 'views/exists/missing-404',
  renameView: 'views/rename/moves',
  registerView: 'views/register/from-metadata-location',
}

/**
 * The rule that carries a refused setup request. A commit is carried by the rule of its last update kind (the
 * commits/updates rule of that action): a server that refuses remove-snapshots is judged by that rule, not by the
 * commit's. The last, since a setup commit of several updates adds something and then points at it (add-schema then
 * set-current-schema -1, add-snapshot then set-snapshot-ref main), the very commit the pointing kind's test sends: a
 * server that breaks the pair fails that rule, where the adding kind's test, sending the add alone, may pass (the
 * refusal was then judged by no test).
 */
export function carrierOf(operationId: string, requestBody?: string): string | undefined {
  if (operationId === 'updateTable' && requestBody) {
    const action = lastUpdateAction(requestBody)
    if (action && ruleEntry(`commits/updates/${action}`)) return `commits/updates/${action}`
  }
  return SETUP_CARRIERS[operationId as OperationId]
}

function lastUpdateAction(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { updates?: { action?: unknown }[] }
    const action = parsed.updates?.at(-1)?.action
    return typeof action === 'string' ? action : undefined
  } catch {
    return undefined
  }
}
