/**
 * Capabilities of a target, parsed from one GET /v1/config per run: prefix, namespace separator,
 * idempotency-key lifetime, and the advertised endpoints (or the spec's default set when absent).
 */
import { DEFAULT_ENDPOINTS, OPERATIONS, endpointOf } from '../../schemas/operations.ts'
import type { OperationId } from '../../schemas/operations.ts'

export interface Capabilities {
  /** Path prefix ('' when absent: the segment is dropped, as the Java client does). */
  readonly prefix: string
  /** The separator of namespace parts, decoded (default 0x1F). */
  readonly namespaceSeparator: string
  /** The separator as it is written between encoded parts in a path: URL-encoded, as advertised (default `%1F`). */
  readonly namespaceSeparatorEncoded: string
  readonly idempotencyKeyLifetime?: string
  /** Advertised endpoints, `<METHOD> <path template>`; the default set when the server lists none. */
  readonly endpoints: readonly string[]
  /** True when the server sent an `endpoints` list. */
  readonly endpointsAdvertised: boolean
  readonly defaults: Readonly<Record<string, string>>
  readonly overrides: Readonly<Record<string, string>>
  readonly oauth2ServerUri?: string
}

function stringMap(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {}
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

/** Normalizes an endpoint entry: upper-case verb, single space (Java does the same). */
export function normalizeEndpoint(e: string): string | undefined {
  const parts = e.trim().split(/\s+/)
  if (parts.length !== 2) return undefined
  return `${parts[0]!.toUpperCase()} ${parts[1]}`
}

/**
 * Parses a CatalogConfig body. `prefixOverride` (from --prefix) wins over what the server says.
 * Configuration is merged as the spec says: defaults, then client configuration, then overrides.
 */
export function parseCapabilities(body: unknown, prefixOverride?: string): Capabilities {
  const obj = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const defaults = stringMap(obj.defaults)
  const overrides = stringMap(obj.overrides)
  const merged = { ...defaults, ...overrides }
  const listed = Array.isArray(obj.endpoints)
    ? obj.endpoints.filter((e): e is string => typeof e === 'string').map(normalizeEndpoint)
    : undefined
  const lifetime = obj['idempotency-key-lifetime']
  return {
    prefix: prefixOverride ?? merged.prefix ?? '',
    ...separatorOf(merged['namespace-separator']),
    ...(typeof lifetime === 'string' ? { idempotencyKeyLifetime: lifetime } : {}),
    endpoints: listed ? listed.filter((e): e is string => e !== undefined) : DEFAULT_ENDPOINTS,
    endpointsAdvertised: listed !== undefined,
    defaults,
    overrides,
    ...(merged['oauth2-server-uri'] ? { oauth2ServerUri: merged['oauth2-server-uri'] } : {}),
  }
}

/**
 * The `namespace-separator` override is given URL-encoded. A server that
 * sends it raw (e.g. a literal 0x1F) is read the same way.
 */
export function separatorOf(advertised: string | undefined): {
  namespaceSeparator: string
  namespaceSeparatorEncoded: string
} {
  if (!advertised) return { namespaceSeparator: '\u001f', namespaceSeparatorEncoded: '%1F' }
  let decoded = advertised
  try {
    decoded = decodeURIComponent(advertised)
  } catch {
    // not URL-encoded: take it as it is
  }
  const encoded = [...decoded]
    .map((c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))
    .join('')
  return { namespaceSeparator: decoded, namespaceSeparatorEncoded: encoded }
}

/** getConfig is how capabilities are discovered: every server serves it, whether it lists it or not. */
const ALWAYS_SERVED: ReadonlySet<OperationId> = new Set(['getConfig'])

export function supports(caps: Capabilities, id: OperationId): boolean {
  return ALWAYS_SERVED.has(id) || caps.endpoints.includes(endpointOf(id))
}

/** The operations among `ids` that the target does not advertise. */
export function missingOperations(caps: Capabilities, ids: readonly OperationId[]): OperationId[] {
  return ids.filter((id) => !supports(caps, id))
}

export function isKnownOperation(id: string): id is OperationId {
  return Object.hasOwn(OPERATIONS, id)
}
