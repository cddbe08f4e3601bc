import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { killOnExit } from './exit-hook.ts'
import { LineTail } from './line-tail.ts'
import { configUrl, waitForHttp } from './readiness.ts'
import { TargetError } from './target-error.ts'
import type { RunningTarget, TargetProvider } from './types.ts'

/** How to launch one process target; produced at start time (a free port is only known then). */
export interface ProcessLaunch {
  readonly command: string
  readonly args: readonly string[]
  /** The whole environment of the child: nothing is inherited implicitly. */
  readonly env: NodeJS.ProcessEnv
  readonly cwd?: string
  /** Base URL of the catalog once it runs, without `/v1`. */
  readonly url: string
  readonly warehouse?: string
  /** Headers of the readiness probe (GET /v1/config), for a catalog that wants a token there. */
  readonly readinessHeaders?: Readonly<Record<string, string>>
  /**
   * Runs once the catalog is ready, before the run starts: creates what the catalog needs first (an
   * environment, a warehouse) and says how to reach it. A failure stops the process.
   */
  readonly bootstrap?: () => Promise<Pick<RunningTarget, 'prefix' | 'warehouse'>>
  /** What the run authenticates with (a token the launch generated). */
  readonly token?: string
  /** Runs after the process has stopped (or failed to start): removes temp dirs and the like. */
  readonly cleanup?: () => Promise<void>
}

export interface ProcessTargetOptions {
  /** Shown in messages: `iceberg-rest-fixture exited with code 1 …`. */
  readonly name: string
  readonly launch: () => Promise<ProcessLaunch>
  /** Time between SIGTERM and SIGKILL when stopping. */
  readonly stopGraceMs?: number
  /** How many stderr lines an error message shows. */
  readonly stderrLines?: number
}

const DEFAULT_GRACE_MS = 5_000

/**
 * A catalog run as a child process: spawned with an explicit environment, ready when
 * `GET /v1/config` answers 200, stopped with SIGTERM then SIGKILL (and killed on harness exit).
 * Fails with a {@link TargetError} carrying the last stderr lines if the process exits early or
 * is not ready by the deadline.
 */
export function processTarget(options: ProcessTargetOptions): TargetProvider {
  return {
    kind: 'process',
    async start({ timeoutMs, log }) {
      const deadline = Date.now() + timeoutMs
      const launch = await options.launch()
      const tail = new LineTail(options.stderrLines ?? 30)
      const startedAt = Date.now()
      log(`starting ${options.name}: ${launch.command} ${launch.args.join(' ')}`)

      let child: ChildProcess
      try {
        child = spawn(launch.command, [...launch.args], {
          env: launch.env,
          cwd: launch.cwd,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      } catch (err) {
        await launch.cleanup?.()
        throw new TargetError('TARGET_SPAWN_FAILED', `${options.name}: cannot spawn ${launch.command}`, {
          cause: err,
        })
      }
      const unregister = killOnExit(child)
      // Both pipes are drained: a child blocked on a full stdout pipe would never become ready.
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => tail.push(chunk))
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => tail.push(chunk))
      const exited = once(child, 'exit').catch(() => undefined)

      let spawnError: Error | undefined
      child.once('error', (err) => {
        spawnError = err
      })

      const withTail = (head: string): string => {
        const lines = tail.lines()
        return lines.length === 0
          ? `${head}. It wrote nothing on stdout/stderr.`
          : `${head}. Last lines of its output:\n${lines.map((l) => `  | ${l}`).join('\n')}`
      }
      const earlyExit = (): Error | undefined => {
        if (spawnError) {
          return new TargetError(
            'TARGET_SPAWN_FAILED',
            `${options.name}: cannot run ${launch.command}: ${spawnError.message}`,
            { cause: spawnError },
          )
        }
        if (child.exitCode === null && child.signalCode === null) return undefined
        const how = child.exitCode !== null ? `with code ${child.exitCode}` : `on signal ${child.signalCode}`
        return new TargetError(
          'TARGET_EXITED',
          withTail(`${options.name} exited ${how} before it was ready (after ${Date.now() - startedAt} ms)`),
        )
      }

      const stop = async (): Promise<void> => {
        try {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM')
            const timer = setTimeout(() => child.kill('SIGKILL'), options.stopGraceMs ?? DEFAULT_GRACE_MS)
            await exited
            clearTimeout(timer)
          }
        } finally {
          unregister()
          await launch.cleanup?.()
        }
      }

      try {
        const probe = configUrl(launch.url, launch.warehouse)
        const last = await waitForHttp({
          url: probe,
          deadline,
          abortIf: earlyExit,
          ...(launch.readinessHeaders ? { headers: launch.readinessHeaders } : {}),
        })
        if (!last.ok) {
          const refused = last.detail === 'HTTP 401' || last.detail === 'HTTP 403'
          throw new TargetError(
            'TARGET_READINESS_TIMEOUT',
            withTail(
              refused
                ? `${options.name} refused the credentials the harness started it with (GET ${probe}: ${last.detail})`
                : `${options.name} was not ready within ${timeoutMs} ms (GET ${probe}: ${last.detail})`,
            ),
          )
        }
      } catch (err) {
        await stop()
        throw err
      }
      log(`${options.name} ready at ${launch.url} after ${Date.now() - startedAt} ms`)

      let bootstrapped: Pick<RunningTarget, 'prefix' | 'warehouse'> = {}
      if (launch.bootstrap) {
        try {
          bootstrapped = await launch.bootstrap()
        } catch (err) {
          await stop()
          throw new TargetError(
            'TARGET_BOOTSTRAP_FAILED',
            withTail(`${options.name}: setting up the catalog failed: ${(err as Error).message}`),
            { cause: err },
          )
        }
      }

      let stopping: Promise<void> | undefined
      const running: RunningTarget = {
        url: launch.url,
        ...(launch.warehouse === undefined ? {} : { warehouse: launch.warehouse }),
        ...(launch.token === undefined ? {} : { token: launch.token }),
        ...bootstrapped,
        log: () => ({ source: `process ${options.name}`, lines: tail.lines() }),
        stop: () => (stopping ??= stop()),
      }
      return running
    },
  }
}
