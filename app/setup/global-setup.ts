/**
 * Vitest global setup of the conformance project: takes the run prepared by the CLI (or prepares one from
 * the environment and YAML, starting the bundled reference server when no URL is given), provides it to
 * every test file, and after the run sweeps every namespace of the run prefix, whatever happened (unless the target
 * is discarded with its data).
 */
import type { TestProject } from 'vitest/node'
import { resolveOptions } from '../config/resolve.ts'
import { CatalogClient } from '../../suites/_harness/client.ts'
import { Redactor } from '../../suites/_harness/http/redact.ts'
import { Transport } from '../../suites/_harness/http/transport.ts'
import type { RunContext } from '../../suites/_harness/run-context.ts'
import { runNamespaces, sweep } from '../../suites/_harness/sandbox/cleanup.ts'
import type { OnServerError } from '../../suites/_harness/sandbox/cleanup.ts'
import { prepareRun } from './prepare.ts'
import { handOverRun, preparedRun } from './run-handover.ts'
import { replayArgsOf } from './replay.ts'
import { startTarget, withTargetDefaults } from './start-target.ts'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let run = preparedRun()
  let stopTarget: (() => Promise<void>) | undefined
  if (!run) {
    const opts = resolveOptions({}, process.env)
    const target = await startTarget(opts)
    stopTarget = () => target.stop()
    run = await prepareRun(withTargetDefaults(opts, target), target.url, replayArgsOf(opts))
    handOverRun(run)
  }
  project.provide('run', run)
  const prepared = run
  return async () => {
    if (!prepared.skipCleanup) await sweepRun(prepared)
    await stopTarget?.()
  }
}

/** Removes everything of the run; used by the teardown and by the CLI at the end and on SIGINT/SIGTERM. */
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
