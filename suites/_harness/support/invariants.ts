/**
 * Metadata invariants as conformance assertions. The single-document invariants come from the reference
 * server's pure checkers (reference-server/metadata/*-invariants.ts), so the server and the harness judge
 * metadata by one source; the history invariants (one commit to the next, the commit rules) are here.
 */
import { checkTableInvariants } from '../../../schemas/model/table-invariants.ts'
import { checkViewInvariants } from '../../../schemas/model/view-invariants.ts'
import type { TableMetadata, ViewMetadata } from '../../../schemas/model/types.ts'
import type { Checker } from '../checker.ts'
import type { Level } from '../checks/types.ts'
import type { TableState } from './commit-steps.ts'

export const TABLE_INVARIANTS_RULE = 'commits/invariants/table-metadata'
export const TABLE_HISTORY_RULE = 'commits/invariants/commit-history'
export const METADATA_LOG_RULE = 'commits/invariants/metadata-log'
export const VIEW_INVARIANTS_RULE = 'views/invariants/view-metadata'

interface Opts {
  readonly rule?: string
  readonly level?: Level
  /** Where the metadata came from, for the message (e.g. "the commit response"). */
  readonly where: string
}

export const LAST_UPDATED_RULE = 'commits/invariants/last-updated-ms'

/**
 * The invariants that say `last-updated-ms` never went back, seen inside one document: it is not before the newest
 * log entry. The table spec states this only through should sentences ("Each table metadata file should update this
 * field just before writing."), so they belong to the SHOULD rule LAST_UPDATED_RULE, which judges them, and not to the
 * MUST of the other single-document invariants.
 */
export const LAST_UPDATED_INVARIANTS: readonly string[] = [
  'table/last-updated-after-snapshot-log',
  'table/last-updated-after-metadata-log',
]

const isLastUpdated = (v: string) => LAST_UPDATED_INVARIANTS.some((id) => v.startsWith(`${id}:`))

export const SNAPSHOT_LOG_RULE = 'commits/invariants/snapshot-log'

/**
 * The logs' order, seen inside one document. The table spec says only that entries "should" be added as the current
 * snapshot or the metadata file changes, so that the logs are in time order is a SHOULD of the rule of each log (Java's
 * parser refuses an unsorted log, which is a client's strictness, not a sentence): judged there, not at the MUST of
 * the other single-document invariants.
 */
const LOG_ORDER: Readonly<Record<string, string>> = {
  'table/snapshot-log-sorted': SNAPSHOT_LOG_RULE,
  'table/metadata-log-sorted': METADATA_LOG_RULE,
}
const logOrderRule = (v: string): string | undefined =>
  Object.entries(LOG_ORDER).find(([id]) => v.startsWith(`${id}:`))?.[1]

/** The single-document violations of `md` about last-updated-ms (see LAST_UPDATED_INVARIANTS). */
export function lastUpdatedViolations(md: unknown): string[] {
  return checkTableInvariants(md as TableMetadata).filter(isLastUpdated)
}

/**
 * Table metadata holds every single-document invariant at MUST (but those of LAST_UPDATED_INVARIANTS, and the logs'
 * order, a SHOULD of each log's rule).
 */
export function expectTableInvariants(check: Checker, md: unknown, o: Opts): void {
  const all = checkTableInvariants(md as TableMetadata).filter((v) => !isLastUpdated(v))
  for (const v of all) {
    const rule = logOrderRule(v)
    if (rule)
      check.that(false, `a log of ${o.where} is out of time order`, { rule, level: 'SHOULD', received: v })
  }
  const violations = all.filter((v) => logOrderRule(v) === undefined)
  check.that(violations.length === 0, `table metadata of ${o.where} breaks invariants`, {
    rule: o.rule ?? TABLE_INVARIANTS_RULE,
    level: o.level ?? 'MUST',
    received: violations,
    expected: [],
  })
}

/** View metadata holds every single-document invariant. */
export function expectViewInvariants(check: Checker, md: unknown, o: Opts): void {
  const violations = checkViewInvariants(md as ViewMetadata)
  check.that(violations.length === 0, `view metadata of ${o.where} breaks invariants`, {
    rule: o.rule ?? VIEW_INVARIANTS_RULE,
    level: o.level ?? 'MUST',
    received: violations,
    expected: [],
  })
}

