/**
 * Inputs and results of the reference server's metadata builder. The wire shapes of metadata live in the neutral
 * model (schemas/model/types.ts) and are re-exported here for the builder's modules.
 */
export type * from '../../schemas/model/types.ts'
import type {
  PartitionSpec,
  Schema,
  SortOrder,
  TableMetadata,
  ViewMetadata,
  ViewVersion,
} from '../../schemas/model/types.ts'

/** Time and identity come in from the caller so that every builder function stays pure and deterministic. */
export interface BuildContext {
  /** The server's "now" in epoch milliseconds. */
  nowMs: number
  /** Returns a fresh random UUID string (a new table/view uuid, or a metadata file name part). */
  newUuid: () => string
}

export type CommitContext = BuildContext & {
  previousMetadataLocation?: string
  /** Reads a file the table reaches (the current snapshot's manifest list, for `append`). */
  readBytes?: (location: string) => Buffer | undefined
  /** The original document's behaviours: its `append` update is applied only then. */
  documentProfile?: boolean
}

export interface CreateTableInput {
  name: string
  schema: Schema
  'partition-spec'?: PartitionSpec
  'write-order'?: SortOrder
  properties?: Record<string, string>
  location?: string
  'stage-create'?: boolean
}

export interface CreateViewInput {
  name: string
  schema: Schema
  'view-version': ViewVersion
  properties: Record<string, string>
  location?: string
}

export interface TableCommitResult {
  metadata: TableMetadata
  /** False when every update was a no-op: the caller keeps the old metadata-location and writes no file. */
  changed: boolean
  /** Files the commit wrote besides the metadata (manifests and manifest lists of `append`), by location. */
  files: ReadonlyMap<string, Buffer>
}

export interface ViewCommitResult {
  metadata: ViewMetadata
  changed: boolean
}
