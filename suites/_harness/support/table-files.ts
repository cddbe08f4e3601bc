/**
 * Real manifests for the snapshots the harness commits. A client that adds a snapshot writes its manifest
 * list first; so does the harness, whenever it can reach the table's location: a `file:` location whose
 * metadata folder exists on this machine with a metadata file in it (the target runs here, on this file
 * system: the bundled server, a Java fixture, a catalog started with a local warehouse). Elsewhere
 * (`s3://…`, a server on another host) the snapshot names a manifest list that was never written, as before;
 * scan planning rules then say they cannot run here.
 *
 * Only files of tables the run created are written, under their locations; {@link removeWrittenFiles}
 * deletes them again when a test file's sandbox is cleaned up.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readAvroFile } from '../../../schemas/model/avro.ts'
import {
  manifestBytes,
  manifestListBytes,
  manifestListEntry,
  type ContentFile,
  type ManifestListEntry,
  type ManifestTable,
} from '../../../schemas/model/manifest-files.ts'
import type { SnapshotId } from '../../../schemas/model/types.ts'

export type { ContentFile }

/** Files this process wrote, so that cleanup removes exactly those. */
const written = new Set<string>()

/** The local path of a `file:` location, or undefined (another scheme, or not a valid file URL). */
function localPath(location: string): string | undefined {
  if (!location.startsWith('file:')) return undefined
  try {
    // `file:/a/b` (Java) and `file:///a/b` are both file URLs.
    return fileURLToPath(location.replace(/^file:\/*/, 'file:///'))
  } catch {
    return undefined
  }
}

/**
 * True when the harness can write files the server will read at `location`: its `metadata` folder exists
 * here and holds a metadata file (so it is the server's folder, not a namesake on another machine's path).
 */
export function reachable(location: string | undefined): boolean {
  const dir = location === undefined ? undefined : localPath(`${location.replace(/\/+$/, '')}/metadata`)
  if (dir === undefined || !existsSync(dir)) return false
  try {
    return readdirSync(dir).some((f) => f.endsWith('.metadata.json'))
  } catch {
    return false
  }
}

function write(location: string, bytes: Buffer): void {
  const path = localPath(location)
  if (path === undefined) throw new Error(`not a local location: ${location}`)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, bytes)
  written.add(path)
}

function readList(location: string | undefined): ManifestListEntry[] {
  const path = location === undefined ? undefined : localPath(location)
  if (path === undefined || !existsSync(path)) return []
  try {
    return readAvroFile(readFileSync(path)).records as ManifestListEntry[]
  } catch {
    return []
  }
}

/** What a snapshot's manifest list is written from: the table as the commit will see it. */
export interface SnapshotTable {
  readonly location?: string | undefined
  readonly 'format-version'?: number | undefined
  readonly snapshots?:
    readonly { readonly 'snapshot-id'?: SnapshotId; readonly 'manifest-list'?: string }[] | undefined
  /** Needed only to write a manifest of files; checked by the writer. */
  readonly schemas?: unknown
  readonly 'partition-specs'?: unknown
}

/**
 * The `manifest-list` of a new snapshot `id` of `md` with parent `parent` adding `files`: written when
 * the location is reachable, carrying the parent's manifests over (read back from its list), with one
 * manifest of the new files; otherwise the path a writer would have used, unwritten.
 */
export function manifestListFor(
  md: SnapshotTable,
  snapshot: { id: SnapshotId; parent?: SnapshotId; sequenceNumber?: number },
  files: readonly ContentFile[] = [],
): string {
  const base = `${(md.location ?? 'file:/tmp/conformance').replace(/\/+$/, '')}/metadata`
  const listPath = `${base}/snap-${snapshot.id}-conformance.avro`
  if (!reachable(md.location)) return listPath
  const parentList = md.snapshots?.find((s) => s['snapshot-id'] === snapshot.parent)?.['manifest-list']
  const entries = [...readList(parentList)]
  const sequenceNumber = snapshot.sequenceNumber ?? 0
  if (files.length > 0) {
    if (!Array.isArray(md.schemas) || !Array.isArray(md['partition-specs']))
      throw new Error('writing a manifest needs the table schemas and partition specs')
    const table = { 'format-version': 2, 'current-schema-id': 0, ...md } as ManifestTable
    // A manifest holds data files or delete files, of one partition spec: one manifest per such group.
    const groups = new Map<string, ContentFile[]>()
    for (const f of files) {
      const key = `${f.content === 'data' ? 'data' : 'deletes'}:${f['spec-id']}`
      groups.set(key, [...(groups.get(key) ?? []), f])
    }
    for (const [i, group] of [...groups.values()].entries()) {
      const manifestPath = `${base}/snap-${snapshot.id}-conformance-m${i}.avro`
      const bytes = manifestBytes(table, group, snapshot.id)
      write(manifestPath, bytes)
      entries.push(
        manifestListEntry(
          { path: manifestPath, length: bytes.length, files: group },
          { id: snapshot.id, sequenceNumber },
        ),
      )
    }
  }
  write(
    listPath,
    manifestListBytes(entries, {
      id: snapshot.id,
      ...(snapshot.parent !== undefined ? { parentId: snapshot.parent } : {}),
      sequenceNumber,
      formatVersion: md['format-version'] ?? 2,
    }),
  )
  return listPath
}

/** Removes the files this process wrote that are still there (a purge may have taken them). Returns how many. */
export function removeWrittenFiles(): number {
  let n = 0
  for (const path of written) {
    if (existsSync(path)) {
      rmSync(path, { force: true })
      n++
    }
    written.delete(path)
  }
  return n
}
