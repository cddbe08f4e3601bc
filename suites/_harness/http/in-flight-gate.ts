/**
 * A cap on the requests in flight from one worker thread (`--max-in-flight`, divided among the run's workers): a
 * request waits for a free slot before it is sent, in the order the requests came. Waiting for a Retry-After holds
 * no slot.
 */
export class InFlightGate {
  private inFlight = 0
  private readonly waiting: (() => void)[] = []
  readonly limit: number

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`in-flight limit must be a positive integer: ${limit}`)
    this.limit = limit
  }

  async acquire(): Promise<void> {
    if (this.inFlight < this.limit) {
      this.inFlight++
      return
    }
    // The slot is handed over by release(): inFlight stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.inFlight--
  }
}
