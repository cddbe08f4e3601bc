/**
 * Servers that follow the spec differently, legally, must certify: the reference server behind each variation is
 * run through the suites it touches and must come out conformant (exit 0). A false verdict against a correct server
 * is as bad as a missed bug. Bodies the hooks rewrite are read and written without loss (json-int64.ts): a hook that
 * rounded a 63-bit snapshot id through a double would be a broken server, not a legal variation.
 */
import { afterAll, describe, expect, test } from 'vitest'
import type { ReferenceServerOptions } from '../reference-server/index.ts'
import { parseJson, stringifyJson } from '../schemas/model/json-int64.ts'
import { errorResponse } from './faults/scenario-kit.ts'
import { discard, runControl } from './run-fault.ts'
import type { RunOutcome } from './run-fault.ts'

const outcomes: RunOutcome[] = []

const renamedErrorTypes: Partial<ReferenceServerOptions> = {
  // Error type names are representative in the spec: a server may call them anything.
  hooks: {
    onResponse: (_req, res) =>
      res.status === 404
        ? { ...res, body: (res.body ?? '').replace(/"type":"NoSuch(\w+?)Exception"/, '"type":"$1Missing"') }
        : res,
  },
}

const reorderedAndSpelledOut: Partial<ReferenceServerOptions> = {
  // The spec fixes no order of id-keyed lists and allows default type parameters to be written out.
  hooks: {
    onResponse: (_req, res) => {
      if (!res.body?.includes('"schemas"')) return res
      const body = parseJson(res.body) as { metadata?: { schemas?: unknown[] } }
      if (Array.isArray(body.metadata?.schemas)) body.metadata.schemas.reverse()
      const text = stringifyJson(body).replaceAll('"geography"', '"geography(OGC:CRS84, spherical)"')
      return { ...res, body: text }
    },
  },
}

/** Fields the spec does not forbid: vendor keys on every JSON object answered, a property the server adds to namespaces. */
const vendorExtras: Partial<ReferenceServerOptions> = {
  hooks: {
    onResponse: (req, res) => {
      if (res.status < 200 || res.status >= 300 || !res.body?.startsWith('{')) return res
      const body = parseJson(res.body) as Record<string, unknown>
      body['x-vendor-trace'] = { id: 'abc', region: 'eu-1' }
      const props = body.properties
      if (req.path.includes('/namespaces') && !req.path.includes('/tables') && !req.path.includes('/views'))
        if (props && typeof props === 'object' && !Array.isArray(props))
          body.properties = {
            ...(props as Record<string, string>),
            'vendor.created-at': '2026-01-01T00:00:00Z',
          }
      return { ...res, body: stringifyJson(body) }
    },
  },
}

/** A catalog that does not paginate: pageSize and pageToken are ignored and no next-page-token is ever sent. */
const noPagination: Partial<ReferenceServerOptions> = {
  hooks: {
    onRequest: (req) => {
      const query = new URLSearchParams(req.query)
      query.delete('pageSize')
      query.delete('pageToken')
      return { ...req, query }
    },
    onResponse: (_req, res) => {
      if (!res.body?.includes('next-page-token')) return res
      const body = parseJson(res.body) as Record<string, unknown>
      delete body['next-page-token']
      return { ...res, body: stringifyJson(body) }
    },
  },
}

