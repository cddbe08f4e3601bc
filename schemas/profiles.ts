/**
 * Spec profiles: which operations, requirement kinds and update kinds exist in each release of the
 * Iceberg REST spec, plus `document`, the original document.
 *
 * A suite asks `getProfile(name)` whether something is in scope; the reference server uses the same sets
 * to answer 400 for an update or requirement its release does not know.
 */
import { atLeast, OPERATION_IDS, OPERATIONS, RELEASES } from './operations.ts'
import type { OperationId, Release } from './operations.ts'
import {
  TABLE_REQUIREMENT_KINDS,
  TABLE_UPDATE_KINDS,
  VIEW_REQUIREMENT_KINDS,
  VIEW_UPDATE_KINDS,
} from './model/kinds.ts'
import type { TableUpdateKind } from './model/kinds.ts'

/** The profiles: one per release from 1.4, `main`, and `document`. */
export const PROFILE_NAMES = [...RELEASES, 'document'] as const
export type ProfileName = (typeof PROFILE_NAMES)[number]

/** The profile used when none is configured. */
export const DEFAULT_PROFILE: ProfileName = '1.11'

export interface Profile {
  readonly name: ProfileName
  /** The spec release whose OpenAPI file the profile follows (`document` follows 1.11, see below). */
  readonly release: Release
  readonly operations: ReadonlySet<OperationId>
  /** `type` values of TableRequirement and ViewRequirement. */
  readonly requirementKinds: ReadonlySet<string>
  /** `action` values of TableUpdate (the table commit union of that release). */
  readonly updateKinds: ReadonlySet<string>
  /** `action` values of ViewUpdate (views exist from 1.5). */
  readonly viewUpdateKinds: ReadonlySet<string>
  /**
   * ETag / If-None-Match → 304 are definite rules (the original document states them as such). In the
   * OpenAPI releases they are optional ("implementations that support ETags"), so false there.
   */
  readonly strictEtag: boolean
  /** Highest table `format-version` the release's REST schema allows (2 until 1.9, 3 from 1.10). */
  readonly maxFormatVersion: number
  /** Filter expressions: the legacy term-based `Expression` (up to 1.11) or `Predicate` (main). */
  readonly expressionDialect: 'expression' | 'predicate'
}

/** First and (exclusive) last release of each update action in the TableUpdate union. */
const UPDATE_LIFESPAN: Record<TableUpdateKind, { since: Release; until?: Release } | null> = {
  'upgrade-format-version': { since: '1.4' },
  'add-schema': { since: '1.4' },
  'set-current-schema': { since: '1.4' },
  'add-spec': { since: '1.4' },
  'set-default-spec': { since: '1.4' },
  'add-sort-order': { since: '1.4' },
  'set-default-sort-order': { since: '1.4' },
  'add-snapshot': { since: '1.4' },
  'set-snapshot-ref': { since: '1.4' },
  'remove-snapshots': { since: '1.4' },
  'remove-snapshot-ref': { since: '1.4' },
  'set-location': { since: '1.4' },
  'set-properties': { since: '1.4' },
  'remove-properties': { since: '1.4' },
  'assign-uuid': { since: '1.5' },
  'set-statistics': { since: '1.5' },
  'remove-statistics': { since: '1.5' },
  'remove-partition-specs': { since: '1.7' },
  'enable-row-lineage': { since: '1.8', until: '1.10' },
  'remove-schemas': { since: '1.9' },
  'add-encryption-key': { since: '1.10' },
  'remove-encryption-key': { since: '1.10' },
  // In the discriminator mapping since 1.5, in the TableUpdate union only since 1.11 (trap).
  'set-partition-statistics': { since: '1.11' },
  'remove-partition-statistics': { since: '1.11' },
  // Only in the original document.
  append: null,
}

function updateKindsOf(r: Release): Set<string> {
  const kinds = Object.keys(TABLE_UPDATE_KINDS) as TableUpdateKind[]
  return new Set(
    kinds.filter((k) => {
      const life = UPDATE_LIFESPAN[k]
      return life !== null && atLeast(r, life.since) && (life.until === undefined || !atLeast(r, life.until))
    }),
  )
}

function releaseProfile(r: Release): Profile {
  const views = atLeast(r, '1.5')
  return {
    name: r,
    release: r,
    operations: new Set(OPERATION_IDS.filter((id) => atLeast(r, OPERATIONS[id].since))),
    // The eight table requirement kinds predate 1.4; assert-view-uuid came with views.
    requirementKinds: new Set([
      ...Object.keys(TABLE_REQUIREMENT_KINDS),
      ...(views ? Object.keys(VIEW_REQUIREMENT_KINDS) : []),
    ]),
    updateKinds: updateKindsOf(r),
    viewUpdateKinds: new Set(views ? Object.keys(VIEW_UPDATE_KINDS) : []),
    strictEtag: false,
    maxFormatVersion: atLeast(r, '1.10') ? 3 : 2,
    expressionDialect: r === 'main' ? 'predicate' : 'expression',
  }
}

/** Operations the original document describes (it has no OAuth, planning, credentials, signing, functions). */
const DOCUMENT_OPERATIONS: readonly OperationId[] = [
  'getConfig',
  'listNamespaces',
  'createNamespace',
  'loadNamespaceMetadata',
  'namespaceExists',
  'updateProperties',
  'dropNamespace',
  'listTables',
  'createTable',
  'loadTable',
  'updateTable',
  'tableExists',
  'dropTable',
  'renameTable',
  'registerTable',
  'reportMetrics',
  'listViews',
  'createView',
  'loadView',
  'replaceView',
  'viewExists',
  'dropView',
  'renameView',
  'registerView',
  'commitTransaction',
]

/**
 * The original document shows some requirement and update kinds and says the full set is "not shown";
 * its features (idempotency-key-lifetime, register-view, namespace-separator) are those of 1.11. So the
 * document profile takes 1.11's kinds and adds the document's own `append` update.
 */
function documentProfile(): Profile {
  const base = releaseProfile('1.11')
  return {
    ...base,
    name: 'document',
    operations: new Set(DOCUMENT_OPERATIONS),
    updateKinds: new Set([...base.updateKinds, 'append']),
    strictEtag: true,
  }
}

/** Every profile by name. */
export const PROFILES: Readonly<Record<ProfileName, Profile>> = Object.fromEntries(
  PROFILE_NAMES.map((n) => [n, n === 'document' ? documentProfile() : releaseProfile(n)]),
) as Record<ProfileName, Profile>

/** True when `name` is a profile name. */
export function isProfileName(name: string): name is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(name)
}

/** The profile called `name` (default 1.11). Throws for an unknown name, listing the known ones. */
export function getProfile(name: string = DEFAULT_PROFILE): Profile {
  if (!isProfileName(name))
    throw new Error(`unknown spec profile '${name}' (known: ${PROFILE_NAMES.join(', ')})`)
  return PROFILES[name]
}
