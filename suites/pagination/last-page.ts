/**
 * How the last page of a listing ends. PageToken, in every release that has it: "The server must return `null` value
 * for the `next-page-token` in the last response." The original document (`--profile document`) says of
 * `next-page-token` only "null or absent when no more results", so there a last page that leaves it out ends the
 * listing as well.
 */
/** Whether `token`, the last page's next-page-token, ends the listing under `profile`. */
export function endsListing(profile: string, token: unknown): boolean {
  return token === null || (profile === 'document' && token === undefined)
}

/** What the last page must carry under `profile`, for messages. */
export const lastPageToken = (profile: string): string =>
  profile === 'document' ? 'next-page-token null or absent' : 'next-page-token: null'
