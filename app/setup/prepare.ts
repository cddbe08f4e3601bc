/**
 * Prepares a run against a target: auth (static token or OAuth2 client credentials), one GET /v1/config,
 * capability parsing, the run id and prefix, and a check that no namespace of this run exists yet.
 * Everything that can go wrong here is a HarnessError with one human line (exit code 2).
 */
import { DISTANT_LOOPBACK_MS, DISTANT_MS, runParallelism } from '../config/workers.ts'
import { NO_SUCH_ROUTE, fingerprint } from '../../suites/_harness/not-served.ts'
import type { Options } from '../config/options.ts'
import { parseHeaders } from '../config/resolve.ts'
import { parseCapabilities } from '../../suites/_harness/capabilities.ts'
import { CatalogClient } from '../../suites/_harness/client.ts'
import { errorSummary } from '../../suites/_harness/results/status-message.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { Redactor } from '../../suites/_harness/http/redact.ts'
import { Transport } from '../../suites/_harness/http/transport.ts'
import type { RunContext } from '../../suites/_harness/run-context.ts'
import { RUN_DISTINCT_FAILURES } from '../../suites/_harness/support/distinct-failures.ts'
import { runNamespaces } from '../../suites/_harness/sandbox/cleanup.ts'
import { newRunId, runPrefix } from '../../suites/_harness/sandbox/names.ts'
import { fetchClientCredentialsToken } from './oauth.ts'

/** The base URL without a trailing slash or `/v1` (a --url was checked when the options were resolved). */
export function normalizeBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/v1$/, '')
}

/** Secrets of the options, for redaction. */
export function secretsOf(opts: Options): string[] {
  const headerValues = Object.values(parseHeaders(opts.header))
  return [opts.token, opts.clientSecret, opts.readOnlyToken, opts.expiredToken, ...headerValues].filter(
    (s): s is string => typeof s === 'string' && s.length > 0,
  )
}

