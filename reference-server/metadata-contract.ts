/**
 * The contract of the metadata builder (`reference-server/metadata/`, written by another engineer):
 * handlers code against this interface and receive the implementation from `index.ts`, so that they
 * can be tested with any builder and never import the builder's internals.
 */
import type { JsonObject } from './json.ts'

export interface MetadataContext {
  readonly nowMs: number
  readonly newUuid: () => string
  /** The metadata file being replaced, recorded in `metadata-log` by the builder. */
  readonly previousMetadataLocation?: string
  /** Reads a file the table reaches (the current snapshot's manifest list, for `append`). */
  readonly readBytes?: (location: string) => Buffer | undefined
  /** The original document's behaviours: its `append` update is applied only then. */
  readonly documentProfile?: boolean
}

export interface CommitOutcome {
  readonly metadata: JsonObject
  /** False when every update was a no-op: nothing is written and the location stays. */
  readonly changed: boolean
  /** Files the commit wrote besides the metadata (manifests and manifest lists), by location. */
  readonly files?: ReadonlyMap<string, Buffer>
}

export interface MetadataBuilder {
  /** Fresh table metadata for a CreateTableRequest (ids reassigned, reserved properties handled). */
  createTableMetadata(req: JsonObject, location: string, ctx: MetadataContext): JsonObject
  /** Checks requirements then applies updates; `base` null is a create (assert-create). Throws CatalogError. */
  applyTableCommit(
    base: JsonObject | null,
    requirements: readonly unknown[],
    updates: readonly unknown[],
    ctx: MetadataContext,
  ): CommitOutcome
  createViewMetadata(req: JsonObject, location: string, ctx: MetadataContext): JsonObject
  applyViewCommit(
    base: JsonObject,
    requirements: readonly unknown[],
    updates: readonly unknown[],
    ctx: MetadataContext,
  ): CommitOutcome
  /** The broken MUST-level invariants of a metadata document ([] when it is valid); used by register. */
  checkTableInvariants(md: JsonObject): readonly string[]
  /** File name (no directory) of a metadata file, e.g. `00001-<uuid>.metadata.json`. */
  metadataFileName(version: number, uuid: string): string
}
