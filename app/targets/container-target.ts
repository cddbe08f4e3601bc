import type * as Testcontainers from 'testcontainers'
import type { ContainerDefinition, Readiness } from './container-definition.ts'
import { TargetError } from './target-error.ts'
import type { RunningTarget, TargetAuth, TargetProvider } from './types.ts'

type Tc = typeof Testcontainers
type Started = Testcontainers.StartedTestContainer

export interface ContainerTargetOptions {
  /** Overrides the definition's image tag (the catalog's version), e.g. `1.11.0`. */
  readonly version?: string
  /** Extra or overriding environment for the catalog container. */
  readonly env?: Readonly<Record<string, string>>
}

/**
 * Imports testcontainers only when a container target is started: it is an optionalDependency and
 * pulls in a Docker client that every other run can do without.
 */
async function loadTestcontainers(): Promise<Tc> {
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

/** Fails with one readable sentence (not a stack dump) when no Docker-compatible engine answers. */
async function requireRuntime(tc: Tc): Promise<void> {
  try {
    await tc.getContainerRuntimeClient()
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
    throw new TargetError(
      'TARGET_NO_CONTAINER_RUNTIME',
      `container targets need a Docker-compatible engine, and none was found (${reason}). ` +
        'Start Docker or Podman, or set DOCKER_HOST; or pick a process or url target.',
      { cause: err },
    )
  }
}

function waitStrategy(tc: Tc, readiness: Readiness): Testcontainers.WaitStrategy {
  if (readiness.kind === 'log') return tc.Wait.forLogMessage(readiness.pattern, readiness.times ?? 1)
  const ok = new Set(readiness.status)
  return tc.Wait.forHttp(readiness.path, readiness.port).forStatusCodeMatching((s) => ok.has(s))
}

/**
 * A catalog started in containers from a {@link ContainerDefinition}: sidecar services first, on a
 * private network, then the catalog, then its bootstrap requests. Everything started is stopped
 * (and volumes removed, when the definition says so) by `stop()` or when starting fails.
 */
export function containerTarget(
  def: ContainerDefinition,
  options: ContainerTargetOptions = {},
): TargetProvider {
  return {
    kind: 'container',
    async start({ timeoutMs, log }) {
      const tc = await loadTestcontainers()
      await requireRuntime(tc)
      const startup = Math.min(timeoutMs, def.startupTimeoutMs)
      const started: Started[] = []
      let network: Testcontainers.StartedNetwork | undefined
      const stopAll = async (): Promise<void> => {
        const stopOptions = { timeout: def.teardown.stopTimeoutMs, removeVolumes: def.teardown.removeVolumes }
        for (const c of started.reverse()) await c.stop(stopOptions).catch(() => undefined)
        started.length = 0
        await network?.stop().catch(() => undefined)
      }
      try {
        network = await new tc.Network().start()
        for (const service of def.services ?? []) {
          log(`${def.name}: starting ${service.alias} (${service.image.name}:${service.image.tag})`)
          let c = new tc.GenericContainer(`${service.image.name}:${service.image.tag}`)
            .withNetwork(network)
            .withNetworkAliases(service.alias)
            .withEnvironment({ ...service.env })
            .withStartupTimeout(startup)
          if (service.entrypoint) c = c.withEntrypoint([...service.entrypoint])
          if (service.command) c = c.withCommand([...service.command])
          if (service.ports?.length) c = c.withExposedPorts(...service.ports)
          if (service.oneShot) c = c.withWaitStrategy(tc.Wait.forOneShotStartup())
          else if (service.readiness) c = c.withWaitStrategy(waitStrategy(tc, service.readiness))
          started.push(await c.start())
        }
        const image = `${def.image.name}:${options.version ?? def.image.tag}`
        log(`${def.name}: starting ${image}`)
        let catalog = new tc.GenericContainer(image)
          .withNetwork(network)
          .withNetworkAliases(def.name)
          .withEnvironment({ ...def.env, ...options.env })
          .withExposedPorts(...def.ports)
          .withWaitStrategy(waitStrategy(tc, def.readiness))
          .withStartupTimeout(startup)
        if (def.entrypoint) catalog = catalog.withEntrypoint([...def.entrypoint])
        if (def.command) catalog = catalog.withCommand([...def.command])
        const main = await catalog.start()
        started.push(main)

        const hostUrl = (port: number) => `http://${main.getHost()}:${main.getMappedPort(port)}`
        const auth: TargetAuth | undefined = def.auth && {
          kind: def.auth.kind,
          tokenUrl: `${hostUrl(def.auth.port)}${def.auth.tokenPath}`,
          clientId: def.auth.clientId,
          clientSecret: def.auth.clientSecret,
          ...(def.auth.scope === undefined ? {} : { scope: def.auth.scope }),
        }
        await runBootstrap(def, hostUrl, auth, log)

        const running: RunningTarget = {
          url: `${hostUrl(def.catalog.port)}${def.catalog.basePath}`,
          ...(def.catalog.warehouse === undefined ? {} : { warehouse: def.catalog.warehouse }),
          ...(auth === undefined ? {} : { auth }),
          stop: stopAll,
        }
        return running
      } catch (err) {
        await stopAll()
        if (err instanceof TargetError) throw err
        const reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
        throw new TargetError(
          'TARGET_READINESS_TIMEOUT',
          `${def.name}: containers did not start: ${reason}`,
          {
            cause: err,
          },
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
