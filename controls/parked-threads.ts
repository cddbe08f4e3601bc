/**
 * A Vitest pool for the CLI services of the negative controls: Vitest's `threads` pool, except that a worker thread
 * outlives the run that started it. Vitest ends every worker when a run ends; a service runs a few hundred short runs
 * one after the other, and each new thread spent more time loading modules (undici, AJV, the harness) than running
 * its tests. Here a run's "stop" is answered at once and the thread is parked, warm, for the next run's "start".
 * Test files are still evaluated afresh on each run (Vitest does that for every run); imported modules stay loaded,
 * exactly as between two files of one run under `isolate: false`.
 */
import { EventEmitter } from 'node:events'
import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node'

/** A thread and whoever uses it now; messages go to the current user only. */
interface Parked {
  readonly thread: Worker
  user?: EventEmitter
}

const parked: Parked[] = []

class ParkedThreadWorker implements PoolWorker {
  readonly name = 'parked-threads'
  private readonly events = new EventEmitter()
  private current: Parked | undefined

  private readonly options: PoolOptions
  constructor(options: PoolOptions) {
    this.options = options
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.events.on(event, callback)
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.events.off(event, callback)
  }

  send(message: WorkerRequest): void {
    if (message.type === 'stop') {
      // The thread stays as it is (no teardown): tell Vitest it stopped, and park it.
      setImmediate(() => {
        this.events.emit('message', { type: 'stopped', __vitest_worker_response__: true })
      })
      return
    }
    this.thread().thread.postMessage(message)
  }

  async start(): Promise<void> {
    if (this.current) return
    const reused = parked.pop()
    const entry = resolve(this.options.distPath, 'workers/threads.js')
    const p: Parked = reused ?? {
      thread: new Worker(entry, { env: this.options.env, execArgv: this.options.execArgv }),
    }
    if (!reused) {
      p.thread.on('message', (m: unknown) => p.user?.emit('message', m))
      p.thread.on('error', (e: unknown) => p.user?.emit('error', e))
      p.thread.on('exit', (code: unknown) => p.user?.emit('exit', code))
      p.thread.unref()
    }
    p.user = this.events
    this.current = p
  }

  async stop(): Promise<void> {
    const p = this.current
    this.current = undefined
    if (!p) return
    p.user = undefined
    parked.push(p)
  }

  deserialize(data: unknown): unknown {
    return data
  }

  private thread(): Parked {
    if (!this.current) throw new Error('the parked thread was not started')
    return this.current
  }
}

export const parkedThreads: PoolRunnerInitializer = {
  name: 'parked-threads',
  createPoolWorker: (options) => new ParkedThreadWorker(options),
}
