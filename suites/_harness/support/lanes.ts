/**
 * Property runs that drive several cases at once, each in namespaces of its own: a run takes LANES cases and the
 * property makes 1/LANES of the runs, so as many cases are tried in a fifth of the round trips one after another. At
 * a network distance a property's runs, one after another, were the longest chains of a certification (its floor).
 * Five, not three as first: with three the model-based runs were still the run's longest chain (130 round trips),
 * and the laned properties four of its ten longest.
 *
 * A failing run is shrunk lane first (`Lanes`): each case alone is tried before anything else, so the case that failed
 * goes on shrinking by itself. Shrinking the run's tuple as a whole drove every lane in each attempt, and shrank the
 * lanes that never failed too: against rustberg 0.3.0 the idempotent-replay property's shrinking took 2,701 requests
 * in five lanes against 744 in three. A replay path replays the tuple, and the lone case shrunk from it.
 *
 * A property that looks for distinct failures (support/property.ts) judges each lane's failure as its own: its lanes
 * send and check through laneContext (the DSL), which tags what each records (lane-tags.ts). The robustness
 * properties that send one request a run (generated queries, malformed and wrong-typed bodies, the edge inputs) are
 * laned so; a property whose lanes share no records judges a failing run as one failure, as before.
 */
import fc from 'fast-check'

/** Cases each run of a laned property drives at once. */
export const LANES = 5

/**
 * LANES draws of `arb` that shrink lane first: a run's tuple shrinks first to each of its cases alone (a tuple of one),
 * then as fast-check shrinks a tuple; a tuple of one shrinks its case.
 */
export class Lanes<T> extends fc.Arbitrary<T[]> {
  private readonly all: fc.Arbitrary<T[]>
  private readonly one: fc.Arbitrary<T[]>

  constructor(arb: fc.Arbitrary<T>, lanes = LANES) {
    super()
    this.all = fc.tuple(...Array.from({ length: lanes }, () => arb))
    this.one = fc.tuple(arb)
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    return this.all.generate(mrng, biasFactor)
  }

  canShrinkWithoutContext(value: unknown): value is T[] {
    if (!Array.isArray(value)) return false
    return value.length === 1
      ? this.one.canShrinkWithoutContext(value)
      : this.all.canShrinkWithoutContext(value)
  }

  shrink(value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    if (value.length === 1) return this.one.shrink(value, context)
    // fast-check's tuple keeps each element's context at its index.
    const contexts: unknown[] = Array.isArray(context) ? context : []
    const alone = value.map((v, i) => aloneValue(v, contexts[i]))
    return fc.Stream.of(...alone).join(this.all.shrink(value, context))
  }
}

/**
 * A tuple of one case. A stateful case (one with fast-check's clone method) is used fresh, as fast-check's tuple does:
 * a clone of the case that ran, and a clone again at each later use.
 */
function aloneValue<T>(v: T, context: unknown): fc.Value<T[]> {
  if (!fc.hasCloneMethod(v)) return new fc.Value([v], [context])
  const fresh = (x: fc.WithCloneMethod<unknown>): T[] =>
    Object.defineProperty([x], fc.cloneMethod, {
      value: () => fresh(x[fc.cloneMethod]() as fc.WithCloneMethod<unknown>),
    }) as T[]
  return new fc.Value(fresh(v[fc.cloneMethod]() as fc.WithCloneMethod<unknown>), [context])
}

/** A property whose every run drives `lanes` draws of `arb` at once (driveLanes), shrunk lane first (Lanes). */
export function lanedProperty<T>(
  arb: fc.Arbitrary<T>,
  drive: (c: T, lane: number) => Promise<void>,
  lanes = LANES,
): fc.IAsyncPropertyWithHooks<[T[]]> {
  return fc.asyncProperty(new Lanes(arb, lanes), (drawn) => driveLanes(drawn, drive))
}

/** The runs that try at least `cases` cases, `lanes` a run. */
export function laneRuns(cases: number, lanes = LANES): number {
  return Math.ceil(cases / lanes)
}

/** A lane of a run that failed: its index, the case it drove and what it threw. */
export interface LaneFailure {
  readonly lane: number
  readonly value: unknown
  readonly thrown: unknown
}

/** The failing lanes of the run whose failure is `thrown` (driveLanes), in lane order; undefined for any other. */
export function laneFailuresOf(thrown: unknown): readonly LaneFailure[] | undefined {
  return typeof thrown === 'object' && thrown !== null ? laneFailures.get(thrown) : undefined
}

const laneFailures = new WeakMap<object, readonly LaneFailure[]>()

/**
 * Drives every case at once, each as its lane (a lane that judges through the DSL's laneContext tags what it records:
 * lane-tags.ts). Each ends before the run does (a failed one does not leave the others sending); the first failing
 * case's failure is the run's, and every failing lane is known by it (laneFailuresOf), so that a property looking for
 * distinct failures judges each lane's own.
 */
export async function driveLanes<T>(
  cases: readonly T[],
  drive: (c: T, lane: number) => Promise<void>,
): Promise<void> {
  const ends = await Promise.allSettled(cases.map((c, i) => drive(c, i)))
  const failed = ends.flatMap((e, lane) =>
    e.status === 'rejected' ? [{ lane, value: cases[lane], thrown: e.reason as unknown }] : [],
  )
  const first = failed[0]
  if (!first) return
  if (typeof first.thrown === 'object' && first.thrown !== null) laneFailures.set(first.thrown, failed)
  throw first.thrown
}
