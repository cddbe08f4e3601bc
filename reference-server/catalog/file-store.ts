/**
 * Where metadata files live: an in-memory map keyed by location, or a directory on disk
 * (`warehouseDir`). Synchronous on purpose: a handler that reads, applies and writes without an
 * `await` cannot interleave with another request, which is what keeps commits atomic.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export interface FileStore {
  /** Root URI under which default table and view locations are placed (no trailing slash). */
  readonly root: string
  read(location: string): string | undefined
  /** The file's bytes (Avro manifests written by clients), or undefined when absent or out of reach. */
  readBytes(location: string): Buffer | undefined
  write(location: string, content: string | Buffer): void
  delete(location: string): void
  /**
   * Removes every file under `location` (a table's data, manifests and metadata), but only inside the warehouse
   * root: a location elsewhere (a client-chosen `s3://…`) is not the server's to empty. Returns how many files went.
   */
  deleteTree(location: string): number
}

/** Metadata files held in memory, under `memory://<warehouse>`. */
export function memoryFileStore(warehouse: string): FileStore {
  const files = new Map<string, string | Buffer>()
  return {
    root: `memory://${encodeURIComponent(warehouse)}`,
    read: (location) => {
      const content = files.get(location)
      return typeof content === 'string' ? content : content?.toString('utf8')
    },
    readBytes: (location) => {
      const content = files.get(location)
      return typeof content === 'string' ? Buffer.from(content, 'utf8') : content
    },
    write: (location, content) => void files.set(location, content),
    delete: (location) => void files.delete(location),
    deleteTree: (location) => {
      const under = `${location.replace(/\/$/, '')}/`
      let n = 0
      for (const key of [...files.keys()]) if (key.startsWith(under)) n += Number(files.delete(key))
      return n
    },
  }
}

/**
 * Metadata files written under a directory, with `file://` locations. A table or view whose location
 * lies elsewhere (a client-chosen `s3://…`) keeps its files in memory, as the default store would.
 */
export function diskFileStore(dir: string): FileStore {
  const root = pathToFileURL(dir).href.replace(/\/$/, '')
  const elsewhere = memoryFileStore('outside')
  const toPath = (location: string): string | undefined => {
    if (!location.startsWith(root + '/')) return undefined
    try {
      return fileURLToPath(location)
    } catch {
      return undefined
    }
  }
  return {
    root,
    read: (location) => {
      const p = toPath(location)
      if (p === undefined) return elsewhere.read(location)
      return existsSync(p) ? readFileSync(p, 'utf8') : undefined
    },
    readBytes: (location) => {
      const p = toPath(location)
      if (p === undefined) return elsewhere.readBytes(location)
      return existsSync(p) ? readFileSync(p) : undefined
    },
    write: (location, content) => {
      const p = toPath(location)
      if (p === undefined) return elsewhere.write(location, content)
      mkdirSync(dirname(p), { recursive: true })
      writeFileSync(p, content)
    },
    delete: (location) => {
      const p = toPath(location)
      if (p === undefined) elsewhere.delete(location)
      else rmSync(p, { force: true })
    },
    deleteTree: (location) => {
      const p = toPath(location.replace(/\/$/, ''))
      if (p === undefined) return elsewhere.deleteTree(location)
      const n = existsSync(p) ? readdirSync(p, { recursive: true }).length : 0
      rmSync(p, { recursive: true, force: true })
      return n
    },
  }
}
