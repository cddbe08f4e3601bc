/**
 * What every handler receives: the catalog state, the file store, the metadata builder, the clock,
 * the fault flags, and the already decoded operation input. No HTTP types: the adapter decodes paths,
 * headers and bodies before a handler runs and encodes its result afterwards.
 */
import type { Catalog, Namespace } from '../catalog/catalog.ts'
import type { FileStore } from '../catalog/file-store.ts'
import type { MetadataBuilder } from '../metadata-contract.ts'
import type { FaultFlags } from '../options.ts'
import type { PlanStore } from './scan-planning/plan-store.ts'

export interface ServerSettings {
  readonly prefix: string
  readonly warehouse: string
  readonly namespaceSeparator: string
  readonly idempotencyKeyLifetime: string
  /** The original document's behaviours (ReferenceServerOptions.documentProfile). */
  readonly documentProfile: boolean
  /** Scan plans answer `completed` at once instead of `submitted` (ReferenceServerOptions.plansCompleteAtOnce). */
  readonly plansCompleteAtOnce: boolean
}

export interface HandlerContext {
  readonly catalog: Catalog
  readonly files: FileStore
  readonly metadata: MetadataBuilder
  readonly plans: PlanStore
  readonly flags: FaultFlags
  readonly settings: ServerSettings
  readonly now: () => number
  readonly newUuid: () => string
}

/** Access delegation mechanisms requested by the client (`X-Iceberg-Access-Delegation`). */
export interface Delegation {
  readonly vendedCredentials: boolean
  readonly remoteSigning: boolean
}

export const NO_DELEGATION: Delegation = { vendedCredentials: false, remoteSigning: false }

export interface OperationInput {
  /** Decoded `{namespace}` path parameter. */
  readonly namespace?: Namespace
  readonly table?: string
  readonly view?: string
  readonly fn?: string
  readonly planId?: string
  readonly query: URLSearchParams
  /** Parsed JSON body (undefined when the request had none). */
  readonly body: unknown
  /** The raw body, for the form-encoded token endpoint. */
  readonly rawBody: string
  readonly delegation: Delegation
  /** The `Authorization` header, for the token endpoint's Basic client authentication. */
  readonly authorization?: string
}

/** What identifies one representation of a table, hashed into its ETag by the adapter. */
export interface EtagBasis {
  readonly metadataLocation: string
  /** Everything else that changes the body: snapshots mode, delegation. */
  readonly variant: string
  /** The table identifier, used only by the `staleEtag` fault. */
  readonly identity: string
}

export interface OperationResult {
  readonly status: number
  readonly body?: unknown
  readonly etag?: EtagBasis
  /** Extra response headers (e.g. Cache-Control on sign). */
  readonly headers?: Readonly<Record<string, string>>
}

export type Handler = (
  ctx: HandlerContext,
  input: OperationInput,
) => OperationResult | Promise<OperationResult>
