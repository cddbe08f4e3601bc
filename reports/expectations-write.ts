/**
 * `report check --write FILE`: brings an expectations file up to date with a run, keeping what people wrote. A new
 * fail, warn or unsupported gets an entry keyed by its rule id with a TODO reason to fill in; an entry whose test
 * now passes, and a stale entry, is removed; an entry whose outcome changed gets the new outcome and keeps its
 * reason and link. Comments and the order of untouched entries stay (the YAML document is edited, not rewritten).
 * Errors and not-configured are never written: they are the harness's, the setup's or the run's, not the server's.
 */
import { yaml } from '../schemas/yaml-loader.ts'
import type { Results } from './results.ts'
import { checkExpectations, parseExpectations } from './expectations.ts'

export interface WriteSummary {
  readonly added: readonly string[]
  readonly updated: readonly string[]
  readonly removed: readonly string[]
  readonly text: string
}

export function updateExpectations(
  text: string,
  results: Pick<Results, 'tests' | 'errors' | 'profile'>,
  source: string,
): WriteSummary {
  const entries = parseExpectations(text, source)
  const report = checkExpectations(results, entries, source)
  const doc = yaml().parseDocument(text)
  if (!yaml().isMap(doc.contents)) doc.contents = doc.createNode({}) as unknown as typeof doc.contents
  // A new file says which profile its outcomes were measured under (a run under another is refused).
  if (!doc.has('profile')) doc.set('profile', results.profile)
  const byId = new Map(results.tests.map((t) => [t.id, t]))
  const keyOf = (id: string): string | undefined => {
    const t = byId.get(id)
    return entries.has(id) ? id : t && entries.has(t.rule) ? t.rule : undefined
  }
  const added: string[] = []
  const updated: string[] = []
  const removed: string[] = []
  for (const u of report.unexpected) {
    // Errors are the harness's or the setup's, and not-configured is the run's: neither is the server's.
    if (u.outcome === 'error' || u.outcome === 'not-configured') continue
    const key = keyOf(u.id)
    if (u.kind === 'fixed' && key) {
      doc.deleteIn([key])
      removed.push(key)
    } else if (u.kind === 'mismatch' && key) {
      doc.setIn([key, 'outcome'], u.outcome)
      updated.push(key)
    } else if (u.kind === 'new-failure' || u.kind === 'unlisted') {
      const test = byId.get(u.id)
      const rule = test?.rule ?? u.id
      // A blocked test's reason is the harness's own statement of which refusal blocked it, and who judges it.
      const reason =
        u.outcome === 'blocked' && test?.reason
          ? test.reason.split('\n')[0]
          : `TODO: why ${rule} is expected to ${u.outcome}`
      doc.setIn([rule], doc.createNode({ outcome: u.outcome, reason }))
      added.push(rule)
    }
  }
  for (const key of report.stale) {
    doc.deleteIn([key])
    removed.push(key)
  }
  return { added, updated, removed, text: doc.toString({ lineWidth: 120 }) }
}
