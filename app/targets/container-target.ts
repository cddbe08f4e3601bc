import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import type * as Testcontainers from 'testcontainers'
import type { ContainerDefinition, Readiness } from './container-definition.ts'
import { LineTail } from './line-tail.ts'
import { TargetError } from './target-error.ts'
import type { RunningTarget, TargetAuth, TargetProvider } from './types.ts'

type Tc = typeof Testcontainers
type Started = Testcontainers.StartedTestContainer

export interface ContainerTargetOptions {
  /** Overrides the definition's image tag (the catalog's version), e.g. `1.11.0`. */
  readonly version?: string
  /** Extra or overriding environment for the catalog container. */
  readonly env?: Readonly<Record<string, string>>
  /** Leave the containers running after the run (`--keep`); stop() then says how to reach and remove them. */
  readonly keep?: boolean
}

/** The label every container of one start carries, so that an interrupted start can find and remove them. */
export const SESSION_LABEL = 'dev.catalog-conformance.session'

/** How many lines of the catalog container's log are kept for an error message and the report. */
const LOG_LINES = 200
/** How many of them a start error shows. */
const ERROR_LOG_LINES = 30

/** What one container is started with: plain data, so that a test can hold it against the definition. */
export interface ContainerSpec {
  readonly role: 'service' | 'catalog'
  /** Its name on the private network (the definition's name for the catalog). */
  readonly alias: string
  /** `name:tag`. */
  readonly image: string
  readonly env: Readonly<Record<string, string>>
  readonly entrypoint?: readonly string[]
  readonly command?: readonly string[]
  readonly exposedPorts: readonly number[]
  /** When it counts as started: an HTTP answer or a log line, its exit (a one-shot job), or at once. */
  readonly wait: Readiness | { readonly kind: 'one-shot' } | undefined
}

/** The image reference of `name` and `tag`; an empty tag (a digest reference) is the name as given. */
export function imageRef(image: { readonly name: string; readonly tag: string }): string {
  return image.tag === '' ? image.name : `${image.name}:${image.tag}`
}

/** The containers a definition starts, in order: its services, then the catalog. */
export function containerSpecs(
  def: ContainerDefinition,
  options: ContainerTargetOptions = {},
): ContainerSpec[] {
  const services = (def.services ?? []).map((s): ContainerSpec => ({
    role: 'service',
    alias: s.alias,
    image: imageRef(s.image),
    env: { ...s.env },
    ...(s.entrypoint ? { entrypoint: s.entrypoint } : {}),
    ...(s.command ? { command: s.command } : {}),
    exposedPorts: s.ports ?? [],
    wait: s.oneShot ? { kind: 'one-shot' } : s.readiness,
  }))
  const catalog: ContainerSpec = {
    role: 'catalog',
    alias: def.name,
    image: imageRef({ name: def.image.name, tag: options.version ?? def.image.tag }),
    env: { ...def.env, ...options.env },
    ...(def.entrypoint ? { entrypoint: def.entrypoint } : {}),
    ...(def.command ? { command: def.command } : {}),
    exposedPorts: def.ports,
    wait: def.readiness,
  }
  return [...services, catalog]
}

/**
 * Imports testcontainers only when a container target is started: it is an optionalDependency and
 * pulls in a Docker client that every other run can do without.
 */
async function loadTestcontainers(): Promise<Tc> {
  // Ryuk, testcontainers' reaper, is an image from a registry, which may be out of reach (and is here): the target
  // removes what it starts itself, on stop, on a failed start, on Ctrl+C and at exit. An explicit setting wins.
  process.env['TESTCONTAINERS_RYUK_DISABLED'] ??= 'true'
  try {
    return await import('testcontainers')
  } catch (err) {
    throw new TargetError(
      'TARGET_NO_CONTAINER_RUNTIME',
      'container targets need the optional dependency "testcontainers", which is not installed',
      { cause: err },
    )
  }
}

/** The first line of an error, as a one-line reason. */
function firstLine(err: unknown): string {
  return err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)
}

/** Fails with one readable sentence (not a stack dump) when no Docker-compatible engine answers. */
async function requireRuntime(tc: Tc): Promise<Testcontainers.ContainerRuntimeClient> {
  try {
    return await tc.getContainerRuntimeClient()
  } catch (err) {
    throw new TargetError(
      'TARGET_NO_CONTAINER_RUNTIME',
      `container targets need a Docker-compatible engine, and none was found (${firstLine(err)}). ` +
        'Start Docker or Podman, or set DOCKER_HOST; or pick a process or url target.',
      { cause: err },
    )
  }
}

