/**
 * A target is a catalog the harness certifies. Providers start it (or not, for an external URL) and
 * stop it afterwards. Chosen by `--target NAME` from the catalog of known targets, or implied by
 * `--url` (external) and by no URL at all (the bundled reference server, in-process).
 */
export interface RunningTarget {
  /** Base URL of the catalog, without the trailing `/v1`. */
  readonly url: string
  /** Warehouse to pass to GET /v1/config, when the target needs one. */
  readonly warehouse?: string
  /**
   * OAuth2 client credentials the target was set up with (local containers only, never a real
   * secret). The client exchanges them at `tokenUrl`; absent when the target needs no authentication.
   */
  readonly auth?: TargetAuth
  /**
   * A bearer token a started target was set up with (a random value of this run, never printed); used
   * unless the run names its own credentials.
   */
  readonly token?: string
  /** The `{prefix}` to use when the target needs one that /v1/config does not advertise. */
  readonly prefix?: string
  /** Extra credentials a started target was set up with, for the auth suite (local targets only). */
  readonly testCredentials?: { readonly readOnlyToken?: string; readonly expiredToken?: string }
  /**
   * The last lines the started catalog wrote (a container's log, a process's output), attached to the report of a run
   * that did not pass; absent for a catalog the harness did not start.
   */
  log?(): TargetLog
  /** Stops what the provider started; a no-op for external targets. */
  stop(): Promise<void>
}

/** The end of a started catalog's output, as the report shows it. */
export interface TargetLog {
  /** Whose output: `container IMAGE`, `process NAME`. */
  readonly source: string
  readonly lines: readonly string[]
}

/** Client-credentials login a started target expects (spec: POST /v1/oauth/tokens or an IdP). */
export interface TargetAuth {
  readonly kind: 'oauth2-client-credentials'
  /** Absolute token endpoint URL. */
  readonly tokenUrl: string
  readonly clientId: string
  readonly clientSecret: string
  readonly scope?: string
}

export type TargetKind = 'url' | 'reference' | 'process' | 'container'

export interface TargetProvider {
  readonly kind: TargetKind
  start(options: { timeoutMs: number; log: (line: string) => void }): Promise<RunningTarget>
}