/** Optional fields left out when empty (properties, config), listings in another order, another content type form. */
const terseAndReordered: Partial<ReferenceServerOptions> = {
  hooks: {
    onResponse: (_req, res) => {
      const headers = {
        ...res.headers,
        ...(res.headers['content-type'] ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        'cache-control': 'no-store',
      }
      if (res.status !== 200 || !res.body?.startsWith('{')) return { ...res, headers }
      const body = parseJson(res.body) as Record<string, unknown>
      for (const key of ['properties', 'config'])
        if (body[key] && typeof body[key] === 'object' && Object.keys(body[key]).length === 0)
          delete body[key]
      for (const key of ['namespaces', 'identifiers']) if (Array.isArray(body[key])) body[key].reverse()
      return { ...res, headers, body: stringifyJson(body) }
    },
  },
}

/**
 * A catalog without views: it advertises no view endpoint and answers every view route 404 (no such route). A HEAD
 * 404 carries no body, so it proves nothing about the route (it once made the harness warn "served, not advertised").
 */
const noViews: Partial<ReferenceServerOptions> = {
  hooks: {
    onRequest: (req) =>
      /\/(views|register-view)(\/|$|\?)/.test(req.path)
        ? errorResponse(404, 'NotFoundException', 'no such route')
        : req,
    onResponse: (req, res) => {
      if (!req.path.endsWith('/v1/config') || res.status !== 200) return res
      const body = parseJson(res.body ?? '{}') as { endpoints?: string[] }
      body.endpoints = (body.endpoints ?? []).filter((e) => !/\/(views|register-view)/.test(e))
      return { ...res, body: stringifyJson(body) }
    },
  },
}

/**
 * A catalog that owns its tables' locations: it refuses to register metadata a live table uses (Polaris-style). The
 * spec does not require registering a live table's metadata under a second name, so no rule may depend on it.
 */
function ownsLocations(): Partial<ReferenceServerOptions> {
  const live = new Map<string, string>()
  return {
    hooks: {
      onRequest: (req) => {
        if (req.method !== 'POST' || !req.path.endsWith('/register')) return req
        const location = (parseJson(req.body ?? '{}') as { 'metadata-location'?: string })[
          'metadata-location'
        ]
        if (!location || ![...live.values()].includes(location)) return req
        return errorResponse(409, 'AlreadyExistsException', 'location owned by a live table')
      },
      onResponse: (req, res) => {
        if (req.method === 'POST' && req.path.endsWith('/tables') && res.status === 200) {
          const name = (parseJson(req.body ?? '{}') as { name?: string }).name ?? ''
          const md = parseJson(res.body ?? '{}') as { 'metadata-location'?: string }
          if (md['metadata-location']) live.set(`${req.path}/${name}`, md['metadata-location'])
        }
        if (req.method === 'DELETE' && res.status < 300) live.delete(req.path)
        return res
      },
    },
  }
}

/** Lakana-style: top-level namespaces are fixed (`bronze`, `silver`, `gold`); any other top-level create is refused. */
const fixedParents: Partial<ReferenceServerOptions> = {
  hooks: {
    onRequest: (req) => {
      if (req.method !== 'POST' || !req.path.endsWith('/namespaces')) return req
      const ns = (parseJson(req.body ?? '{}') as { namespace?: unknown }).namespace
      if (!Array.isArray(ns) || ns.length !== 1 || ['bronze', 'silver', 'gold'].includes(String(ns[0])))
        return req
      return errorResponse(403, 'ForbiddenException', 'only bronze, silver and gold at the top')
    },
  },
}

/** The JSON body of a request, or undefined. */
function bodyOf(req: { body: string }): Record<string, unknown> | undefined {
  try {
    const v = parseJson(req.body) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/**
 * A catalog that stores properties of its own (Hive-style `location`, an `owner`; a write default on tables) on every
 * namespace and table it creates, unless the client gave them. "Properties stored on the namespace" does not stop a
 * server storing its own, so only the keys the run set or removed may be judged.
 */
const ownProperties: Partial<ReferenceServerOptions> = {
  hooks: {
    onRequest: (req) => {
      if (req.method !== 'POST') return req
      const body = bodyOf(req)
      const isCreateNamespace = /\/namespaces$/.test(req.path) && Array.isArray(body?.namespace)
      const isCreateTable = /\/namespaces\/[^/]+\/tables$/.test(req.path) && typeof body?.name === 'string'
      if (!body || !(isCreateNamespace || isCreateTable)) return req
      const own = isCreateNamespace
        ? { owner: 'catalog', location: `file:/warehouse/${(body.namespace as string[]).join('/')}` }
        : { owner: 'catalog', 'write.parquet.compression-codec': 'zstd' }
      const given = (body.properties ?? {}) as Record<string, string>
      return { ...req, body: stringifyJson({ ...body, properties: { ...own, ...given } }) }
    },
  },
}

/**
 * A catalog that forbids some update kinds to everyone (Lakana-style policy): remove-snapshots, remove-schemas and
 * remove-partition-specs, and moving a table (set-location, allowed in the create transaction that sets it first).
 * A 403 with the envelope is a documented answer of updateTable; no sentence obliges a catalog to take every kind.
 */
const forbiddenUpdates: Partial<ReferenceServerOptions> = {
  hooks: {
    onRequest: (req) => {
      if (req.method !== 'POST' || !/\/namespaces\/[^/]+\/tables\/[^/]+$/.test(req.path)) return req
      const body = bodyOf(req)
      const updates = Array.isArray(body?.updates) ? (body.updates as { action?: unknown }[]) : []
      const creating = Array.isArray(body?.requirements)
        ? (body.requirements as { type?: unknown }[]).some((r) => r.type === 'assert-create')
        : false
      const forbidden = [
        'remove-snapshots',
        'remove-schemas',
        'remove-partition-specs',
        ...(creating ? [] : ['set-location']),
      ]
      const refused = updates.find((u) => forbidden.includes(String(u.action)))
      return refused
        ? errorResponse(403, 'ForbiddenException', `${String(refused.action)} is not allowed in this catalog`)
        : req
    },
  },
}

const V3_TYPE = /"(timestamp_ns|timestamptz_ns|unknown|variant|geometry|geography)[("]/

/**
 * A catalog without format v3: a create asking for format-version 3 (or a v3 type) and an upgrade to 3 are refused
 * with 400 and the envelope. "Implementations should ideally support all Iceberg table spec versions" is a should.
 * `createStatus` 500: the create is answered with a server error and the envelope instead (lakana-server's
 * NotImplementedError), which leaves v3 unsupported and is a robustness finding, never a failure.
 */
function noV3(createStatus: 400 | 500): Partial<ReferenceServerOptions> {
  return {
    hooks: {
      onRequest: (req) => {
        if (req.method !== 'POST') return req
        const body = bodyOf(req)
        const props = (body?.properties ?? {}) as Record<string, unknown>
        const updates = Array.isArray(body?.updates) ? (body.updates as Record<string, unknown>[]) : []
        const create =
          /\/tables$/.test(req.path) && (String(props['format-version']) === '3' || V3_TYPE.test(req.body))
        if (create && createStatus === 500)
          return errorResponse(500, 'NotImplementedError', 'format-version 3 is not implemented')
        const v3 =
          create ||
          updates.some((u) => u.action === 'upgrade-format-version' && Number(u['format-version']) >= 3)
        return v3 ? errorResponse(400, 'BadRequestException', 'Unsupported format version: 3') : req
      },
    },
  }
}

/** The original document's last page: `next-page-token` left out ("null or absent when no more results"). */
const lastPageOmitsToken: Partial<ReferenceServerOptions> = {
  hooks: {
    onResponse: (req, res) => {
      if (req.method !== 'GET' || !res.body?.includes('"next-page-token":null')) return res
      const body = parseJson(res.body) as Record<string, unknown>
      delete body['next-page-token']
      return { ...res, body: stringifyJson(body) }
    },
  },
}

const VARIANTS: readonly {
  name: string
  server: Partial<ReferenceServerOptions>
  areas: string[]
  runArgs?: string[]
  /** The variant answers some request with a server error the document names no other answer for. */
  robustness?: boolean
}[] = [
  { name: 'error types named otherwise (no NoSuch…)', server: renamedErrorTypes, areas: ['config'] },
  {
    name: 'schemas listed newest first, geography with its default parameters written out',
    server: reorderedAndSpelledOut,
    areas: ['commits', 'properties'],
  },
  {
    // Nessie-style: the advertised prefix is already percent-encoded; clients join it verbatim.
    name: 'a prefix that needs percent-encoding, advertised encoded (main%7Cwarehouse)',
    server: { prefix: 'main|warehouse' },
    areas: ['namespaces', 'tables'],
  },
  { name: 'no prefix at all', server: { prefix: '' }, areas: ['namespaces', 'tables'] },
  {
    name: 'vendor fields on every answer and a property the server adds to namespaces',
    server: vendorExtras,
    areas: ['namespaces', 'tables', 'views', 'commits', 'pagination'],
  },
  {
    name: 'no pagination at all',
    server: noPagination,
    areas: ['pagination', 'namespaces', 'tables', 'views'],
  },
  {
    name: 'optional fields left out when empty, listings reversed, JSON with a charset',
    server: terseAndReordered,
    areas: ['namespaces', 'tables', 'views', 'commits', 'errors'],
  },
  {
    name: 'no views at all (none advertised, every view route 404)',
    server: noViews,
    areas: ['views', 'namespaces', 'tables', 'config', 'errors'],
  },
  {
    name: 'registering metadata a live table uses is refused (the catalog owns locations)',
    server: ownsLocations(),
    areas: ['tables', 'idempotency'],
  },
  {
    name: 'namespace and table properties of the server’s own (owner, location, a write default)',
    server: ownProperties,
    areas: ['namespaces', 'tables', 'commits', 'properties', 'stateful'],
  },
  {
    name: 'some update kinds forbidden with 403 (remove-snapshots, remove-schemas, remove-partition-specs, set-location)',
    server: forbiddenUpdates,
    areas: ['commits', 'properties'],
  },
  {
    name: 'no format v3 (a v3 create or upgrade is 400 with the envelope)',
    server: noV3(400),
    areas: ['commits', 'properties'],
  },
  {
    name: 'no format v3, a v3 create answered 500 with the envelope (unsupported, and a robustness finding)',
    server: noV3(500),
    areas: ['commits', 'properties'],
    robustness: true,
  },
  {
    name: 'the original document: a last page without next-page-token',
    server: lastPageOmitsToken,
    areas: ['pagination'],
    runArgs: ['--profile', 'document'],
  },
]

describe('legal variations certify as conformant', () => {
  afterAll(() => outcomes.forEach(discard))

  test.each(VARIANTS)('$name', { timeout: 300_000 }, async (v) => {
    const run = await runControl({
      label: 'tolerance',
      areas: v.areas,
      server: v.server,
      ...(v.runArgs ? { runArgs: v.runArgs } : {}),
    })
    outcomes.push(run)
    expect(run.results?.verdict, run.output.slice(-2000)).toBe('conformant')
    expect(run.exitCode).toBe(0)
    if (v.robustness) expect(run.results?.summary.robustness ?? 0, 'robustness findings').toBeGreaterThan(0)
  })
})

describe('transient unavailability is not judged', () => {
  afterAll(() => outcomes.forEach(discard))

  test(
    'every 40th write answered 503 with Retry-After once: conformant, and the retries are counted',
    { timeout: 300_000 },
    async () => {
      let writes = 0
      const refused = new Set<string>()
      const run = await runControl({
        label: 'tolerance-503',
        areas: ['namespaces', 'tables', 'commits'],
        hooks: {
          onRequest: (req) => {
            if (req.method === 'GET' || req.method === 'HEAD') return req
            const key = `${req.method} ${req.path} ${req.body}`
            if (++writes % 40 !== 0 || refused.has(key)) return req
            refused.add(key)
            const busy = errorResponse(503, 'ServiceUnavailableException', 'busy')
            return { ...busy, headers: { ...busy.headers, 'retry-after': '0' } }
          },
        },
      })
      outcomes.push(run)
      expect(run.results?.verdict, run.output.slice(-2000)).toBe('conformant')
      expect(run.results?.tests.reduce((n, t) => n + (t.retries ?? 0), 0)).toBeGreaterThan(0)
      expect(run.output).toMatch(/the server asked to retry \d+ request/)
    },
  )
})

describe('setup steps accept any success', () => {
  afterAll(() => outcomes.forEach(discard))

  test(
    'drops and renames answered 200 instead of 204: the status rules report it, no other rule errors',
    { timeout: 300_000 },
    async () => {
      const run = await runControl({
        label: 'tolerance-200',
        areas: ['tables', 'idempotency'],
        hooks: {
          onResponse: (req, res) =>
            res.status === 204 && req.method !== 'HEAD' ? { ...res, status: 200, body: '' } : res,
        },
      })
      outcomes.push(run)
      const errors = (run.results?.tests ?? []).filter((t) => t.outcome === 'error').map((t) => t.id)
      expect(errors, run.output.slice(-2000)).toEqual([])
    },
  )
})

describe('a run confined to one parent namespace (--namespace-parent)', () => {
  afterAll(() => outcomes.forEach(discard))

  test(
    'a catalog with fixed top-level namespaces certifies under one of them, and the parent is left as it was',
    { timeout: 300_000 },
    async () => {
      const createBronze = async (url: string) => {
        const res = await fetch(`${url}/v1/ref/namespaces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ namespace: ['bronze'], properties: { owner: 'data-team' } }),
        })
        expect(res.status).toBe(200)
      }
      let after: { properties?: unknown; children?: unknown } = {}
      const readBronze = async (url: string) => {
        const load = (await (await fetch(`${url}/v1/ref/namespaces/bronze`)).json()) as {
          properties?: unknown
        }
        const list = (await (await fetch(`${url}/v1/ref/namespaces?parent=bronze`)).json()) as {
          namespaces?: unknown
        }
        after = { properties: load.properties, children: list.namespaces }
      }
      const run = await runControl({
        label: 'tolerance-parent',
        areas: ['namespaces', 'tables', 'views', 'stateful'],
        server: fixedParents,
        runArgs: ['--namespace-parent', 'bronze'],
        before: createBronze,
        after: readBronze,
      })
      outcomes.push(run)
      expect(run.results?.verdict, run.output.slice(-2000)).toBe('conformant')
      const notConfigured = (run.results?.tests ?? []).filter((t) => t.outcome === 'not-configured')
      expect(notConfigured.map((t) => t.rule)).toContain('namespaces/list/parent-empty-is-top-level')
      expect(after).toEqual({ properties: { owner: 'data-team' }, children: [] })
    },
  )
})
