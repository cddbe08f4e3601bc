/**
 * Starts the target a run certifies: an external URL, a known target by name (`--target`), or (neither
 * given) the bundled reference server in this process on a free loopback port. Target failures become
 * HarnessErrors: one line, exit code 2.
 */
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import type { Options } from '../config/options.ts'
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import { registerTarget, selectTarget } from '../targets/known-targets.ts'
import { containerTarget } from '../targets/container-target.ts'
import { imageDefinition, imageFlagsOf, parseEnvPairs } from '../targets/image-target.ts'
import { scratchDirSync } from '../targets/scratch-dir.ts'
import { TargetError } from '../targets/target-error.ts'
import type { RunningTarget } from '../targets/types.ts'

/**
 * The bundled reference server, with authentication switched on so that the auth suite runs in full:
 * an OAuth2 client (the run authenticates with it), a read-only token and an expired token, all fresh
 * random values of this run, never printed.
 */
registerTarget({
  name: 'reference',
  kind: 'reference',
  description: 'the bundled reference server, in-process, its warehouse in a temporary folder (the default)',
  create: (o) => ({
    kind: 'reference',
    start: async () => {
      // Loaded only when the reference server is the target: a run against a URL or a Java fixture needs none of it.
      const { DEFAULT_WAREHOUSE, start: startReferenceServer } =
        await import('../../reference-server/index.ts')
      const secret = () => randomBytes(18).toString('base64url')
      const client = { clientId: 'conformance', clientSecret: secret() }
      const readOnlyToken = secret()
      const expiredToken = secret()
      // On disk rather than in memory: the harness seeds tables with data as clients do, by writing real
      // manifests into their locations, and the scan planning rules need it. Removed when the run stops.
      const warehouseDir = scratchDirSync('catalog-conformance-warehouse-')
      const server = await startReferenceServer({
        host: '127.0.0.1',
        port: 0,
        warehouseDir,
        documentProfile: o.profile === 'document',
        auth: {
          clients: [client],
          tokens: [
            { token: readOnlyToken, readOnly: true },
            { token: expiredToken, expired: true },
          ],
          // Iceberg prefers 401 for an expired token; the original document names 419.
          expiredStatus: o.profile === 'document' ? 419 : 401,
        },
      })
      return {
        url: server.url,
        // The warehouse the reference server answers /v1/config with, so the warehouse rule runs too.
        warehouse: DEFAULT_WAREHOUSE,
        auth: {
          kind: 'oauth2-client-credentials',
          tokenUrl: `${server.url}/v1/oauth/tokens`,
          ...client,
          scope: 'catalog',
        },
        testCredentials: { readOnlyToken, expiredToken },
        stop: async () => {
          await server.close()
          rmSync(warehouseDir, { recursive: true, force: true })
        },
      }
    },
  }),
})

/** A started target may bring its warehouse and local credentials; explicit options win. */
export function withTargetDefaults(opts: Options, target: RunningTarget): Options {
  const explicitAuth = Boolean(opts.token || opts.clientId)
  return {
    ...opts,
    ...(target.warehouse && !opts.warehouse ? { warehouse: target.warehouse } : {}),
    ...(target.prefix !== undefined && opts.prefix === undefined ? { prefix: target.prefix } : {}),
    ...(target.token && !explicitAuth ? { token: target.token } : {}),
    ...(target.auth && !explicitAuth
      ? {
          clientId: target.auth.clientId,
          clientSecret: target.auth.clientSecret,
          oauthUri: target.auth.tokenUrl,
          ...(target.auth.scope ? { scope: target.auth.scope } : {}),
        }
      : {}),
    ...(target.testCredentials?.readOnlyToken && !opts.readOnlyToken && !explicitAuth
      ? { readOnlyToken: target.testCredentials.readOnlyToken }
      : {}),
    ...(target.testCredentials?.expiredToken && !opts.expiredToken && !explicitAuth
      ? { expiredToken: target.testCredentials.expiredToken }
      : {}),
  }
}

/** What the run should use: an explicit URL wins, then --image, then --target, then the reference server. */
export function targetNameOf(opts: Options): string {
  return opts.url ? 'url' : opts.image ? 'image' : (opts.target ?? 'reference')
}

export async function startTarget(
  opts: Options,
  log: (line: string) => void = () => {},
): Promise<RunningTarget> {
  const name = targetNameOf(opts)
  try {
    const env = opts.env ? parseEnvPairs(opts.env) : undefined
    const provider = opts.image
      ? containerTarget(imageDefinition(imageFlagsOf(opts)), { ...(opts.keep ? { keep: true } : {}) })
      : selectTarget(name, {
          ...(opts.url ? { url: opts.url } : {}),
          ...(opts.warehouse ? { warehouse: opts.warehouse } : {}),
          ...(opts.targetVersion ? { version: opts.targetVersion } : {}),
          ...(opts.profile ? { profile: opts.profile } : {}),
          ...(env ? { env } : {}),
          ...(opts.keep ? { keep: true } : {}),
        })
    // A variable the target would not pass on must not look as if it had been set.
    if (env && provider.kind !== 'container' && name !== 'iceberg-rest-fixture')
      throw new HarnessError(
        `--env goes with --image, a container target or iceberg-rest-fixture; ${name} takes none`,
      )
    if (opts.keep && provider.kind !== 'container')
      throw new HarnessError(`--keep goes with a container target; ${name} is a ${provider.kind} target`)
    if (name !== 'reference' && name !== 'url') log(`starting target ${opts.image ?? name}…`)
    return await provider.start({ timeoutMs: 180_000, log })
  } catch (e) {
    if (e instanceof TargetError || e instanceof HarnessError) throw new HarnessError(e.message)
    throw new HarnessError(`cannot start target ${name}: ${(e as Error).message}`)
  }
}
