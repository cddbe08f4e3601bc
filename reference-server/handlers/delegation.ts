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

const digest = (...parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('hex')

/** A storage credential for the table's location. Not a secret: it grants nothing anywhere. */
export function storageCredentials(md: JsonObject): StorageCredential[] {
  const location = typeof md.location === 'string' ? md.location : ''
  const uuid = typeof md['table-uuid'] === 'string' ? md['table-uuid'] : String(md['view-uuid'] ?? '')
  return [{ prefix: location, config: { token: `vended-${digest('storage', uuid, location).slice(0, 32)}` } }]
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
    config.token = creds[0]?.config.token ?? ''
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
