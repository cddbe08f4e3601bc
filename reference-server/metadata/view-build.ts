/**
 * The build step of a view commit: version-log entry, dialect-drop check,
 * `version.history.num-entries` and version expiry with the version-log cut.
 */
import { validationFailed } from '../errors.ts'
import type { ViewMetadata } from './types.ts'
import type { ViewDraft } from './view-commit.ts'
import { dialectsOf } from './view-version.ts'

export const DEFAULT_VERSION_HISTORY = 10

function historySize(md: ViewMetadata): number {
  const raw = md.properties['version.history.num-entries']
  if (raw === undefined) return DEFAULT_VERSION_HISTORY
  const n = Number(raw)
  if (!Number.isInteger(n) || n <= 0)
    throw validationFailed(`version.history.num-entries must be positive but was ${raw}`)
  return n
}

export function finishView(d: ViewDraft): ViewMetadata {
  const md = d.md
  if (!md.location) throw validationFailed('Invalid location: null')
  if (md.versions.length === 0) throw validationFailed('Invalid view: no versions were added')
  if (d.historyEntry) md['version-log'] = [...md['version-log'], d.historyEntry]

  const previous = d.base.versions.find((v) => v['version-id'] === d.base['current-version-id'])
  const current = md.versions.find((v) => v['version-id'] === md['current-version-id'])
  if (
    md['current-version-id'] !== d.base['current-version-id'] &&
    md.properties['replace.drop-dialect.allowed'] !== 'true'
  ) {
    const now = dialectsOf(current)
    const lost = [...dialectsOf(previous)].filter((x) => !now.has(x))
    // Java throws IllegalStateException (500) here; a client error is a 400.
    if (lost.length > 0) {
      throw validationFailed(
        `Cannot replace view due to loss of view dialects (replace.drop-dialect.allowed=false): ${lost.join(', ')}`,
      )
    }
  }

  const keep = Math.max(historySize(md), d.addedVersionIds.size + 1)
  if (md.versions.length > keep) {
    // Java keeps the current version plus the highest other ids.
    const others = md.versions
      .map((v) => v['version-id'])
      .filter((id) => id !== md['current-version-id'])
      .sort((a, b) => b - a)
    const kept = new Set([md['current-version-id'], ...others.slice(0, keep - 1)])
    md.versions = md.versions.filter((v) => kept.has(v['version-id']))
    let log: ViewMetadata['version-log'] = []
    for (const entry of md['version-log']) {
      // An entry for a removed version wipes it and everything before it.
      if (kept.has(entry['version-id'])) log.push(entry)
      else log = []
    }
    md['version-log'] = log
  }
  return md
}
