/**
 * What a run's requests cost in time, for results.json and the summary: how many were sent, the longest chain of
 * requests that had to follow one another (the run's floor at any network latency: at L ms a round trip it cannot
 * end sooner than chain × L), and the most that were in flight at once.
 *
 * Each file's transport keeps a RequestLog. A request is logged under the test that sent it (its client's `test`: the
 * test's view of the sandbox, sandbox.ts, makes the clients it hands out), or under no test (the file's cleanup after
 * its tests). A test's own chain is the longest run of its requests in which each started after the one before it
 * had answered: the requests a test races on purpose (the concurrency suites) overlap, so they count once. A file's
 * tests add up when they run one after another, and overlap (the longest counts) when the file's tests run
 * concurrently; the file's cleanup comes after them.
 */
import { longestChain } from '../results/request-figures.ts'
import type { FileRequests, Interval } from '../results/request-figures.ts'

export class RequestLog {
  private readonly byTest = new Map<string, Interval[]>()

  /** `test` is the id of the test that sent the request, '' for none. */
  add(test: string, start: number, end: number): void {
    let list = this.byTest.get(test)
    if (!list) this.byTest.set(test, (list = []))
    list.push([start, end])
  }

  /** How many requests `test` sent. */
  count(test: string): number {
    return this.byTest.get(test)?.length ?? 0
  }

  /** The file's figures; `concurrentTests`: whether its tests ran concurrently (overlap) or one after another. */
  summary(concurrentTests: boolean): FileRequests {
    let testsChain = 0
    for (const [test, list] of this.byTest) {
      if (test === '') continue
      const chain = longestChain(list)
      testsChain = concurrentTests ? Math.max(testsChain, chain) : testsChain + chain
    }
    const intervals = [...this.byTest.values()].flat()
    return {
      requests: intervals.length,
      chain: testsChain + longestChain(this.byTest.get('') ?? []),
      intervals,
    }
  }
}
