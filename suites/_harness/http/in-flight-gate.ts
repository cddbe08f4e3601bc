/**
 * A cap on the requests in flight from one worker thread (`--max-in-flight`, divided among the run's workers): a
 * request waits for a free slot before it is sent, in the order the requests came. Waiting for a Retry-After holds
 * no slot. A race reserves several slots at once (`reserve`).
 */
/** Slots of a gate held together (`InFlightGate.reserve`): a gate of their own, and `close` to give them back. */
export interface Reservation {
  readonly gate: InFlightGate
  close(): void
}

export class InFlightGate {
  private inFlight = 0
  private readonly waiting: { readonly slots: number; readonly resolve: () => void }[] = []
  readonly limit: number

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`in-flight limit must be a positive integer: ${limit}`)
    this.limit = limit
  }

  acquire(): Promise<void> {
    return this.take(1)
  }

  release(): void {
    this.give(1)
  }

  /**
   * `slots` of this gate's (at most its limit), taken once that many are free together, in turn with the requests
   * waiting before, and held until `close`: a gate of their own for the racing requests of a concurrency test, so
   * that they are in flight together, not one free slot at a time among the file's other requests. Every request
   * sent through `gate` must come from the race: one that waited here instead would wait for the race to end.
   */
  async reserve(slots: number): Promise<Reservation> {
    const n = Math.max(1, Math.min(slots, this.limit))
    await this.take(n)
    let open = true
    return {
      gate: new InFlightGate(n),
      close: () => {
        if (open) this.give(n)
        open = false
      },
    }
  }

  private take(slots: number): Promise<void> {
    if (this.waiting.length === 0 && this.inFlight + slots <= this.limit) {
      this.inFlight += slots
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => this.waiting.push({ slots, resolve }))
  }

  private give(slots: number): void {
    this.inFlight -= slots
    // In order: a reservation at the head waits for all its slots, and the single requests behind it wait too,
    // rather than taking each slot as it frees (which would keep the reservation waiting as long as they come).
    for (
      let next = this.waiting[0];
      next && this.inFlight + next.slots <= this.limit;
      next = this.waiting[0]
    ) {
      this.waiting.shift()
      this.inFlight += next.slots
      next.resolve()
    }
  }
}
