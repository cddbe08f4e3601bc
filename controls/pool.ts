/**
 * At most `size` tasks at once, started in the order they were submitted: the negative controls' certifications. The
 * slots are the transport's in-flight gate (the same counting of slots, in the same order).
 */
import { InFlightGate } from '../suites/_harness/http/in-flight-gate.ts'

export class Pool {
  private readonly slots: InFlightGate

  constructor(size: number) {
    this.slots = new InFlightGate(size)
  }

  /** Runs `task` when a slot is free; the promise settles with the task. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.slots.acquire()
    try {
      return await task()
    } finally {
      this.slots.release()
    }
  }
}
