/**
 * `run --image IMAGE[:TAG]`: any catalog image, certified in one command. The flags make a container definition of
 * one container (no services, no bootstrap), which starts through the same code as the definitions of
 * `fixtures/targets/containers/`.
 */
import type { ContainerDefinition } from './container-definition.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'

export interface ImageTargetFlags {
  /** `IMAGE[:TAG]` or `IMAGE@sha256:…`. */
  readonly image: string
  /** The port the catalog listens on inside the container (default 8181). */
  readonly containerPort?: number
  /** The environment of the container. */
  readonly env?: Readonly<Record<string, string>>
  /** What to GET until the catalog answers (default: `<base path>/v1/config`). */
  readonly waitPath?: string
  /** The catalog's path below the host, without `/v1` (default: none). */
  readonly basePath?: string
}

export const DEFAULT_CONTAINER_PORT = 8181
/** Long enough for a JVM catalog on a small machine; a container that exits fails at once anyway. */
const STARTUP_TIMEOUT_MS = 120_000
/**
 * "The catalog answers": any status below 500. A catalog that wants a token answers 401 and is up; a 5xx is a
 * proxy or a server still starting.
 */
const ANSWERED = Array.from({ length: 400 }, (_, i) => 100 + i)

/** `name[:tag]` (a registry port is not a tag: `host:5000/x`), or a digest reference kept whole. */
export function parseImageRef(ref: string): { name: string; tag: string } {
  if (!/^[a-z0-9][a-z0-9._\-/:@]*$/i.test(ref))
    throw new HarnessError(`--image "${ref}" is not an image reference (IMAGE[:TAG])`)
  if (ref.includes('@')) return { name: ref, tag: '' }
  const colon = ref.lastIndexOf(':')
  if (colon > ref.lastIndexOf('/')) {
    const tag = ref.slice(colon + 1)
    if (tag === '') throw new HarnessError(`--image "${ref}" has an empty tag`)
    return { name: ref.slice(0, colon), tag }
  }
  return { name: ref, tag: 'latest' }
}

/** `--env K=V` entries as a map; an entry without `=` or with an empty name is refused. */
export function parseEnvPairs(entries: readonly string[], flag = '--env'): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of entries) {
    const eq = entry.indexOf('=')
    if (eq <= 0) throw new HarnessError(`${flag} takes K=V, got "${entry}"`)
    out[entry.slice(0, eq)] = entry.slice(eq + 1)
  }
  return out
}

/** A path as the flags take it: starts with `/`; the base path also loses a trailing slash and must not end in /v1. */
function pathFlag(flag: string, value: string): string {
  if (!value.startsWith('/')) throw new HarnessError(`${flag} must start with /, got "${value}"`)
  return value
}

/** The --image flags of a run's options (`image` must be set). */
export function imageFlagsOf(opts: {
  readonly image?: string | undefined
  readonly containerPort?: number | undefined
  readonly env?: readonly string[] | undefined
  readonly waitPath?: string | undefined
  readonly basePath?: string | undefined
}): ImageTargetFlags {
  return {
    image: opts.image ?? '',
    ...(opts.containerPort === undefined ? {} : { containerPort: opts.containerPort }),
    ...(opts.env === undefined ? {} : { env: parseEnvPairs(opts.env) }),
    ...(opts.waitPath === undefined ? {} : { waitPath: opts.waitPath }),
    ...(opts.basePath === undefined ? {} : { basePath: opts.basePath }),
  }
}

/** The one-container definition `--image` and its flags describe. */
export function imageDefinition(flags: ImageTargetFlags): ContainerDefinition {
  const image = parseImageRef(flags.image)
  const port = flags.containerPort ?? DEFAULT_CONTAINER_PORT
  const basePath =
    flags.basePath === undefined ? '' : pathFlag('--base-path', flags.basePath).replace(/\/+$/, '')
  if (/\/v1$/.test(basePath))
    throw new HarnessError(`--base-path is the path before /v1, got "${flags.basePath}"`)
  const waitPath =
    flags.waitPath === undefined ? `${basePath}/v1/config` : pathFlag('--wait-path', flags.waitPath)
  return {
    name: 'image',
    description: `the image ${flags.image}`,
    verified: true,
    image,
    env: { ...flags.env },
    ports: [port],
    readiness: { kind: 'http', port, path: waitPath, status: ANSWERED },
    startupTimeoutMs: STARTUP_TIMEOUT_MS,
    catalog: { port, basePath },
    teardown: { stopTimeoutMs: 10_000, removeVolumes: true },
  }
}