function waitStrategy(tc: Tc, readiness: Readiness): Testcontainers.WaitStrategy {
  if (readiness.kind === 'log') return tc.Wait.forLogMessage(readiness.pattern, readiness.times ?? 1)
  const ok = new Set(readiness.status)
  // A container that exits while it is waited for fails at once, with its last log lines, not at the deadline.
  return tc.Wait.forHttp(readiness.path, readiness.port, {
    abortOnContainerExit: true,
  }).forStatusCodeMatching((s) => ok.has(s))
}

/** Removes every container (and its volumes) and network labelled with `session`; never throws. */
async function removeSession(client: Testcontainers.ContainerRuntimeClient, session: string): Promise<void> {
  const ours = (await client.container.list().catch(() => [])).filter(
    (c) => c.Labels[SESSION_LABEL] === session,
  )
  await Promise.all(
    ours.map((c) =>
      client.container
        .getById(c.Id)
        .remove({ force: true, v: true })
        .catch(() => undefined),
    ),
  )
}

/**
 * The last resort when the process exits with containers of `session` still there (a crash, an exit that skipped
 * stop()): an 'exit' handler cannot wait for the engine's API, so the docker CLI removes them, if there is one.
 */
function removeSessionSync(session: string): void {
  const filter = `label=${SESSION_LABEL}=${session}`
  const ids = spawnSync('docker', ['ps', '-aq', '--filter', filter], { encoding: 'utf8', timeout: 10_000 })
  const list = (ids.stdout ?? '').split('\n').filter(Boolean)
  if (list.length > 0) spawnSync('docker', ['rm', '-fv', ...list], { stdio: 'ignore', timeout: 20_000 })
}

/**
 * A catalog started in containers from a {@link ContainerDefinition}: sidecar services first, on a
 * private network, then the catalog, then its bootstrap requests. Everything started is removed
 * (and volumes, when the definition says so) by `stop()`, when starting fails, on Ctrl+C while it starts,
 * and at exit. `--image` builds a definition of one container and comes through here too.
 */
