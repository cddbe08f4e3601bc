/**
 * Pagination of the list operations. Tokens are opaque: base64url of the listing
 * they belong to and the key of the last item returned, so pages stay consistent when items are
 * added or removed between calls. No `pageToken` and no `pageSize`: everything, with
 * `next-page-token: null`.
 */
import { createHash } from 'node:crypto'
import { badRequest } from '../errors.ts'
import type { FaultFlags } from '../options.ts'

/** Page size when the client sends `pageToken` but no `pageSize`. */
export const DEFAULT_PAGE_SIZE = 100

export interface Page<T> {
  readonly items: T[]
  readonly nextPageToken: string | null
}

const scopeOf = (listing: string): string =>
  createHash('sha256').update(listing).digest('base64url').slice(0, 12)

export function encodeToken(listing: string, lastKey: string): string {
  return Buffer.from(JSON.stringify([scopeOf(listing), lastKey])).toString('base64url')
}

function decodeToken(listing: string, token: string): string {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('alphabet')
    const v: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
    if (Array.isArray(v) && v.length === 2 && v[0] === scopeOf(listing) && typeof v[1] === 'string')
      return v[1]
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(`Invalid page token: ${token}`)
}

/** Parses `pageSize`: absent → undefined; anything but an integer ≥ 1 → 400. */
export function parsePageSize(query: URLSearchParams): number | undefined {
  const raw = query.get('pageSize')
  if (raw === null) return undefined
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(`Invalid pageSize: ${raw} (must be an integer >= 1)`)
  }
  return Number(raw)
}

/**
 * One page of `items` (already sorted by `keyOf`, keys unique) for the request's `pageToken` and
 * `pageSize`. `listing` names the listing, so a token of one listing is refused by another.
 */
export function paginate<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  query: URLSearchParams,
  listing: string,
  flags: FaultFlags,
): Page<T> {
  const token = query.get('pageToken')
  const size = parsePageSize(query)
  if (token === null && size === undefined) return { items: [...items], nextPageToken: null }
  let start = 0
  if (token !== null && token !== '') {
    const last = decodeToken(listing, token)
    start = items.findIndex((i) => keyOf(i) > last)
    if (start < 0) start = items.length
    if (flags.duplicatePageItems && start > 0) start -= 1
    if (flags.dropPageItems && start < items.length) start += 1
  }
  const limit = flags.ignorePageSize ? items.length : (size ?? DEFAULT_PAGE_SIZE)
  const page = items.slice(start, start + limit)
  const more = start + page.length < items.length
  const lastItem = page[page.length - 1]
  const nextPageToken =
    more && lastItem !== undefined
      ? encodeToken(listing, keyOf(lastItem))
      : flags.endlessPageToken
        ? encodeToken(listing, lastItem === undefined ? '' : keyOf(lastItem))
        : null
  return { items: page, nextPageToken }
}
