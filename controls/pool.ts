/** A bounded pool: at most `size` tasks run at once, started in the order they were submitted. */
export class Pool {
  private running = 0
  private readonly queue: Array<() => void> = []

  private readonly size: number
  constructor(size: number) {
    this.size = size
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`pool size must be a positive integer, got ${size}`)
  }

  /** Runs `task` when a slot is free; the promise settles with the task. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const go = () => {
        this.running++
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--
            this.queue.shift()?.()
          })
      }
      if (this.running < this.size) go()
      else this.queue.push(go)
    })
  }
}