export function containerTarget(
  def: ContainerDefinition,
  options: ContainerTargetOptions = {},
): TargetProvider {
  return {
    kind: 'container',
    async start({ timeoutMs, log }) {
      const tc = await loadTestcontainers()
      const client = await requireRuntime(tc)
      const session = randomBytes(8).toString('hex')
      const startup = Math.min(timeoutMs, def.startupTimeoutMs)
      const specs = containerSpecs(def, options)
      const catalogImage = specs[specs.length - 1]?.image ?? imageRef(def.image)
      const tail = new LineTail(LOG_LINES)
      const started: Started[] = []
      let network: Testcontainers.StartedNetwork | undefined
      let stopped = false
      const onExit = () => {
        if (!stopped) removeSessionSync(session)
      }
      process.once('exit', onExit)
      const stopAll = async (): Promise<void> => {
        const stopOptions = { timeout: def.teardown.stopTimeoutMs, removeVolumes: def.teardown.removeVolumes }
        for (const c of started.reverse()) await c.stop(stopOptions).catch(() => undefined)
        started.length = 0
        // Whatever a start left half-made (a container created when the start failed) goes too.
        await removeSession(client, session)
        await network?.stop().catch(() => undefined)
        network = undefined
        stopped = true
        process.off('exit', onExit)
      }
      // Ctrl+C while the containers start: remove them, then end as an interrupted run does. (Once the run has
      // started, the run's own handler cancels it and stop() runs.)
      const onSignal = () => {
        log(`interrupted: removing the containers of ${def.name}…`)
        void stopAll().finally(() => process.exit(130))
      }
      process.once('SIGINT', onSignal)
      process.once('SIGTERM', onSignal)
      // testcontainers unrefs its log stream and the timers of its waits: when the container exits early, nothing
      // else may hold the event loop, and Node ended the run with exit 0 before the start had failed (seen here).
      const holdLoop = setInterval(() => undefined, 60_000)
      const withLog = (head: string): string => {
        const lines = tail.lines().slice(-ERROR_LOG_LINES)
        return lines.length === 0
          ? `${head}. The container wrote no log.`
          : `${head}. Last lines of its log:\n${lines.map((l) => `  | ${l}`).join('\n')}`
      }
      try {
        // A private network only for a catalog with services: one container needs none, and each is one more thing
        // to remove.
        if (def.services?.length) network = await new tc.Network().start()
        for (const spec of specs) {
          log(
            `${def.name}: starting ${spec.role === 'service' ? `${spec.alias} (${spec.image})` : spec.image}`,
          )
          let c = new tc.GenericContainer(spec.image)
            .withLabels({ [SESSION_LABEL]: session })
            .withEnvironment({ ...spec.env })
            .withStartupTimeout(startup)
          if (network) c = c.withNetwork(network).withNetworkAliases(spec.alias)
          if (spec.entrypoint) c = c.withEntrypoint([...spec.entrypoint])
          if (spec.command) c = c.withCommand([...spec.command])
          if (spec.exposedPorts.length) c = c.withExposedPorts(...spec.exposedPorts)
          if (spec.wait?.kind === 'one-shot') c = c.withWaitStrategy(tc.Wait.forOneShotStartup())
          else if (spec.wait) c = c.withWaitStrategy(waitStrategy(tc, spec.wait))
          if (spec.role === 'catalog')
            c = c.withLogConsumer((stream) => stream.on('data', (chunk) => tail.push(String(chunk))))
          const at = Date.now()
          started.push(await c.start())
          log(`${def.name}: ${spec.alias} ready after ${Date.now() - at} ms`)
        }
        const main = started[started.length - 1] as Started

        const hostUrl = (port: number) => `http://${main.getHost()}:${main.getMappedPort(port)}`
        const auth: TargetAuth | undefined = def.auth && {
          kind: def.auth.kind,
          tokenUrl: `${hostUrl(def.auth.port)}${def.auth.tokenPath}`,
          clientId: def.auth.clientId,
          clientSecret: def.auth.clientSecret,
          ...(def.auth.scope === undefined ? {} : { scope: def.auth.scope }),
        }
        await runBootstrap(def, hostUrl, auth, log)
        clearInterval(holdLoop)
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)

        const url = `${hostUrl(def.catalog.port)}${def.catalog.basePath}`
        const keep = async (): Promise<void> => {
          stopped = true
          process.off('exit', onExit)
          const ids = [...started].reverse().map((c) => c.getId().slice(0, 12))
          log(
            `--keep: ${catalogImage} keeps running at ${url} (container ${ids.join(', ')}); remove with: docker rm -fv ${ids.join(' ')}${network ? ` && docker network rm ${network.getName()}` : ''}`,
          )
        }
        let stopping: Promise<void> | undefined
        const running: RunningTarget = {
          url,
          ...(def.catalog.warehouse === undefined ? {} : { warehouse: def.catalog.warehouse }),
          ...(def.catalog.prefix === undefined ? {} : { prefix: def.catalog.prefix }),
          ...(auth === undefined ? {} : { auth }),
          log: () => ({ source: `container ${catalogImage}`, lines: tail.lines() }),
          stop: () => (stopping ??= options.keep ? keep() : stopAll()),
        }
        return running
      } catch (err) {
        clearInterval(holdLoop)
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
        await stopAll()
        if (err instanceof TargetError) throw new TargetError(err.code, withLog(err.message), { cause: err })
        const exited = /exited/i.test(firstLine(err))
        throw new TargetError(
          exited ? 'TARGET_EXITED' : 'TARGET_READINESS_TIMEOUT',
          // testcontainers puts the log lines in its message too; they follow once, below.
          withLog(
            `${def.name}: ${catalogImage} did not start: ${firstLine(err).replace(/, last \d+ logs:.*$/, '')}`,
          ),
          { cause: err },
        )
      }
    },
  }
}

async function fetchToken(auth: TargetAuth): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: auth.clientId })
  body.set('client_secret', auth.clientSecret)
  if (auth.scope) body.set('scope', auth.scope)
  const res = await fetch(auth.tokenUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) })
  const json = (await res.json().catch(() => ({}))) as { access_token?: unknown }
  if (!res.ok || typeof json.access_token !== 'string') {
    throw new TargetError(
      'TARGET_BOOTSTRAP_FAILED',
      `token request to ${auth.tokenUrl} answered ${res.status}`,
    )
  }
  return json.access_token
}

/** Sends the definition's bootstrap requests in order; any unexpected status stops the start. */
async function runBootstrap(
  def: ContainerDefinition,
  hostUrl: (port: number) => string,
  auth: TargetAuth | undefined,
  log: (line: string) => void,
): Promise<void> {
  let token: string | undefined
  for (const step of def.bootstrap ?? []) {
    log(`${def.name}: ${step.name}`)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (step.body !== undefined) headers['content-type'] = 'application/json'
    if (step.useAuth && auth) headers['authorization'] = `Bearer ${(token ??= await fetchToken(auth))}`
    const res = await fetch(`${hostUrl(step.port)}${step.path}`, {
      method: step.method,
      headers,
      ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await res.text()
    if (!step.expectStatus.includes(res.status)) {
      throw new TargetError(
        'TARGET_BOOTSTRAP_FAILED',
        `${def.name}: bootstrap step "${step.name}" answered ${res.status}, expected ${step.expectStatus.join(' or ')}: ${text.slice(0, 300)}`,
      )
    }
  }
}
