/**
 * Options of the reference server, including the fault hooks that negative controls use to make the
 * server break one rule at a time. Every flag is off by default; a normal run never sets any.
 */
import type { ServerRequest, ServerResponse } from './http/types.ts'

/** A static bearer token the server accepts. */
export interface StaticToken {
  readonly token: string
  /** Writes (mutating operations) get 403. */
  readonly readOnly?: boolean
  /** The token is known but expired: every request with it gets 419. */
  readonly expired?: boolean
}

/** A client of the OAuth2 client-credentials flow at `POST /v1/oauth/tokens`. */
export interface OAuthClient {
  readonly clientId: string
  readonly clientSecret: string
  /** Tokens issued to this client are read-only. */
  readonly readOnly?: boolean
}

/** Authentication. Absent: no authentication at all. */
export interface AuthOptions {
  /** Shorthand for one static read-write token. */
  readonly token?: string
  readonly tokens?: readonly StaticToken[]
  readonly clients?: readonly OAuthClient[]
  /** Lifetime of issued OAuth tokens; default 1 hour. Once expired they get 419. */
  readonly tokenTtlMs?: number
  /**
   * Status for an expired token: 419 (default; the original document's rule) or 401 (what the Iceberg spec
   * says SHOULD be preferred). The CLI picks it from the run's profile.
   */
  readonly expiredStatus?: 401 | 419
}

/**
 * Deep switches that handlers consult. Each makes the server break exactly one rule, so that a
 * negative control can prove the matching conformance check fails.
 */
export interface FaultFlags {
  /** Commit requirements are not checked (no 409 on a stale requirement). */
  ignoreRequirements: boolean
  /** A multi-table commit applies the tables one by one and keeps the earlier ones on failure. */
  nonAtomicTransactions: boolean
  /** `stage-create: true` stores the table as a normal create would. */
  ignoreStageCreate: boolean
  /** `pageSize` is not honoured. */
  ignorePageSize: boolean
  /** `parent` is ignored when listing namespaces: every namespace is listed. */
  ignoreParent: boolean
  /** A listing without `parent` lists every namespace at every depth; one with a parent stays right. */
  topLevelListsAll: boolean
  /** Each next page starts with the last item of the previous page again. */
  duplicatePageItems: boolean
  /** One item is skipped between two pages. */
  dropPageItems: boolean
  /** The last page still carries a non-null `next-page-token`. */
  endlessPageToken: boolean
  /** No ETag header on any response. */
  noEtag: boolean
  /** The ETag depends on the table identifier only, so it stays the same after a change. */
  staleEtag: boolean
  /** `If-None-Match` is ignored (never a 304). */
  ignoreIfNoneMatch: boolean
  /** `Idempotency-Key` is ignored: a replay runs the operation again. */
  ignoreIdempotencyKey: boolean
  /** Requests are served without checking the token. */
  authNotEnforced: boolean
  /** The access-delegation header is ignored (no credentials, no signer config). */
  ignoreDelegation: boolean
  /** A commit reads, awaits, then writes without serialization: concurrent commits lose updates. */
  lostUpdates: boolean
  /** Dropping a namespace that still holds tables, views or children succeeds. */
  notEmptyDropAllowed: boolean
  /** A commit overwrites the previous metadata file instead of writing a new location. */
  reuseMetadataLocation: boolean
  /** `purgeRequested=true` leaves the metadata files in place. */
  ignorePurge: boolean
  /** Error bodies leave out the `{error: …}` envelope (only `{message, type, code}`). */
  unwrappedErrors: boolean
  /** Error `code` is 500 whatever the HTTP status. */
  wrongErrorCode: boolean
  /** Unknown update actions and requirement types are ignored instead of answered with 400. */
  ignoreUnknownUpdates: boolean
}

export type HookResult<T> = T | Promise<T>

/** Hooks for negative controls only. */
export interface FaultHooks {
  /** Sees each request first; may rewrite it, or answer it by returning a response. */
  onRequest?: (req: ServerRequest) => HookResult<ServerRequest | ServerResponse>
  /** Sees each response last; may rewrite it. */
  onResponse?: (req: ServerRequest, res: ServerResponse) => HookResult<ServerResponse>
  flags?: Partial<FaultFlags>
}

export interface ReferenceServerOptions {
  /** Default 0 (an ephemeral port). */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * The `{prefix}` path segment, advertised as the `prefix` override in /v1/config. Default `'ref'`,
   * so that a client which ignores the advertised prefix fails visibly. `''` serves routes without a
   * prefix segment (`/v1/namespaces`) and advertises none.
   */
  prefix?: string
  /** The one warehouse the server knows. `GET /v1/config?warehouse=<other>` is 404. Default `'reference'`. */
  warehouse?: string
  /** Namespace separator advertised in /v1/config (URL-encoded form). Default `%1F`. */
  namespaceSeparator?: string
  auth?: AuthOptions
  /** Write metadata files to this directory instead of the in-memory file store. */
  warehouseDir?: string
  /**
   * Answer a scan plan `completed` in the planTableScan response instead of `submitted` then completed by
   * the first fetch (both are spec-valid). For clients that cannot poll a plan, such as PyIceberg 0.12.
   * Default false, so fetch and cancel are exercised.
   */
  plansCompleteAtOnce?: boolean
  /** ISO 8601 duration; default `PT30M`. */
  idempotencyKeyLifetime?: string
  hooks?: FaultHooks
  /** Clock, for deterministic tests. Default `Date.now`. */
  now?: () => number
  /**
   * Serve as the original document describes where it goes beyond Iceberg: vended credentials also as a config
   * `token` (Iceberg clients read `token` as a bearer token for the table, so it is off by default).
   */
  documentProfile?: boolean
}

export const NO_FAULTS: FaultFlags = {
  ignoreRequirements: false,
  nonAtomicTransactions: false,
  ignoreStageCreate: false,
  ignorePageSize: false,
  ignoreParent: false,
  topLevelListsAll: false,
  duplicatePageItems: false,
  dropPageItems: false,
  endlessPageToken: false,
  noEtag: false,
  staleEtag: false,
  ignoreIfNoneMatch: false,
  ignoreIdempotencyKey: false,
  authNotEnforced: false,
  ignoreDelegation: false,
  lostUpdates: false,
  notEmptyDropAllowed: false,
  reuseMetadataLocation: false,
  ignorePurge: false,
  unwrappedErrors: false,
  wrongErrorCode: false,
  ignoreUnknownUpdates: false,
}

/** The flags in effect: every flag off unless the hooks turn it on. */
export function faultFlags(hooks: FaultHooks | undefined): FaultFlags {
  return { ...NO_FAULTS, ...hooks?.flags }
}
