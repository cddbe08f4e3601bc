/**
 * Authentication: static bearer tokens (read-write, read-only → 403 on writes, expired → 419) and
 * the OAuth2 client-credentials endpoint `POST /v1/oauth/tokens` (deprecated in the spec, still
 * served), whose tokens expire after `tokenTtlMs` (then 419).
 */
import { randomBytes } from 'node:crypto'
import { authenticationTimeout, forbidden, notAuthorized, type CatalogError } from '../errors.ts'
import type { AuthOptions } from '../options.ts'
import { jsonResponse, type ServerResponse } from './types.ts'

interface TokenInfo {
  readonly readOnly: boolean
  /** Epoch ms after which the token is expired; Infinity for static tokens. */
  readonly expiresAt: number
}

const DEFAULT_TTL_MS = 3_600_000
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange'

/** RFC 6749 §2.3.1 form-decoding of Basic credentials; a malformed escape is taken literally. */
function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return s
  }
}

export class Authenticator {
  private readonly tokens = new Map<string, TokenInfo>()

  private readonly opts: AuthOptions | undefined
  private readonly now: () => number
  constructor(opts: AuthOptions | undefined, now: () => number) {
    this.opts = opts
    this.now = now
    if (opts?.token !== undefined) this.tokens.set(opts.token, { readOnly: false, expiresAt: Infinity })
    for (const t of opts?.tokens ?? []) {
      this.tokens.set(t.token, { readOnly: t.readOnly === true, expiresAt: t.expired ? -Infinity : Infinity })
    }
  }

  get enabled(): boolean {
    return this.opts !== undefined
  }

  /** The error for a request with this Authorization header, or undefined when it may proceed. */
  check(authorization: string | undefined, mutating: boolean): CatalogError | undefined {
    if (!this.enabled) return undefined
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
    if (!m) return notAuthorized('Missing or malformed bearer token')
    const info = this.tokens.get(m[1] as string)
    if (!info) return notAuthorized('Invalid token')
    if (this.now() >= info.expiresAt)
      return this.opts?.expiredStatus === 401
        ? notAuthorized('Token expired')
        : authenticationTimeout('Token expired')
    if (mutating && info.readOnly) return forbidden('Token is read-only')
    return undefined
  }

  /** POST /v1/oauth/tokens — getToken: client credentials or token exchange, form-encoded. */
  token(body: string, authorization: string | undefined): ServerResponse {
    const form = new URLSearchParams(body)
    const grant = form.get('grant_type')
    const oauthError = (status: number, error: string, description: string): ServerResponse =>
      jsonResponse(status, { error, error_description: description }, { 'cache-control': 'no-store' })
    if (grant === TOKEN_EXCHANGE) {
      const subject = form.get('subject_token')
      if (!subject || !form.get('subject_token_type')) {
        return oauthError(400, 'invalid_request', 'subject_token and subject_token_type are required')
      }
      const info = this.tokens.get(subject)
      if (!info || this.now() >= info.expiresAt)
        return oauthError(400, 'invalid_grant', 'Unknown or expired subject token')
      return this.issue(info.readOnly, form.get('scope'))
    }
    if (grant !== 'client_credentials') {
      return oauthError(
        400,
        grant === null ? 'invalid_request' : 'unsupported_grant_type',
        'Unsupported grant_type',
      )
    }
    let id = form.get('client_id')
    let secret = form.get('client_secret')
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')
    if (basic && id === null) {
      const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      if (colon >= 0)
        [id, secret] = [formDecode(decoded.slice(0, colon)), formDecode(decoded.slice(colon + 1))]
    }
    if (id === null || secret === null)
      return oauthError(400, 'invalid_request', 'client_id and client_secret are required')
    const client = this.opts?.clients?.find((c) => c.clientId === id && c.clientSecret === secret)
    if (!client) return oauthError(401, 'invalid_client', 'Unknown client or wrong secret')
    return this.issue(client.readOnly === true, form.get('scope'))
  }

  private issue(readOnly: boolean, scope: string | null): ServerResponse {
    const ttl = this.opts?.tokenTtlMs ?? DEFAULT_TTL_MS
    const token = randomBytes(24).toString('base64url')
    this.tokens.set(token, { readOnly, expiresAt: this.now() + ttl })
    return jsonResponse(
      200,
      {
        access_token: token,
        token_type: 'bearer',
        expires_in: Math.max(0, Math.floor(ttl / 1000)),
        issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        ...(scope !== null ? { scope } : {}),
      },
      { 'cache-control': 'no-store' },
    )
  }
}
