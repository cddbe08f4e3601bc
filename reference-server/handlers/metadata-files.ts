/**
 * Metadata files of tables and views: where a new version is written
 * (`<location>/metadata/NNNNN-<uuid>.metadata.json`, or the `write.metadata.path` directory) and how a
 * registered file is read back.
 */
import { createHash } from 'node:crypto'
import { badRequest, notFound } from '../errors.ts'
import { isObject, type JsonObject } from '../json.ts'
import { parseJson, stringifyJson } from '../../schemas/model/json-int64.ts'
import type { HandlerContext } from './context.ts'

/** The version number encoded in a metadata file name, or -1 when it has none (Java's rule). */
export function versionOf(location: string | undefined): number {
  if (location === undefined) return -1
  const name = location.slice(location.lastIndexOf('/') + 1)
  const m = /^(\d+)-/.exec(name)
  return m ? Number(m[1]) : -1
}

function metadataDir(md: JsonObject): string {
  const props = isObject(md.properties) ? md.properties : {}
  const custom = props['write.metadata.path']
  if (typeof custom === 'string' && custom !== '') return custom.replace(/\/+$/, '')
  const location = typeof md.location === 'string' ? md.location.replace(/\/+$/, '') : ''
  return `${location}/metadata`
}

/**
 * Writes `md` as the next metadata file after `previous` and returns its location. With the
 * `reuseMetadataLocation` fault the previous file is overwritten instead.
 */
export function writeMetadataFile(ctx: HandlerContext, md: JsonObject, previous: string | undefined): string {
  const location =
    ctx.flags.reuseMetadataLocation && previous !== undefined
      ? previous
      : `${metadataDir(md)}/${ctx.metadata.metadataFileName(versionOf(previous) + 1, ctx.newUuid())}`
  ctx.files.write(location, stringifyJson(md))
  return location
}

/** Reads and parses a metadata file for register: 404 when absent, 400 when not a JSON object. */
export function readMetadataFile(ctx: HandlerContext, location: string): JsonObject {
  const text = ctx.files.read(location)
  if (text === undefined) throw notFound(`Metadata file does not exist: ${location}`)
  let parsed: unknown
  try {
    parsed = parseJson(text)
  } catch {
    throw badRequest(`Metadata file is not valid JSON: ${location}`)
  }
  if (!isObject(parsed)) throw badRequest(`Metadata file is not a JSON object: ${location}`)
  return parsed
}

/** Longest URL-encoded path part kept as it is: file systems refuse names over 255 bytes. */
const MAX_PART = 200

/**
 * One part of a default location: the name URL-encoded, or, when that is too long for a file name on disk,
 * its start and a hash of the whole name (distinct names keep distinct folders).
 */
function locationPart(name: string): string {
  const encoded = encodeURIComponent(name)
  if (encoded.length <= MAX_PART) return encoded
  let start = ''
  for (const ch of name) {
    if (encodeURIComponent(start + ch).length > MAX_PART - 20) break
    start += ch
  }
  return `${encodeURIComponent(start)}-${createHash('sha256').update(name).digest('hex').slice(0, 16)}`
}

/** Default location of a new table or view: `<warehouse root>/<ns levels>/<name>`, each part URL-encoded. */
export function defaultLocation(ctx: HandlerContext, ns: readonly string[], name: string): string {
  return [ctx.files.root, ...ns.map(locationPart), locationPart(name)].join('/')
}

/** Every metadata file a table's metadata refers to (its log), for purge. */
export function loggedFiles(md: JsonObject): string[] {
  const log = Array.isArray(md['metadata-log']) ? md['metadata-log'] : []
  return log.flatMap((e) =>
    isObject(e) && typeof e['metadata-file'] === 'string' ? [e['metadata-file']] : [],
  )
}
