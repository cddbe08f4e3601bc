/** Removing what a run created: by the global teardown, and by the CLI at the end of a run and on SIGINT/SIGTERM. */
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

async function withClient<T>(
  run: RunContext,
  fn: (client: CatalogClient) => Promise<T>,
  fallback: T,
): Promise<T> {
  const transport = new Transport({
    timeoutMs: run.timeoutMs,
    redactor: new Redactor(run.secrets),
    connections: 4,
  })
  try {
    const client = new CatalogClient({
      baseUrl: run.baseUrl,
      caps: run.caps,
      transport,
      headers: run.headers,
      runPrefix: run.runPrefix,
      runParent: run.namespaceParent,
    })
    return await fn(client)
  } catch {
    return fallback
  } finally {
    await transport.close()
  }
}
