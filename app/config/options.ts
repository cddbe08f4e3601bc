/**
 * Every option of a run, with its flag, environment variable and YAML key derived from one table.
 * Precedence (config/resolve.ts): flags > environment > YAML file > defaults.
 */
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { RUN_DISTINCT_FAILURES } from '../../suites/_harness/support/distinct-failures.ts'

export type OptionType = 'string' | 'number' | 'boolean' | 'list'

export interface OptionSpec {
  readonly type: OptionType
  readonly description: string
  /** Secrets are never printed, recorded or written to a report. */
  readonly secret?: boolean
  /** A number option's bounds (every number option is a whole number): a value outside them means nothing. */
  readonly min?: number
  readonly max?: number
}

export const OPTION_SPECS = {
  url: {
    type: 'string',
    description: 'Catalog base URL (without /v1). Absent: certify the bundled reference server.',
  },
  target: {
    type: 'string',
    description: 'A known target by name (see `targets`), e.g. iceberg-rest-fixture.',
  },
  targetVersion: {
    type: 'string',
    description: 'Version of a started target (the Java fixture release, an image tag).',
  },
  image: {
    type: 'string',
    description:
      'Certify a catalog image: IMAGE[:TAG], started with testcontainers (a Docker-compatible engine), removed after the run.',
  },
  containerPort: {
    type: 'number',
    min: 1,
    max: 65535,
    description: 'With --image: the port the catalog listens on inside the container (default 8181).',
  },
  env: {
    type: 'list',
    description:
      'Environment K=V of a started catalog (repeatable): the --image container, a container target, iceberg-rest-fixture (CATALOG_*).',
    secret: true,
  },
  waitPath: {
    type: 'string',
    description:
      'With --image: the path polled until the catalog answers (default: the base path + /v1/config).',
  },
  basePath: {
    type: 'string',
    description: "With --image: the catalog's path in the container, before /v1 (default: none).",
  },
  keep: {
    type: 'boolean',
    description: 'Leave a started container running after the run, and print how to reach and remove it.',
  },
  prefix: {
    type: 'string',
    description:
      'Path prefix, used verbatim as the path segment (percent-encoded as it must appear in URLs); default: what GET /v1/config advertises.',
  },
  warehouse: { type: 'string', description: 'Warehouse passed to GET /v1/config.' },
  namespaceParent: {
    type: 'string',
    description:
      'Create the run\'s namespaces under this existing namespace (levels joined by "."), never writing the parent itself; default: top level.',
  },
  token: { type: 'string', description: 'Bearer token sent on every request.', secret: true },
  clientId: { type: 'string', description: 'OAuth2 client id (client-credentials flow).' },
  clientSecret: { type: 'string', description: 'OAuth2 client secret.', secret: true },
  scope: { type: 'string', description: 'OAuth2 scope (default: catalog).' },
  oauthUri: {
    type: 'string',
    description: 'OAuth2 token endpoint; default: oauth2-server-uri from /v1/config.',
  },
  header: { type: 'list', description: 'Extra request header K=V (repeatable).', secret: true },
  config: { type: 'string', description: 'YAML config file.' },
  include: { type: 'list', description: 'Only these areas or tags.' },
  exclude: { type: 'list', description: 'Leave out these areas or tags.' },
  profile: {
    type: 'string',
    description: 'Spec profile: a release 1.4 … 1.11, main, or document (the original document).',
  },
  seed: { type: 'number', description: 'Property-test seed (printed on every run).' },
  path: { type: 'string', description: 'Property-test replay path (from a failure report).' },
  runs: { type: 'number', min: 1, description: 'Property-test budget: runs per property.' },
  distinctFailures: {
    type: 'number',
    min: 1,
    description:
      'Most distinct failures a robustness property reports per rule and operation (default 10: each property its own cap, 5 for most, 10 for the generated bodies; 1: the first only, faster).',
  },
  thorough: {
    type: 'boolean',
    description: 'Certification budget for property, model and concurrency suites.',
  },
  cleanup: {
    type: 'boolean',
    description:
      'Remove what the run creates (default: for a catalog given by URL; a target the run starts is discarded with its data). --no-cleanup for a catalog discarded after the run, such as a CI container.',
  },
  timeout: {
    type: 'number',
    min: 1,
    // Node's timers take at most 2^31 - 1 ms (~24.8 days).
    max: 2_147_483_647,
    // undici checks a request's timeout on a clock of its own that ticks about twice a second (measured: 300 ms
    // gave up after ~1 s, 2,000 ms after ~2.5 s; with 50, an answer after 900 ms was taken): late, never early.
    description:
      'Per-request timeout in milliseconds (checked about twice a second: a request may wait up to ~1 s longer).',
  },
  reportDir: { type: 'string', description: 'Where reports are written.' },
  openapi: {
    type: 'string',
    description: 'Also validate responses against this OpenAPI document (findings reported separately).',
  },
  expect: { type: 'string', description: 'Expectations file (YAML): test id -> expected outcome.' },
  delegationHeader: { type: 'string', description: 'Access-delegation header to send.' },
  readOnlyToken: {
    type: 'string',
    description: 'A token without write permission (auth suite: 403).',
    secret: true,
  },
  expiredToken: { type: 'string', description: 'An expired token (auth suite: 419 or 401).', secret: true },
  disableChecks: { type: 'list', description: 'Checks to switch off by name (reported as disabled).' },
  failOn: {
    type: 'list',
    description:
      'Also count these findings in the verdict: robustness (a 5xx where the spec names no other answer; reported apart and not part of the verdict by default).',
  },
  // A race needs two requests.
  concurrency: { type: 'number', min: 2, description: 'Racing requests in concurrency suites.' },
  workers: {
    type: 'number',
    min: 1,
    description:
      'Suite files run at once (default: the cores less one, at least 2, for the bundled server, which shares this process; as many as the cores for any other catalog nearby; for a catalog by URL 5 ms or more away (20 ms by a loopback address), more the farther it is: the cores times (2 + round trip / 20 ms), at most six a core and 24).',
  },
  serial: {
    type: 'boolean',
    description:
      'One test at a time: the suite files one after another, the tests of a file in order (slower; tells a defect from an interference between concurrent tests). A test that races requests on purpose (the concurrency suites) still sends them at once. Not with --workers.',
  },
  maxInFlight: {
    type: 'number',
    min: 1,
    description:
      "Requests in flight at once against the catalog, for catalogs that limit rates (default: no cap; the run has at most the workers times 8 tests at once, 16 against a distant catalog). 429 and 503 with Retry-After are honoured either way. A race holds its worker's slots (at most --concurrency) for its requests together; the concurrency rules need two a worker: with fewer nothing races, and they end as not-configured.",
  },
  shard: {
    type: 'string',
    description: 'Run one part of the suite files, i/n (Vitest sharding); combine with `report merge`.',
  },
  ui: { type: 'boolean', description: 'Open the Vitest UI on the same run.' },
  debug: { type: 'boolean', description: 'Show stack traces of harness errors.' },
} as const satisfies Record<string, OptionSpec>