/** One check of the commit history: `key` names it apart from where it ran. */
interface HistoryCheck {
  readonly key: string
  readonly ok: boolean
  readonly message: string
  readonly opts: { rule: string; level: Level; received?: unknown; expected?: unknown }
}

/**
 * What must hold from one committed table version to the next (a commit that changed something):
 * a new metadata-location, the same table-uuid, format-version / last-column-id / last-partition-id never
 * going down (MUST); the previous file recorded last in metadata-log (the table spec says "should").
 */
function commitHistoryChecks(before: TableState, after: TableState, where: string): HistoryCheck[] {
  const b = before.metadata
  const a = after.metadata
  const must = { rule: TABLE_HISTORY_RULE, level: 'MUST' as const }
  const checks: HistoryCheck[] = [
    {
      key: 'new-location',
      ok: after.metadataLocation !== '' && after.metadataLocation !== before.metadataLocation,
      message: `${where}: a commit that changed the table returns a new metadata-location`,
      opts: {
        ...must,
        received: after.metadataLocation,
        expected: `a location other than ${before.metadataLocation}`,
      },
    },
    {
      key: 'table-uuid',
      ok: a['table-uuid'] === b['table-uuid'],
      message: `${where}: table-uuid never changes`,
      opts: { ...must, received: a['table-uuid'], expected: b['table-uuid'] },
    },
  ]
  for (const key of [
    'format-version',
    'last-column-id',
    'last-partition-id',
    'last-sequence-number',
  ] as const) {
    const was = b[key]
    const now = a[key]
    if (typeof was === 'number')
      checks.push({
        key,
        ok: typeof now === 'number' && now >= was,
        message: `${where}: ${key} never goes down`,
        opts: { ...must, received: now, expected: `>= ${was}` },
      })
  }
  const log = Array.isArray(a['metadata-log']) ? a['metadata-log'] : []
  checks.push({
    key: 'log-not-current',
    ok: !log.some((e) => e?.['metadata-file'] === after.metadataLocation),
    message: `${where}: metadata-log never lists the current metadata file`,
    opts: { ...must, received: log.slice(-3) },
  })
  if (before.metadataLocation !== '')
    checks.push({
      key: 'log-last-previous',
      ok: log.at(-1)?.['metadata-file'] === before.metadataLocation,
      message: `${where}: the previous metadata file is the last metadata-log entry`,
      opts: {
        rule: METADATA_LOG_RULE,
        level: 'SHOULD',
        received: log.at(-1),
        expected: { 'metadata-file': before.metadataLocation },
      },
    })
  return checks
}

const report = (check: Checker, checks: readonly HistoryCheck[]): void =>
  checks.forEach((c) => check.that(c.ok, c.message, c.opts))

/** The commit history from `before` to `after` (commitHistoryChecks), every check reported. */
export function expectCommitHistory(
  check: Checker,
  before: TableState,
  after: TableState,
  where: string,
): void {
  report(check, commitHistoryChecks(before, after, where))
}

/**
 * The commit history of a commit of one update kind, beside a plain commit's. A history check the commit breaks is
 * reported only when a plain commit (`plain`: a set-properties on the same table, sent only then) keeps it: a server
 * that breaks it for every commit breaks it in commits/invariants/after-each-commit's plain sequence, which judges
 * it, and not once more in the test of every update kind. Without a plain commit (it was refused), all are reported.
 */
export async function expectCommitHistoryBesidePlain(
  check: Checker,
  before: TableState,
  after: TableState,
  where: string,
  plain: () => Promise<{ before: TableState; after: TableState } | undefined>,
): Promise<void> {
  const checks = commitHistoryChecks(before, after, where)
  if (checks.every((c) => c.ok)) return report(check, checks)
  const plainCommit = await plain()
  const brokenByPlain = new Set(
    plainCommit
      ? commitHistoryChecks(plainCommit.before, plainCommit.after, 'a plain commit')
          .filter((c) => !c.ok)
          .map((c) => c.key)
      : [],
  )
  report(
    check,
    checks.filter((c) => c.ok || !brokenByPlain.has(c.key)),
  )
}
