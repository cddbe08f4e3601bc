/**
 * Binds the metadata builder of ./metadata/ to the MetadataBuilder contract the handlers use. The
 * handlers treat metadata as plain JSON objects (they only move it around); the builder has typed
 * shapes, so the casts here are the one place where the two views meet.
 */
import type { JsonObject } from './json.ts'
import * as md from './metadata/index.ts'
import type { MetadataBuilder } from './metadata-contract.ts'

export const metadataBuilder: MetadataBuilder = {
  createTableMetadata: (req, location, ctx) =>
    md.createTableMetadata(req as unknown as md.CreateTableInput, location, ctx) as unknown as JsonObject,
  applyTableCommit: (base, requirements, updates, ctx) => {
    const r = md.applyTableCommit(
      base as unknown as md.TableMetadata | null,
      [...requirements],
      [...updates],
      ctx,
    )
    return { metadata: r.metadata as unknown as JsonObject, changed: r.changed, files: r.files }
  },
  createViewMetadata: (req, location, ctx) =>
    md.createViewMetadata(req as unknown as md.CreateViewInput, location, ctx) as unknown as JsonObject,
  applyViewCommit: (base, requirements, updates, ctx) => {
    const r = md.applyViewCommit(base as unknown as md.ViewMetadata, [...requirements], [...updates], ctx)
    return { metadata: r.metadata as unknown as JsonObject, changed: r.changed }
  },
  checkTableInvariants: (m) => md.checkTableInvariants(m as unknown as md.TableMetadata),
  metadataFileName: (version, uuid) => md.metadataFileName(version, uuid),
}
