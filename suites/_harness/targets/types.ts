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
  /** Stops what the provider started; a no-op for external targets. */
  stop(): Promise<void>
}

export type TargetKind = 'url' | 'reference' | 'process' | 'container'

export interface TargetProvider {
  readonly kind: TargetKind
  start(options: { timeoutMs: number; log: (line: string) => void }): Promise<RunningTarget>
}
