/**
 * The reference server's metadata builder: pure functions over table and view metadata (no HTTP, no I/O,
 * no clock or randomness of their own; time and uuids come in through the context). Errors are the
 * CatalogError kinds of ../errors.ts: badRequest/validationFailed (400), commitFailed (409),
 * noSuchTable (404, a non-create commit on a missing table).
 */
export type * from './types.ts'
export { createTableMetadata, RESERVED_TABLE_PROPERTIES, MAX_FORMAT_VERSION } from './table-create.ts'
export { applyTableCommit, TABLE_UPDATES } from './table-commit.ts'
export { TABLE_REQUIREMENTS } from './table-requirements.ts'
export { createViewMetadata } from './view-create.ts'
export { applyViewCommit, VIEW_UPDATES } from './view-commit.ts'
export { checkTableInvariants, TABLE_INVARIANT_IDS } from '../../schemas/model/table-invariants.ts'
export { checkViewInvariants, VIEW_INVARIANT_IDS } from '../../schemas/model/view-invariants.ts'
export { metadataFileName, nextMetadataLocation, parseMetadataVersion } from './metadata-file.ts'
