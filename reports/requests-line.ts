/**
 * One line on what the run's requests cost (results.json `requests`), for the console, summary.md and report.html:
 * how many, the longest chain that had to follow one another (what bounds the run against a distant catalog: at
 * L ms a round trip, chain × L), and the most in flight at once.
 */
import type { Results } from './results.ts'

export function requestsLine(r: Pick<Results, 'requests' | 'durationMs'>): string | undefined {
  const q = r.requests
  if (!q) return undefined
  const at40 = Math.round((q.longestChain * 40) / 100) / 10
  return (
    `requests: ${q.total} in ${Math.round(r.durationMs / 100) / 10} s; longest chain ${q.longestChain} ` +
    `(no run of these tests ends sooner than ${q.longestChain} round trips: ${at40} s at 40 ms); ` +
    `at most ${q.peakInFlight} in flight`
  )
}