export type OptionName = keyof typeof OPTION_SPECS

type ValueOf<T extends OptionType> = T extends 'string'
  ? string
  : T extends 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : string[]

/** The options as given (any may be absent). */
export type Options = { -readonly [K in OptionName]?: ValueOf<(typeof OPTION_SPECS)[K]['type']> }

export const DEFAULTS = {
  profile: '1.11',
  seed: 42,
  runs: 25,
  distinctFailures: RUN_DISTINCT_FAILURES,
  timeout: 10_000,
  reportDir: 'reports/out',
  delegationHeader: 'X-Iceberg-Access-Delegation',
  scope: 'catalog',
  concurrency: 8,
} as const satisfies Options

/** `clientSecret` -> `CATALOG_CONFORMANCE_CLIENT_SECRET`. */
export function envName(name: OptionName): string {
  return 'CATALOG_CONFORMANCE_' + name.replace(/[A-Z]/g, (c) => '_' + c).toUpperCase()
}

/** `clientSecret` -> `client-secret` (flag and YAML key). */
export function kebabName(name: OptionName): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
}

export const OPTION_NAMES = Object.keys(OPTION_SPECS) as OptionName[]

/** The run options cleanup reads: where the catalog is, how to reach it, and where the runs put their namespaces. */
export const CLEANUP_OPTIONS: readonly OptionName[] = [
  'url',
  'prefix',
  'warehouse',
  'namespaceParent',
  'token',
  'clientId',
  'clientSecret',
  'scope',
  'oauthUri',
  'header',
  'config',
  'timeout',
  'debug',
]

/**
 * A number option's value (a flag's text, a variable's, or a YAML number), or a HarnessError naming `where`. Every
 * number option is a whole number within its bounds: `--runs 0` once certified properties that ran nothing, `--runs 2.5`
 * never ended, and `--concurrency 0` failed a correct server.
 */
export function numberOption(name: OptionName, value: unknown, where: string): number {
  const spec: OptionSpec = OPTION_SPECS[name]
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  const min = spec.min ?? Number.MIN_SAFE_INTEGER
  const max = spec.max ?? Number.MAX_SAFE_INTEGER
  if (typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max) return n
  const bounds =
    spec.min === undefined ? '' : spec.max === undefined ? ` >= ${min}` : ` from ${min} to ${max}`
  throw new HarnessError(`${where} must be a whole number${bounds}, got ${JSON.stringify(value)}`)
}

/**
 * Refuses, naming it, an option `given` on the command line that `command` does not read: a silent no-op would let
 * the user believe it acted. Only the command line's: the environment and a config file may hold other commands'.
 */
export function refuseOptionsNotTaken(command: string, takes: readonly OptionName[], given: Options): void {
  for (const name of Object.keys(given) as OptionName[])
    if (!takes.includes(name) && given[name] !== undefined)
      throw new HarnessError(`${command} does not take --${kebabName(name)}; see ${command} --help`)
}
