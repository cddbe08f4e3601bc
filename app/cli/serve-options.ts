/**
 * What `serve` takes, and the reference server it starts from them. Client developers use `serve` to try their
 * client against a catalog: they may need a prefix (or none), a warehouse name, auth of each kind the spec knows
 * (a bearer token, a read-only and an expired token, OAuth2 client credentials) and, to see how their client copes
 * with a broken server, one of the negative-control faults. An option `serve` does not use is an error, never
 * silently ignored.
 *
 * The defaults are what widely used clients can work with as they are: tables in a file warehouse (a fresh
 * temporary folder unless --warehouse-dir names one), since a client writes its data files where the server puts
 * the table and none can write to `memory://`; and scan plans answered `completed` at once, since PyIceberg 0.12
 * cannot poll a `submitted` plan. --in-memory and --plans-async give the other behaviours. (The bundled target of
 * a certification is started elsewhere, app/setup/start-target.ts, with its own settings.)
 */
import { didYouMean } from '../../schemas/did-you-mean.ts'
import type { ReferenceServerOptions, StaticToken } from '../../reference-server/index.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { FAULTS } from '../../controls/faults/index.ts'
import { refuseOptionsNotTaken } from '../config/options.ts'
import { writableDir } from './writable-dir.ts'
import type { OptionName, Options } from '../config/options.ts'

/** The run options `serve` reads; any other is refused. */
export const SERVE_OPTIONS: readonly OptionName[] = [
  'token',
  'readOnlyToken',
  'expiredToken',
  'clientId',
  'clientSecret',
  'prefix',
  'warehouse',
  'profile',
  'debug',
]

/** serve's own flags (beside the run options above). */
export const SERVE_FLAGS = [
  'port',
  'host',
  'warehouse-dir',
  'in-memory',
  'plans-complete-at-once',
  'plans-async',
  'fault',
  'help',
] as const

export interface ServeSetup {
  readonly port: number
  readonly host: string
  readonly server: ReferenceServerOptions
  /**
   * No --warehouse-dir nor --in-memory: serve makes a fresh temporary folder for the warehouse (`server` has no
   * warehouseDir yet), prints its path and removes it when it stops.
   */
  readonly temporaryWarehouse: boolean
  /** One line on what is running, for the console (no secret values). */
  readonly describe: string
}

/**
 * `opts` are the resolved options; `given` those on the command line, the only ones checked against what serve
 * takes (the environment and a config file may hold settings of other commands).
 */
export function serveSetup(
  opts: Options,
  extra: Record<string, string | boolean | undefined>,
  given: Options = opts,
): ServeSetup {
  refuseOptionsNotTaken('serve', SERVE_OPTIONS, given)
  for (const flag of Object.keys(extra))
    if (!(SERVE_FLAGS as readonly string[]).includes(flag) && extra[flag] !== undefined)
      throw new HarnessError(`serve does not take --${flag}; see serve --help`)

  const port = extra.port === undefined ? 8181 : Number(extra.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new HarnessError(`--port must be a port number, got ${String(extra.port)}`)
  const host = typeof extra.host === 'string' ? extra.host : '127.0.0.1'
  if (Boolean(opts.clientId) !== Boolean(opts.clientSecret))
    throw new HarnessError('--client-id and --client-secret go together')

  const tokens: StaticToken[] = [
    ...(opts.token ? [{ token: opts.token }] : []),
    ...(opts.readOnlyToken ? [{ token: opts.readOnlyToken, readOnly: true }] : []),
    ...(opts.expiredToken ? [{ token: opts.expiredToken, expired: true }] : []),
  ]
  const clients =
    opts.clientId && opts.clientSecret ? [{ clientId: opts.clientId, clientSecret: opts.clientSecret }] : []
  const auth =
    tokens.length + clients.length > 0
      ? {
          tokens,
          clients,
          // Iceberg prefers 401 for an expired token; the original document names 419.
          expiredStatus: opts.profile === 'document' ? (419 as const) : (401 as const),
        }
      : undefined

  const warehouseDir = typeof extra['warehouse-dir'] === 'string' ? extra['warehouse-dir'] : undefined
  if (extra['warehouse-dir'] === true)
    throw new HarnessError('--warehouse-dir needs a folder; see serve --help')
  const inMemory = extra['in-memory'] === true
  if (inMemory && warehouseDir !== undefined)
    throw new HarnessError('--in-memory and --warehouse-dir go apart: the warehouse is in memory or in DIR')
  const plansAsync = extra['plans-async'] === true
  if (plansAsync && extra['plans-complete-at-once'] === true)
    throw new HarnessError(
      '--plans-async and --plans-complete-at-once go apart (completed at once is the default)',
    )

  let faultServer: Partial<ReferenceServerOptions> = {}
  const faultName = typeof extra.fault === 'string' ? extra.fault : undefined
  if (extra.fault === true) throw new HarnessError('--fault needs a name; see serve --help')
  if (faultName !== undefined) {
    const fault = FAULTS.find((f) => f.name === faultName)
    if (!fault)
      throw new HarnessError(
        `unknown fault "${faultName}"${didYouMean(
          faultName,
          FAULTS.map((f) => f.name),
        )}; the faults are listed in docs/negative-controls.md`,
      )
    if (fault.wire)
      throw new HarnessError(`fault "${faultName}" acts below HTTP (a wire proxy) and cannot be served alone`)
    faultServer = { ...fault.server, hooks: fault.hooks() }
  }

  const server: ReferenceServerOptions = {
    ...faultServer,
    port,
    host,
    ...(opts.prefix !== undefined ? { prefix: opts.prefix } : {}),
    ...(opts.warehouse ? { warehouse: opts.warehouse } : {}),
    ...(warehouseDir !== undefined
      ? { warehouseDir: writableDir(warehouseDir, '--warehouse-dir', 'metadata files') }
      : {}),
    // --plans-complete-at-once is the default now; it stays accepted for the scripts that name it.
    plansCompleteAtOnce: !plansAsync,
    ...(auth ? { auth } : {}),
    ...(opts.profile === 'document' ? { documentProfile: true } : {}),
  }
  const parts = [
    auth
      ? `auth: ${[tokens.length ? `${tokens.length} token(s)` : '', clients.length ? 'an OAuth2 client' : ''].filter(Boolean).join(', ')}`
      : 'no auth',
    `prefix ${server.prefix === undefined ? 'ref' : server.prefix === '' ? '(none)' : server.prefix}`,
    inMemory ? 'warehouse in memory' : 'file warehouse',
    plansAsync ? 'scan plans submitted' : 'scan plans completed at once',
    ...(faultName ? [`fault ${faultName}`] : []),
  ]
  return {
    port,
    host,
    server,
    temporaryWarehouse: !inMemory && warehouseDir === undefined,
    describe: parts.join('; '),
  }
}
