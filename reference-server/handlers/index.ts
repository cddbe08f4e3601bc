/**
 * The dispatch table from operationId to handler. `getToken` is absent: the token endpoint belongs to
 * the authentication layer (http/auth.ts), which owns the issued tokens.
 */
import type { OperationId } from '../../schemas/operations.ts'
import { getConfig } from './config.ts'
import type { Handler } from './context.ts'
import { listFunctions, loadFunction } from './functions.ts'
import {
  createNamespace,
  dropNamespace,
  listNamespaces,
  loadNamespaceMetadata,
  namespaceExists,
  updateProperties,
} from './namespaces.ts'
import {
  cancelPlanning,
  fetchPlanningResult,
  fetchScanTasks,
  planTableScan,
} from './scan-planning/handlers.ts'
import { commitTransaction, updateTable } from './table-commit.ts'
import { loadCredentials, reportMetrics, signRequest } from './table-services.ts'
import {
  createTable,
  dropTable,
  listTables,
  loadTable,
  registerTable,
  renameTable,
  tableExists,
  unregisterTable,
} from './tables.ts'
import {
  createView,
  dropView,
  listViews,
  loadView,
  registerView,
  renameView,
  replaceView,
  viewExists,
} from './views.ts'

export const HANDLERS: Readonly<Record<Exclude<OperationId, 'getToken'>, Handler>> = {
  getConfig,
  listNamespaces,
  createNamespace,
  loadNamespaceMetadata,
  namespaceExists,
  dropNamespace,
  updateProperties,
  listTables,
  createTable,
  listFunctions,
  loadFunction,
  planTableScan,
  fetchPlanningResult,
  cancelPlanning,
  fetchScanTasks,
  registerTable,
  loadTable,
  updateTable,
  dropTable,
  tableExists,
  unregisterTable,
  loadCredentials,
  signRequest,
  renameTable,
  reportMetrics,
  commitTransaction,
  listViews,
  createView,
  loadView,
  replaceView,
  dropView,
  viewExists,
  renameView,
  registerView,
}
