/**
 * Property runs that drive several cases at once, each in namespaces of its own: a run takes LANES cases and the
 * property makes 1/LANES of the runs, so as many cases are tried in a fifth of the round trips one after another. At
 * a network distance a property's runs, one after another, were the longest chains of a certification (its floor).
 * Five, not three as first: with three the model-based runs were still the run's longest chain (130 round trips),
 * and the laned properties four of its ten longest.
 * Shrinking works on the run's tuple of cases as on any input; a replay path replays the tuple.
 */
import fc from 'fast-check'

/** Cases each run of a laned property drives at once. */
export const LANES = 5

/** A property whose every run drives LANES draws of `arb` at once (driveLanes). */
export function lanedProperty<T>(
  arb: fc.Arbitrary<T>,
  drive: (c: T, lane: number) => Promise<void>,
): fc.IAsyncPropertyWithHooks<[T[]]> {
  const cases: fc.Arbitrary<T[]> = fc.tuple(...Array.from({ length: LANES }, () => arb))
  return fc.asyncProperty(cases, (drawn) => driveLanes(drawn, drive))
}

/** The runs that try at least `cases` cases. */
export function laneRuns(cases: number): number {
  return Math.ceil(cases / LANES)
}

/**
 * Drives every case at once. Each ends before the run does (a failed one does not leave the others sending); the
 * first failing case's failure is the run's.
 */
export async function driveLanes<T>(
  cases: readonly T[],
  drive: (c: T, lane: number) => Promise<void>,
): Promise<void> {
  const ends = await Promise.allSettled(cases.map(drive))
  const failed = ends.find((e) => e.status === 'rejected')
  if (failed) throw failed.reason
}
