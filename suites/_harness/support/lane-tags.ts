/**
 * Which lane of a laned property run (lanes.ts) recorded a violation or an exchange. The lanes of a run share the
 * test's meta and run at once, so their records interleave as the answers come; each lane judges and sends through a
 * view of the test's checker and client that tags what it records with its lane (Checker.forLane, the DSL's
 * laneContext), so that a run's records can be put in lane order and a failing run judged lane by lane
 * (support/property.ts): deterministic whatever order the answers came in. (An async context would carry the lane
 * without views, but Node 20's AsyncLocalStorage tracks every promise: a bundled certification took ~1 s more.)
 */

const tags = new WeakMap<object, number>()

/** Tags `record` with `lane` (none: recorded outside any lane); returns it. */
export function tagLane<T extends object>(record: T, lane: number | undefined): T {
  if (lane !== undefined) tags.set(record, lane)
  return record
}

/** The lane that recorded `record`; undefined for one recorded outside any lane (before or after the lanes ran). */
export function laneOf(record: object): number | undefined {
  return tags.get(record)
}

/**
 * `records` in lane order, stably: those of no lane where they stand relative to each other and first, then lane 0's,
 * lane 1's… each in the order its lane recorded them (one lane's requests follow one another).
 */
export function inLaneOrder<T extends object>(records: readonly T[]): T[] {
  return records
    .map((r, i) => ({ r, i, lane: laneOf(r) ?? -1 }))
    .sort((a, b) => a.lane - b.lane || a.i - b.i)
    .map((x) => x.r)
}
