/**
 * The route table: one route per operation of schemas/operations.ts, matched against raw request
 * paths. `/v1/config` advertises exactly these routes as `endpoints`, so the table and the
 * advertisement cannot drift apart.
 */
import { OPERATIONS, OPERATION_IDS, endpointOf, type OperationId } from '../schemas/operations.ts'

export interface RouteMatch {
  readonly id: OperationId
  /** Path parameters by template name (`namespace`, `table`, `view`, `function`, `plan-id`), still percent-encoded. */
  readonly params: Readonly<Record<string, string>>
}

export type RouteResult =
  | { readonly kind: 'match'; readonly match: RouteMatch }
  | { readonly kind: 'method-not-allowed'; readonly allow: readonly string[] }
  | { readonly kind: 'not-found' }

interface Route {
  readonly id: OperationId
  readonly method: string
  /** Template segments after `/v1`, with `{prefix}` already replaced or removed. */
  readonly segments: readonly string[]
}

const segmentsOf = (path: string): string[] => path.split('/').slice(1)

/** Builds the router for a server whose `{prefix}` is `prefix` ('' = no prefix segment). */
export function createRouter(prefix: string): (method: string, rawPath: string) => RouteResult {
  const encodedPrefix = prefix === '' ? [] : [encodeURIComponent(prefix)]
  const routes: Route[] = OPERATION_IDS.map((id) => {
    const o = OPERATIONS[id]
    const segments = segmentsOf(o.path).flatMap((s) => (s === '{prefix}' ? encodedPrefix : [s]))
    return { id, method: o.method, segments }
  })

  return (method, rawPath) => {
    const actual = segmentsOf(rawPath)
    const allow = new Set<string>()
    for (const r of routes) {
      const params = matchSegments(r.segments, actual)
      if (!params) continue
      if (r.method === method) return { kind: 'match', match: { id: r.id, params } }
      allow.add(r.method)
    }
    return allow.size > 0 ? { kind: 'method-not-allowed', allow: [...allow].sort() } : { kind: 'not-found' }
  }
}

function matchSegments(
  template: readonly string[],
  actual: readonly string[],
): Record<string, string> | null {
  if (template.length !== actual.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as string
    const a = actual[i] as string
    if (t.startsWith('{') && t.endsWith('}')) {
      // An empty parameter (`/namespaces//tables`) names nothing: not this route.
      if (a === '') return null
      params[t.slice(1, -1)] = a
    } else if (t !== a) return null
  }
  return params
}

/** The `endpoints` list of /v1/config: every operation this server serves except config and tokens. */
export function advertisedEndpoints(): string[] {
  return OPERATION_IDS.filter((id) => id !== 'getConfig' && id !== 'getToken').map(endpointOf)
}
