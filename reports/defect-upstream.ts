/**
 * Upstream issues already filed for a defect (docs/defects/upstream.yaml): what `report defects --upstream FILE`
 * names beside each defect it writes, so that a vendor's tracker is not sent a duplicate.
 *
 * A defect is matched by its target (the name before `@` in results.json's target, e.g. `iceberg-rest-fixture`) and
 * its key (defects.ts: the kind of wrong, the status, the error type or page, the message template, the family), the
 * one thing about a defect that stays the same from run to run and release to release; its number does not.
 *
 *   - target: iceberg-rest-fixture
 *     key: "wrong-status | 500 | NumberFormatException | For input string: … | list"
 *     issues:
 *       - url: https://github.com/apache/iceberg/issues/1
 *         title: what the issue is called
 *         note: how it relates (optional)
 */
import { readFileSync } from 'node:fs'
import { yaml } from '../schemas/yaml-loader.ts'
import { HarnessError } from '../suites/_harness/results/errors.ts'

export interface UpstreamIssue {
  readonly url: string
  readonly title: string
  readonly note?: string
}

export interface UpstreamEntry {
  readonly target: string
  readonly key: string
  readonly issues: readonly UpstreamIssue[]
}

const str = (v: unknown): v is string => typeof v === 'string' && v.trim() !== ''

/** The entries of an upstream file; anything malformed is a one-line HarnessError naming the file and the entry. */
export function parseUpstream(text: string, file: string): UpstreamEntry[] {
  let doc: unknown
  try {
    doc = yaml().parse(text)
  } catch (e) {
    throw new HarnessError(`${file}: not YAML (${(e as Error).message.split('\n')[0]})`)
  }
  if (doc === null || doc === undefined) return []
  if (!Array.isArray(doc)) throw new HarnessError(`${file}: expected a list of {target, key, issues}`)
  return doc.map((entry: unknown, i) => {
    const e = entry as { target?: unknown; key?: unknown; issues?: unknown }
    const where = `${file}: entry ${i + 1}`
    if (!entry || typeof entry !== 'object' || !str(e.target) || !str(e.key))
      throw new HarnessError(`${where} needs a target and a key`)
    if (!Array.isArray(e.issues) || e.issues.length === 0)
      throw new HarnessError(`${where} needs at least one issue`)
    const issues = e.issues.map((x: unknown, j) => {
      const o = x as { url?: unknown; title?: unknown; note?: unknown }
      if (!x || typeof x !== 'object' || !str(o.url) || !/^https:\/\/\S+$/.test(o.url) || !str(o.title))
        throw new HarnessError(`${where}, issue ${j + 1} needs an https url and a title`)
      return { url: o.url, title: o.title, ...(str(o.note) ? { note: o.note } : {}) }
    })
    return { target: e.target, key: e.key, issues }
  })
}

export function readUpstream(file: string): UpstreamEntry[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new HarnessError(`cannot read ${file}`)
  }
  return parseUpstream(text, file)
}

/** The target's name as upstream entries give it: results.json's target kind without its release. */
export function targetName(kind: string): string {
  return kind.split('@')[0] ?? kind
}

/** The issues known for the defect with `key` found in `target` (a results.json target kind). */
export function upstreamIssues(
  entries: readonly UpstreamEntry[],
  target: string,
  key: string,
): UpstreamIssue[] {
  const name = targetName(target)
  return entries.filter((e) => e.target === name && e.key === key).flatMap((e) => e.issues)
}
