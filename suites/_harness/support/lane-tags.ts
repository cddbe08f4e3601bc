/**
 * Which lane of a laned property run (lanes.ts) recorded a violation or an exchange. The lanes of a run share the
 * test's meta and run at once, so their records interleave as the answers come; each is tagged with its lane here
 * (the lane is carried by the async context the lane runs in), so that a run's records can be put in lane order and
 * a failing run judged lane by lane (support/property.ts): deterministic whatever order the answers came in.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

const current = new AsyncLocalStorage<number>()
const tags = new WeakMap<object, number>()

/** Runs `fn` as lane `lane`: what it records is tagged with that lane. */
export function inLane<T>(lane: number, fn: () => Promise<T>): Promise<T> {
  return current.run(lane, fn)
}

/** The lane the caller runs in; undefined outside any lane. */
export function currentLane(): number | undefined {
  return current.getStore()
}

/** Tags `record` with the lane the caller runs in, if any; returns it. */
export function tagLane<T extends object>(record: T): T {
  const lane = current.getStore()
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
