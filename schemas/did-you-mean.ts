/** "Did you mean …?" for names a user typed: the closest known name by edit distance, if it is close enough. */

/** The candidate closest to `word` (case-insensitive), when fewer than `maxDistance` edits away. */
export function closest(word: string, candidates: Iterable<string>, maxDistance = 3): string | undefined {
  let best: string | undefined
  let bestD = maxDistance
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase())
    if (d < bestD) [best, bestD] = [c, d]
  }
  return best
}

/** ` (did you mean "x"?)`, or '' when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>, maxDistance?: number): string {
  const hint = closest(word, candidates, maxDistance)
  return hint ? ` (did you mean "${hint}"?)` : ''
}

/** Levenshtein distance. */
export function distance(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) dp[0]![j] = j
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i]![j] = Math.min(
        dp[i - 1]![j]! + 1,
        dp[i]![j - 1]! + 1,
        dp[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
  return dp[a.length]![b.length]!
}
