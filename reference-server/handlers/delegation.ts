/**
 * Access delegation: vended credentials and remote-signing configuration for
 * tables. The credentials are fake but deterministic per table, so responses (and ETags) are stable.
 */
import { createHash } from 'node:crypto'
import type { Namespace } from '../catalog/catalog.ts'
import type { JsonObject } from '../json.ts'
import type { Delegation, HandlerContext } from './context.ts'

export interface StorageCredential {
  readonly prefix: string
  readonly config: Record<string, string>
}

/** The region of the vended S3 credential (any fixed region: the keys grant nothing). */
export const VENDED_REGION = 'us-east-1'

const digest = (...parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('hex')

/**
 * A storage credential for the table's location, under the storage keys Iceberg's FileIO implementations read
 * (S3 here), with the region an S3 credential comes with (`client.region`, as Java's S3FileIO reads it): DuckDB
 * refuses vended S3 keys without a region ("No region was provided via the vended credentials"). Never under
 * `token`: clients read a config `token` as the bearer token for the table's REST calls.
 * Not a secret: it grants nothing anywhere.
 */
export function storageCredentials(md: JsonObject): StorageCredential[] {
  const location = typeof md.location === 'string' ? md.location : ''
  const uuid = typeof md['table-uuid'] === 'string' ? md['table-uuid'] : String(md['view-uuid'] ?? '')
  const d = digest('storage', uuid, location)
  return [
    {
      prefix: location,
      config: {
        's3.access-key-id': `ASIA${d.slice(0, 16).toUpperCase()}`,
        's3.secret-access-key': `vended-${d.slice(16, 48)}`,
        's3.session-token': `vended-${d.slice(48, 64)}`,
        'client.region': VENDED_REGION,
      },
    },
  ]
}

/** Path of the sign endpoint relative to the catalog base URI (resolved by clients against `signer.uri`). */
export function signerEndpoint(ctx: HandlerContext, ns: Namespace, table: string): string {
  const sep = ctx.settings.namespaceSeparator
  const prefix = ctx.settings.prefix === '' ? '' : `${encodeURIComponent(ctx.settings.prefix)}/`
  return `v1/${prefix}namespaces/${ns.map(encodeURIComponent).join(sep)}/tables/${encodeURIComponent(table)}/sign`
}

/** The `config`, `storage-credentials` and `remote-signing-config` parts of a LoadTableResult. */
export function delegatedParts(
  ctx: HandlerContext,
  delegation: Delegation,
  md: JsonObject,
  ns: Namespace,
  table: string,
): JsonObject {
  const d = ctx.flags.ignoreDelegation ? { vendedCredentials: false, remoteSigning: false } : delegation
  const config: Record<string, string> = {}
  const parts: JsonObject = { config }
  if (d.vendedCredentials) {
    const creds = storageCredentials(md)
    parts['storage-credentials'] = creds
    Object.assign(config, creds[0]?.config)
    // The original document vends a `token` in config; only under its profile (Iceberg clients would use it as a
    // bearer token and be refused).
    if (ctx.settings.documentProfile) config.token = creds[0]?.config['s3.session-token'] ?? ''
  }
  if (d.remoteSigning) {
    config['s3.remote-signing-enabled'] = 'true'
    config['signer.endpoint'] = signerEndpoint(ctx, ns, table)
    parts['remote-signing-config'] = { properties: { table: [...ns, table].join('.') }, headers: {} }
  }
  return parts
}

/** A short string naming the delegation, part of the ETag variant. */
export const delegationTag = (d: Delegation): string =>
  `${d.vendedCredentials ? 'v' : ''}${d.remoteSigning ? 's' : ''}` || 'none'
