/**
 * Removing what a run created: by the CLI at the end of a run and on SIGINT/SIGTERM, by the global teardown for a run
 * the CLI did not prepare (a direct Vitest run such as `npm run ui`).
 */
import { CatalogClient } from '../../suites/_harness/client.ts'
import { Redactor } from '../../suites/_harness/http/redact.ts'
import { Transport } from '../../suites/_harness/http/transport.ts'
import type { RunContext } from '../../suites/_harness/run-context.ts'
import { runNamespaces, sweep } from '../../suites/_harness/sandbox/cleanup.ts'
import type { OnServerError } from '../../suites/_harness/sandbox/cleanup.ts'

/** Removes everything of the run. */
export async function sweepRun(run: RunContext, onServerError?: OnServerError): Promise<string[]> {
  return withClient(run, (client) => sweep(client, run.runPrefix, onServerError, run.namespaceParent), [])
}

/** Namespaces of the run still in the catalog (after the sweep: what could not be removed). */
export async function remainingOf(run: RunContext): Promise<string[][]> {
  return withClient(run, (client) => runNamespaces(client, run.runPrefix, run.namespaceParent), [])
}

/**
 * A client of the run, with a transport of its own that `close` ends. `runPrefix` is what the write guard allows
 * (the run's own prefix by default; the bare run marker for `cleanup`).
 */
export function runClient(
  run: RunContext,
  runPrefix = run.runPrefix,
  runParent = run.namespaceParent,
): { client: CatalogClient; close: () => Promise<void> } {
  const transport = new Transport({
    timeoutMs: run.timeoutMs,
    redactor: new Redactor(run.secrets),
    connections: 4,
  })
  const client = new CatalogClient({
    baseUrl: run.baseUrl,
    caps: run.caps,
    transport,
    headers: run.headers,
    runPrefix,
    runParent,
  })
  return { client, close: () => transport.close() }
}

async function withClient<T>(
  run: RunContext,
  fn: (client: CatalogClient) => Promise<T>,
  fallback: T,
): Promise<T> {
  const { client, close } = runClient(run)
  try {
    return await fn(client)
  } catch {
    return fallback
  } finally {
    await close()
  }
}
