/**
 * getConfig: the
 * shape of defaults / overrides / endpoints, the warehouse parameter, and idempotency-key-lifetime as an
 * ISO 8601 duration at the top level.
 */
import { operation, rule } from '../_harness/dsl.ts'
import { releaseAtLeast } from '../_harness/support/spec-params.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

interface CatalogConfig {
  defaults: Record<string, unknown>
  overrides: Record<string, unknown>
  endpoints?: unknown[]
  'idempotency-key-lifetime'?: unknown
}

/** ISO 8601 duration as Java's Duration/Period read it (PnYnMnWnDTnHnMnS, fractional seconds). */
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/
const VERBS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])

operation('getConfig', () => {
  rule(
    {
      id: 'config/get/shape',
      title: 'config answers 200 with defaults and overrides as string maps',
      requires: [],
    },
    async ({ catalog, check }) => {
      // This rule's own assertions first; the registry's schema check (schema/CatalogConfig) after them.
      const ex = await catalog.op.getConfig()
      const body = (ex.json ?? {}) as CatalogConfig
      for (const part of ['defaults', 'overrides'] as const) {
        const map = body[part]
        check.that(
          !!map &&
            typeof map === 'object' &&
            !Array.isArray(map) &&
            Object.values(map).every((v) => typeof v === 'string'),
          `${part} is an object of strings`,
          { received: map },
        )
      }
      check.conform(ex, { status: 200 })
    },
  )

  rule(
    {
      id: 'config/endpoints/format',
      title: 'each endpoints entry is "<VERB> <path>" with one space and a /v1/ path template',
      requires: [],
    },
    async ({ catalog, check, unsupported }) => {
      const ex = await catalog.op.getConfig()
      if (ex.status !== 200) check.conform(ex, { status: 200 })
      const body = ((ex.status === 200 ? ex.json : undefined) ?? {}) as Partial<CatalogConfig>
      if (body.endpoints === undefined) unsupported('/v1/config lists no endpoints')
      const bad = (body.endpoints ?? []).filter((e) => {
        if (typeof e !== 'string') return true
        const m = /^([A-Z]+) (\/v1\/\S*)$/.exec(e)
        return !m || !VERBS.has(m[1]!)
      })
      check.that(bad.length === 0, 'malformed endpoints entries', {
        received: bad,
        expected: '"GET /v1/{prefix}/…"',
      })
      check.conform(ex, { status: 200 })
    },
  )

  rule(
    {
      id: 'config/idempotency-key-lifetime/iso-duration',
      title: 'idempotency-key-lifetime, when present, is an ISO 8601 duration at the top level',
      requires: [],
    },
    async ({ catalog, check, unsupported }) => {
      const ex = await catalog.op.getConfig()
      if (ex.status !== 200) check.conform(ex, { status: 200 })
      const body = ((ex.status === 200 ? ex.json : undefined) ?? {}) as Partial<CatalogConfig>
      const top = body['idempotency-key-lifetime']
      const nested =
        body.overrides?.['idempotency-key-lifetime'] ?? body.defaults?.['idempotency-key-lifetime']
      if (top === undefined && nested !== undefined) {
        // Clients read the top-level field only: a lifetime inside the maps is not an advertisement.
        check.that(false, 'idempotency-key-lifetime sits in defaults/overrides instead of the top level', {
          received: nested,
          level: 'SHOULD',
        })
        return
      }
      if (top === undefined) unsupported('the server does not advertise idempotency keys')
      check.that(typeof top === 'string' && ISO_DURATION.test(top), 'the lifetime is an ISO 8601 duration', {
        received: top,
        expected: 'e.g. PT30M',
      })
      check.conform(ex, { status: 200 })
    },
  )

  rule(
    {
      id: 'config/warehouse/requested',
      title: 'config answers 200 for the warehouse the run was given',
      requires: [],
    },
    async ({ catalog, check, run, notConfigured }) => {
      if (!run.warehouse) notConfigured('the run names no warehouse (--warehouse)')
      check.conform(await catalog.op.getConfig(), { status: 200 })
    },
  )

  rule(
    {
      id: 'config/warehouse/unknown',
      title: 'an unknown warehouse answers 404 (or 200 where the server ignores the parameter), never 5xx',
      requires: [],
    },
    async ({ catalog, check, run }) => {
      const ex = await catalog.op.getConfig({ query: { warehouse: `${run.runPrefix}_no_such_warehouse` } })
      // 404 NoSuchWarehouse came with 1.11; before, getConfig documents no 404 and any refusal passes.
      if (releaseAtLeast(run, '1.11')) check.conform(ex, { status: [200, 404], errorType: /NoSuchWarehouse/ })
      else check.conform(ex, { status: ex.status === 200 ? 200 : anyClientError(ex.status) })
    },
  )
})
