/**
 * Keeps the last `max` lines of a stream (a child's stderr), so an error can show what the process
 * said before it died without holding its whole output in memory.
 */
export class LineTail {
  readonly #max: number
  readonly #lines: string[] = []
  #partial = ''

  constructor(max = 30) {
    this.#max = max
  }

  /** Feeds a chunk; complete lines are kept, a trailing partial line waits for the next chunk. */
  push(chunk: string): void {
    const parts = (this.#partial + chunk).split(/\r?\n/)
    this.#partial = parts.pop() ?? ''
    for (const line of parts) this.#keep(line)
  }

  /** The kept lines, oldest first, including an unterminated last line. */
  lines(): string[] {
    return this.#partial === '' ? [...this.#lines] : [...this.#lines, this.#partial].slice(-this.#max)
  }

  #keep(line: string): void {
    this.#lines.push(line)
    if (this.#lines.length > this.#max) this.#lines.shift()
  }
}
