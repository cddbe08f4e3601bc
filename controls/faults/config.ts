/** Negative controls of suites/config/: the CatalogConfig body and declared-versus-served endpoints. */
import type { Fault } from '../fault.ts'
import { onOperations, withJson } from '../fault-kit.ts'
import { errorResponse, onRequests } from './scenario-kit.ts'

const AREAS = ['config']
type Config = Record<string, unknown> & { endpoints?: string[]; overrides?: Record<string, string> }

const config = (edit: (b: Config) => unknown) => ({
  onResponse: onOperations(
    ['getConfig'],
    (res) => withJson(res, (b) => edit(b as Config)),
    (res) => res.status === 200,
  ),
})

export const faults: Fault[] = [
  {
    name: 'config-defaults-missing',
    description: '/v1/config leaves out the required defaults object.',
    areas: AREAS,
    breaks: ['config/get/shape'],
    hooks: () => config(({ defaults: _d, ...rest }) => rest),
  },
  {
    name: 'config-endpoints-two-spaces',
    description: 'Endpoints are written with two spaces between verb and path, and the verb in lower case.',
    areas: AREAS,
    breaks: ['config/endpoints/format'],
    hooks: () =>
      config((b) => ({
        ...b,
        endpoints: (b.endpoints ?? []).map((e) =>
          e.replace(' ', '  ').replace(/^\w+/, (v) => v.toLowerCase()),
        ),
      })),
  },
  {
    name: 'config-advertised-not-served',
    description: 'loadCredentials and listFunctions are advertised but answer 501 Not Implemented.',
    areas: AREAS,
    breaks: ['config/endpoints/declared-served'],
    hooks: () => ({
      onRequest: onRequests(['loadCredentials', 'listFunctions'], () =>
        errorResponse(501, 'NotImplementedException', 'not implemented'),
      ),
    }),
  },
  {
    name: 'config-head-routes-unlisted',
    description: 'HEAD routes are served but not listed in endpoints.',
    areas: AREAS,
    breaks: ['config/endpoints/served-advertised'],
    hooks: () =>
      config((b) => ({ ...b, endpoints: (b.endpoints ?? []).filter((e) => !e.startsWith('HEAD ')) })),
  },
  {
    name: 'config-lifetime-not-iso',
    description: 'idempotency-key-lifetime is given as "30 minutes" instead of an ISO 8601 duration.',
    areas: AREAS,
    breaks: ['config/idempotency-key-lifetime/iso-duration'],
    hooks: () => config((b) => ({ ...b, 'idempotency-key-lifetime': '30 minutes' })),
  },
  {
    name: 'config-lifetime-in-overrides',
    description: 'idempotency-key-lifetime is sent inside overrides instead of at the top level.',
    areas: AREAS,
    breaks: ['config/idempotency-key-lifetime/iso-duration'],
    hooks: () =>
      config(({ 'idempotency-key-lifetime': l, ...rest }) => ({
        ...rest,
        overrides: { ...rest.overrides, 'idempotency-key-lifetime': String(l) },
      })),
  },
  {
    name: 'config-unknown-warehouse-500',
    description: 'An unknown warehouse crashes /v1/config (500) instead of 404.',
    areas: AREAS,
    breaks: ['config/warehouse/unknown'],
    hooks: () => ({
      onResponse: onOperations(
        ['getConfig'],
        () => errorResponse(500, 'InternalServerError', 'Unexpected error'),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'config-known-warehouse-404-after-start',
    description: 'After the first call, /v1/config answers 404 for the configured warehouse.',
    areas: AREAS,
    breaks: ['config/warehouse/requested'],
    runArgs: ['--warehouse', 'reference'],
    hooks: () => {
      let calls = 0
      return {
        onRequest: onRequests(['getConfig'], (req) =>
          req.query.get('warehouse') === 'reference' && ++calls > 1
            ? errorResponse(404, 'NoSuchWarehouseException', 'Warehouse does not exist: reference')
            : req,
        ),
      }
    },
    allowErrors: ['config/*'],
  },
]
