/**
 * The requirement types and update actions the spec defines, derived from the one table in schemas/kinds.ts.
 * The metadata builder owns their semantics; these sets only serve the `ignoreUnknownUpdates` fault.
 */
import {
  TABLE_REQUIREMENT_KINDS,
  TABLE_UPDATE_KINDS,
  VIEW_REQUIREMENT_KINDS,
  VIEW_UPDATE_KINDS,
} from '../../schemas/model/kinds.ts'

export const KNOWN_REQUIREMENTS: ReadonlySet<string> = new Set([
  ...Object.keys(TABLE_REQUIREMENT_KINDS),
  ...Object.keys(VIEW_REQUIREMENT_KINDS),
])

export const KNOWN_TABLE_UPDATES: ReadonlySet<string> = new Set([
  ...Object.keys(TABLE_UPDATE_KINDS),
  ...Object.keys(VIEW_UPDATE_KINDS),
])
