/**
 * The judge's public API for code outside Vitest: the catalog client with its transcripts, the check registry and
 * the results model the reporters read (`import { CatalogClient } from 'catalog-conformance'`). The rule DSL needs
 * a running Vitest and has its own entry, `catalog-conformance/dsl`.
 */
export { CatalogClient, encodeNamespace, joinNamespace } from './client.ts'
export type { CallArgs, ClientOptions } from './client.ts'
export { Checker } from './checker.ts'
export type { ConformOptions } from './checker.ts'
export { CHECKS, runChecks } from './checks/index.ts'
export { CHECK_NAMES } from './checks/names.ts'
export type { Check, CheckName, Expectation } from './checks/index.ts'
export { Transport } from './http/transport.ts'
export { Redactor } from './http/redact.ts'
export type { Exchange } from './http/exchange.ts'
export type { RunContext } from './run-context.ts'
export type { ConformanceMeta, Outcome } from './results/meta.ts'
export type { Level, Violation } from './results/violation.ts'
export type { ExchangeRecord, RecordedRequest } from './results/exchange-record.ts'
export { ConformanceFailure, HarnessError, SetupError } from './results/errors.ts'
