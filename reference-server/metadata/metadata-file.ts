/**
 * Metadata file names: `{dir}/{NNNNN}-{uuid}{ext}`, NNNNN the zero-padded version,
 * dir `write.metadata.path` or `{location}/metadata`, ext from `write.metadata.compression-codec`.
 */
import { trimLocation } from './read.ts'

/** `NNNNN-<uuid>.metadata.json` (Java `%05d`; versions above 99999 simply get more digits). */
export function metadataFileName(version: number, uuid: string, gzip = false): string {
  return `${String(version).padStart(5, '0')}-${uuid}${gzip ? '.gz' : ''}.metadata.json`
}

/**
 * The version number in a metadata file location, or -1 when the name does not parse (then the next
 * file is version 0 again, as in Java).
 */
export function parseMetadataVersion(location: string): number {
  const name = location.slice(location.lastIndexOf('/') + 1)
  const dash = name.indexOf('-')
  if (dash <= 0) return -1
  const digits = name.slice(0, dash)
  return /^\d+$/.test(digits) ? Number.parseInt(digits, 10) : -1
}

/**
 * Where the next metadata file of a table or view goes: version = parsed previous version + 1 (0 for a
 * new object). Views default to gzip in Java; pass `defaultCodec: 'gzip'` for them.
 */
export function nextMetadataLocation(
  md: { location: string; properties?: Record<string, string> },
  previousLocation: string | null | undefined,
  uuid: string,
  defaultCodec: 'none' | 'gzip' = 'none',
): string {
  const props = md.properties ?? {}
  const dir = props['write.metadata.path']
    ? trimLocation(props['write.metadata.path'])
    : `${md.location}/metadata`
  const codec = (props['write.metadata.compression-codec'] ?? defaultCodec).toLowerCase()
  const version = previousLocation ? parseMetadataVersion(previousLocation) + 1 : 0
  return `${dir}/${metadataFileName(version, uuid, codec === 'gzip')}`
}
