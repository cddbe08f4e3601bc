/**
 * The parent side of controls/cli-service.ts: a few long-lived CLI processes that take control runs one at a time.
 * A run is sent to an idle service (a new one is started while there are fewer than `size`); a run that outlives its
 * time bound ends its service (and that service's Vitest workers, in its process group). A service that went away
 * on its own (it exits when idle) is replaced and the run sent again.
 */
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { ServiceAnswer } from './cli-service.ts'

export interface ServiceResult {
  /** The CLI's exit code; null when the run was ended. */
  readonly code: number | null
  readonly timedOut: boolean
  readonly output: string
}

interface Pending {
  readonly resolve: (r: ServiceResult | 'gone') => void
}

class Service {
  private readonly child: ChildProcess
  private readonly ready: Promise<boolean>
  private pending = new Map<number, Pending>()
  private nextId = 1
  private log = ''
  alive = true

  constructor(root: string, env: NodeJS.ProcessEnv) {
    this.child = fork(join(root, 'controls', 'cli-service.ts'), [], {
      cwd: root,
      env,
      execArgv: ['--import', 'tsx'],
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    const keep = (c: Buffer) => (this.log = (this.log + c.toString('utf8')).slice(-2_000))
    this.child.stdout?.on('data', keep)
    this.child.stderr?.on('data', keep)
    this.ready = new Promise((resolveReady) => {
      this.child.once('message', () => resolveReady(true))
      this.child.once('exit', () => resolveReady(false))
    })
    this.child.on('message', (m: ServiceAnswer) => {
      const p = this.pending.get(m.id)
      this.pending.delete(m.id)
      p?.resolve({ code: m.code, timedOut: false, output: m.output })
    })
    this.child.on('exit', () => {
      this.alive = false
      for (const p of this.pending.values()) p.resolve('gone')
      this.pending.clear()
    })
    this.child.unref()
    // The IPC channel must not keep the parent alive either.
    ;(this.child.channel as { unref?: () => void } | undefined)?.unref?.()
  }

  async run(argv: readonly string[], timeoutMs: number): Promise<ServiceResult | 'gone'> {
    if (!(await this.ready) || !this.alive) return 'gone'
    const id = this.nextId++
    return new Promise((resolveRun) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        this.kill()
        resolveRun({ code: null, timedOut: true, output: this.log })
      }, timeoutMs)
      this.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer)
          resolveRun(r)
        },
      })
      this.child.send({ id, argv })
    })
  }

  /** Ends the service and the Vitest workers it started. */
  kill(): void {
    this.alive = false
    try {
      if (this.child.pid !== undefined) process.kill(-this.child.pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }

  startupLog(): string {
    return this.log
  }
}

export class CliServices {
  private readonly idle: Service[] = []
  private started = 0
  private readonly waiting: Array<() => void> = []

  private readonly root: string
  private readonly size: number
  private readonly env: NodeJS.ProcessEnv
  constructor(root: string, size: number, env: NodeJS.ProcessEnv) {
    this.root = root
    this.size = size
    this.env = env
  }

  /** Runs the CLI command line `argv` in a service; resends once if the service went away before answering. */
  async run(argv: readonly string[], timeoutMs: number): Promise<ServiceResult> {
    for (let attempt = 0; ; attempt++) {
      const service = await this.acquire()
      const result = await service.run(argv, timeoutMs)
      this.release(service)
      if (result !== 'gone') return result
      if (attempt > 0)
        return { code: null, timedOut: false, output: `the CLI service ended: ${service.startupLog()}` }
    }
  }

  private async acquire(): Promise<Service> {
    for (;;) {
      const service = this.idle.pop()
      if (service?.alive) return service
      if (service) {
        this.started--
        continue
      }
      if (this.started < this.size) {
        this.started++
        return new Service(this.root, this.env)
      }
      await new Promise<void>((r) => this.waiting.push(r))
    }
  }

  private release(service: Service): void {
    if (service.alive) this.idle.push(service)
    else this.started--
    this.waiting.shift()?.()
  }
}