export async function prepareRun(
  opts: Options,
  baseUrlIn: string,
  replayArgs = '',
  targetKind = 'url',
): Promise<RunContext> {
  const baseUrl = normalizeBaseUrl(baseUrlIn)
  const timeoutMs = opts.timeout ?? 10_000
  const secrets = secretsOf(opts)
  const redactor = new Redactor(secrets)
  const transport = new Transport({ timeoutMs, redactor, connections: 4 })
  try {
    const headers: Record<string, string> = { ...parseHeaders(opts.header) }
    let oauth: RunContext['oauth']
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`
    const bootstrap = (caps = parseCapabilities({}, opts.prefix)) =>
      new CatalogClient({
        baseUrl,
        caps,
        transport,
        headers,
        runPrefix: 'unused',
        ...(opts.warehouse ? { warehouse: opts.warehouse } : {}),
      })

    if (opts.clientId && opts.clientSecret) {
      // The token endpoint: --oauth-uri, else oauth2-server-uri from an unauthenticated config call, else the spec's default.
      let tokenUrl = opts.oauthUri
      if (!tokenUrl) {
        const probe = await bootstrap().op.getConfig({ anonymous: true })
        const caps = parseCapabilities(probe.json)
        tokenUrl = caps.oauth2ServerUri ?? `${baseUrl}/v1/oauth/tokens`
      }
      if (tokenUrl.startsWith('/')) tokenUrl = `${baseUrl}${tokenUrl}`
      const scope = opts.scope ?? 'catalog'
      const token = await fetchClientCredentialsToken(
        transport,
        tokenUrl,
        opts.clientId,
        opts.clientSecret,
        scope,
      )
      secrets.push(token)
      redactor.add(token)
      headers.Authorization = `Bearer ${token}`
      oauth = { tokenUrl, clientId: opts.clientId, clientSecret: opts.clientSecret, scope }
    }

    const ex = await bootstrap().op.getConfig()
    if (ex.transportError) throw new HarnessError(`cannot reach ${baseUrl}/v1/config: ${ex.transportError}`)
    if (ex.status === 401 || ex.status === 403 || ex.status === 419)
      throw new HarnessError(`GET /v1/config answered ${ex.status}: check the token or client credentials`)
    if (ex.status !== 200) {
      // What the server said, on one line: a warehouse it does not know is the usual cause of a 4xx here.
      const said = errorSummary(ex.json)?.replace(/\s+/g, ' ')
      const hint =
        opts.warehouse && ex.status >= 400 && ex.status < 500
          ? `check --warehouse "${opts.warehouse}"`
          : `is ${baseUrl} an Iceberg REST catalog?`
      throw new HarnessError(
        `GET /v1/config${opts.warehouse ? `?warehouse=${opts.warehouse}` : ''} answered ${ex.status}${said ? ` (${said})` : ''}, expected 200; ${hint}`,
      )
    }
    if (ex.json === undefined || typeof ex.json !== 'object' || Array.isArray(ex.json))
      throw new HarnessError(
        `GET /v1/config did not answer a JSON object; is ${baseUrl} an Iceberg REST catalog?`,
      )
    const caps = parseCapabilities(ex.json, opts.prefix)
    const runId = newRunId()
    const prefix = runPrefix(runId)
    const namespaceParent = opts.namespaceParent ? opts.namespaceParent.split('.') : []
    if (namespaceParent.some((level) => level === ''))
      throw new HarnessError(`--namespace-parent "${opts.namespaceParent}": a level is empty`)
    const client = bootstrap(caps)
    // What follows needs only the configuration, so it is sent at once: at a network distance each request one after
    // another was a round trip more before the first test.
    const [roundTripMs, noRoute, parent, leftovers] = await Promise.all([
      // How far the catalog is decides how much of the run overlaps (app/config/workers.ts): the quickest of a few
      // more configuration reads on the open connection, so that a cold first answer does not count.
      quickestOf(ROUND_TRIP_SAMPLES, ROUND_TRIP_LIMITS, () => bootstrap().op.getConfig()),
      // The no-route fingerprint: a GET of a path that cannot exist, under the catalog's prefix (reads nothing).
      client.raw('GET', `${client.pathOf('listNamespaces')}${NO_SUCH_ROUTE}`),
      // The run writes under the parent, never the parent itself: it must exist already.
      namespaceParent.length > 0
        ? bootstrap(caps).op.loadNamespaceMetadata({ namespace: namespaceParent })
        : undefined,
      runNamespaces(bootstrap(caps), prefix, namespaceParent),
    ])
    const parallel = runParallelism(targetKind, opts, { roundTripMs, baseUrl })
    if (parent && parent.status !== 200)
      throw new HarnessError(
        `--namespace-parent ${opts.namespaceParent}: loading it answered ${parent.status || parent.transportError}; the run creates its namespaces under an existing one`,
      )
    if (leftovers.length > 0)
      throw new HarnessError(`namespaces of run ${prefix} already exist; refusing to run`)

    return {
      baseUrl,
      runId,
      runPrefix: prefix,
      namespaceParent,
      profile: opts.profile ?? '1.11',
      seed: opts.seed ?? 42,
      ...(opts.path ? { path: opts.path } : {}),
      runs: opts.runs ?? 25,
      distinctFailures: opts.distinctFailures ?? RUN_DISTINCT_FAILURES,
      thorough: opts.thorough ?? false,
      timeoutMs,
      concurrency: opts.concurrency ?? 8,
      roundTripMs,
      concurrentTests: parallel.testsPerFile > 1,
      ...(parallel.inFlightPerWorker ? { inFlightPerWorker: parallel.inFlightPerWorker } : {}),
      headers,
      secrets,
      caps,
      ...(opts.warehouse ? { warehouse: opts.warehouse } : {}),
      delegationHeader: opts.delegationHeader ?? 'X-Iceberg-Access-Delegation',
      ...(opts.readOnlyToken ? { readOnlyToken: opts.readOnlyToken } : {}),
      ...(opts.expiredToken ? { expiredToken: opts.expiredToken } : {}),
      ...(oauth ? { oauth } : {}),
      disabledChecks: opts.disableChecks ?? [],
      ...(opts.openapi ? { openapi: opts.openapi } : {}),
      ...(replayArgs ? { replayArgs } : {}),
      configBody: ex.json,
      ...(noRoute.transportError ? {} : { noRoute: fingerprint(noRoute) }),
    }
  } finally {
    await transport.close()
  }
}

/**
 * Configuration reads that time the catalog's round trip, at most. On a busy 2-core machine one read from a catalog on
 * the same machine took 2 to 10 ms (a Node server; the Java fixture's first answers on a fresh JVM 12-14 ms, then 2-8
 * ms): the quickest of several says how far it is, not how busy the machine was. With five reads a fresh fixture was
 * taken for distant in about half the runs, and got six times the workers it needed.
 */
const ROUND_TRIP_SAMPLES = 10

/** Reads after which a catalog none of whose answers came within FAR_MS, distant by any address, needs no more. */
const FAR_AFTER = 3
/**
 * Twice the loopback bound: a fresh Java fixture on a busy 2-core machine took 9-37 ms to each of its first twelve
 * configuration reads (three fresh instances), the quickest of the first three 13-21 ms and of ten 9-13 ms. With the
 * bound itself (20 ms), three such reads stopped the count and the fixture ran as a distant catalog (6 workers, 16
 * tests of a file at once) in 3 runs of 9: 19-27 s against 18.5-19 s. A catalog 40 ms or more away still stops after
 * three reads; one 20 to 40 ms away pays seven round trips more, once.
 */
const FAR_MS = 2 * DISTANT_LOOPBACK_MS

/** When the reads of quickestOf may stop: under DISTANT_MS, or after FAR_AFTER reads none within FAR_MS. */
export const ROUND_TRIP_LIMITS = { near: DISTANT_MS, far: FAR_MS, farAfter: FAR_AFTER } as const

/**
 * The shortest duration of up to `n` requests sent one after another (ms, rounded to 0.1). It stops at the first
 * quicker than `near` (a catalog that near needs no more reads to say so), and after `farAfter` reads none quicker
 * than `far` (one that far would only cost a round trip more per read).
 */
export async function quickestOf(
  n: number,
  limits: { readonly near: number; readonly far: number; readonly farAfter: number },
  send: () => Promise<{ durationMs: number }>,
): Promise<number> {
  let best = Infinity
  for (let i = 0; i < n && best >= limits.near && !(i >= limits.farAfter && best >= limits.far); i++)
    best = Math.min(best, (await send()).durationMs)
  return Math.round(best * 10) / 10
}
