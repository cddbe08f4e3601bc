/**
 * The run context: everything a conformance test needs to know about the run, resolved once by the global
 * setup (target URL, capabilities, auth headers, run prefix, profile, budgets) and provided to every test
 * file through Vitest's provide/inject. It holds secrets: never print or record it whole.
 */
import type { Capabilities } from './capabilities.ts'
import type { RunSelection } from './run-selection.ts'

export interface RunContext {
  readonly baseUrl: string
  readonly runId: string
  readonly runPrefix: string
  /** `--namespace-parent`: the run's namespaces are created under it; empty for top-level namespaces. */
  readonly namespaceParent: readonly string[]
  readonly profile: string
  readonly seed: number
  readonly path?: string
  readonly runs: number
  /** `--distinct-failures`: the most distinct failures a property that collects them reports (≥ 1). */
  readonly distinctFailures: number
  readonly thorough: boolean
  readonly timeoutMs: number
  readonly concurrency: number
  /** The quickest of a few configuration reads at the start (ms): how far the catalog is. */
  readonly roundTripMs: number
  /** Whether the tests of a file run concurrently (each in its own namespaces) or one after another. */
  readonly concurrentTests: boolean
  /** `--max-in-flight`, this worker's share: requests in flight at once from one worker thread (no cap if absent). */
  readonly inFlightPerWorker?: number
  /** Authorization and extra headers sent on every request. Secret. */
  readonly headers: Readonly<Record<string, string>>
  /** Every secret value of the run, for redaction. Secret. */
  readonly secrets: readonly string[]
  readonly caps: Capabilities
  /**
   * How the catalog answers a route that cannot exist (not-served.ts), taken once at the start: an operation answered
   * so is not served, and a test that needs it is blocked by config/endpoints/declared-served.
   */
  readonly noRoute?: string
  readonly warehouse?: string
  readonly delegationHeader: string
  readonly readOnlyToken?: string
  readonly expiredToken?: string
  /** OAuth2 client credentials and token endpoint, when the run was given them (auth suite). */
  readonly oauth?: {
    readonly tokenUrl: string
    readonly clientId: string
    readonly clientSecret: string
    readonly scope: string
  }
  readonly disabledChecks: readonly string[]
  readonly openapi?: string
  /** Options a replay command needs to reach the same server (no secret values: placeholders). */
  readonly replayArgs?: string
  /** Raw GET /v1/config body, for the config suite. */
  readonly configBody: unknown
  /**
   * Leave what the run creates in the catalog: no drops after each file or property run, no final sweep. Set for a
   * target the run started, which is destroyed with its data when the run ends, and by `--no-cleanup` for a catalog
   * discarded after the run (a CI container); see app/cli/run.ts.
   */
  readonly skipCleanup?: boolean
  /** The suite files the CLI runs (`--include`/`--exclude`); absent: all (run-selection.ts). */
  readonly selection?: RunSelection
}

declare module 'vitest' {
  interface ProvidedContext {
    run: RunContext
  }
}
