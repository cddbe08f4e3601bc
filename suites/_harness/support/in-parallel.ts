/**
 * `fn` over `items`, at most `limit` at a time, results in the order of `items`. For work whose requests do not
 * depend on each other (dropping the tables of a namespace, the namespaces of a file): at a network distance each
 * request costs a round trip, and one after another they add up.
 */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return out
}
