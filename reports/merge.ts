/**
 * `report merge`: the results.json files of the shards of one certification (`--shard i/n` on several CI machines)
 * combined into one, with the summary and verdict computed again from all tests. Shards must come from the same
 * certification: the same target, profile and seed; a test present in two shards is an error (overlapping shards
 * would count it twice).
 */
import { HarnessError } from '../suites/_harness/results/errors.ts'
import type { Results } from './results.ts'
import { followCarriers } from './blocked.ts'
import { summarize, verdictOf } from './results.ts'

export function mergeResults(parts: readonly Results[]): Results {
  const [first, ...rest] = parts
  if (!first) throw new HarnessError('report merge needs at least one results.json')
  for (const r of rest)
    for (const key of ['profile', 'seed'] as const)
      if (r[key] !== first[key])
        throw new HarnessError(`shards differ in ${key}: ${String(first[key])} and ${String(r[key])}`)
  // A started target listens on a new port in every shard: its kind names it. A catalog by URL is its URL.
  const targetOf = (r: Results) => (r.target.kind === 'url' ? r.target.url : `--target ${r.target.kind}`)
  for (const r of rest)
    if (targetOf(r) !== targetOf(first))
      throw new HarnessError(`shards certify different targets: ${targetOf(first)} and ${targetOf(r)}`)
  const seen = new Set<string>()
  for (const t of parts.flatMap((r) => r.tests)) {
    if (seen.has(t.id)) throw new HarnessError(`test in more than one shard: ${t.id}`)
    seen.add(t.id)
  }
  // A carrier blocked in another shard is known only now.
  const tests = followCarriers(parts.flatMap((r) => r.tests).sort((a, b) => a.id.localeCompare(b.id)))
  const errors = parts.flatMap((r) => r.errors)
  const summary = summarize(tests)
  const startedAt = parts.map((r) => r.startedAt).sort()[0] ?? first.startedAt
  // An expectations check of one shard says nothing of the whole: check the merged file again (`report check`).
  const { expectations: _dropped, ...base } = first
  return {
    ...base,
    startedAt,
    // Shards run side by side: the certification took as long as its slowest shard.
    durationMs: Math.max(...parts.map((r) => r.durationMs)),
    runId: parts.map((r) => r.runId).join('+'),
    summary,
    verdict: verdictOf(summary, errors),
    tests,
    errors,
  }
}
