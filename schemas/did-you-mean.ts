/** "Did you mean …?" for a mistyped name: the closest known name within a small edit distance. */

/** The closest of `known` to `given` (case-insensitive), when at most 2 edits or a third of its length away. */
export function closest(given: string, known: readonly string[]): string | undefined {
  let best: string | undefined
  let bestD = Math.max(3, Math.ceil(given.length / 3) + 1)
  for (const k of known) {
    const d = distance(given.toLowerCase(), k.toLowerCase())
    if (d < bestD) [best, bestD] = [k, d]
  }
  return best
}

/** ` (did you mean "x"?)` or nothing. */
export function didYouMean(given: string, known: readonly string[]): string {
  const hint = closest(given, known)
  return hint ? ` (did you mean "${hint}"?)` : ''
}

function distance(a: string, b: string): number {
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
