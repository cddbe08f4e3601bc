/**
 * A disk cache of the schema validators as JavaScript (AJV's standalone code), so that a run does not compile
 * them again in every thread: the reference server's thread and each suite worker compiled their own, ~1.8 s of
 * CPU per bundled certification; loading the cached code takes milliseconds.
 *
 * The file is keyed by a hash of everything the code depends on (the schema documents, AJV's version, this
 * loader's format), so an edited schema is never judged by stale code: a key without its file compiles as before.
 * The CLI writes the file before a run (writePrecompiled); threads only read it. It lives in the package's
 * node_modules/.cache, owned by whoever installed the package, never in a shared temp folder: it is code that runs.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ValidateFunction } from 'ajv'
import { standaloneCode } from './ajv-compiler.ts'
import { newInstance } from './ajv-instance.ts'
import { FORMATS } from './formats.ts'
import { schemaDocuments, schemaRefs } from './registry.ts'

/** Where the cache file goes by default. */
export const CACHE_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'node_modules',
  '.cache',
  'catalog-conformance',
)

/**
 * Changed whenever the files' layout or the loader's contract changes, so older files are never read. v3: a CommonJS
 * module rather than a function body, so that Node's compile cache keeps its compiled code between runs. Its function
 * is parenthesized, which makes V8 compile it with the module and the cache hold it too. Loading the strict set took
 * 34-49 ms with `new Function`, 20-26 ms as a module, 14-20 ms as a module with its function parenthesized (Node 24,
 * five interleaved rounds of a standalone script).
 */
const LAYOUT = 'validators-v3'
const requireHere = createRequire(import.meta.url)

type Validators = Readonly<Record<string, ValidateFunction>>

/**
 * The two sets of validators, each in a file of its own: a thread reads only the set it uses (the suites judge
 * responses with the strict set, the reference server requests with the open one), half the code to compile.
 */
type Kind = 'strict' | 'open'
const KINDS: readonly Kind[] = ['strict', 'open']

/** What the cache files' code depends on, hashed once per thread: the schemas do not change while it runs. */
let schemasKey: string | undefined

/** The cache file's name of one set, for the current schemas and AJV. */
export function cacheFileName(kind: Kind): string {
  if (schemasKey === undefined) {
    const ajvVersion = (requireHere('ajv/package.json') as { version: string }).version
    schemasKey = createHash('sha256')
      .update(`${LAYOUT}\n${ajvVersion}\n${JSON.stringify(schemaDocuments())}`)
      .digest('hex')
      .slice(0, 20)
  }
  return `${LAYOUT}-${schemasKey}-${kind}.cjs`
}

const loadedFrom = new Map<string, Validators | null>()

function load(dir: string, kind: Kind): Validators | null {
  const key = `${kind} ${dir}`
  const hit = loadedFrom.get(key)
  if (hit !== undefined) return hit
  let loaded: Validators | null = null
  try {
    // The file exports a function written by writePrecompiled; AJV's standalone code needs `require` (its runtime
    // helpers, resolved from here) and `formats`.
    const make = requireHere(join(dir, cacheFileName(kind))) as (
      req: NodeJS.Require,
      formats: unknown,
    ) => Validators
    loaded = make(requireHere, FORMATS)
  } catch {
    loaded = null // no file for these schemas (or unreadable): compile as before
  }
  loadedFrom.set(key, loaded)
  return loaded
}

/** The precompiled validator of component `name`, or undefined when the cache has none for these schemas. */
export function precompiledValidator(
  name: string,
  open: boolean,
  dir = CACHE_DIR,
): ValidateFunction | undefined {
  return load(dir, open ? 'open' : 'strict')?.[name]
}

/**
 * Writes the cache files for the current schemas unless they exist (compiling every component, strict and open:
 * ~2.5 s once per schema change), and removes files of other schemas. Returns false when the folder cannot be
 * written (a read-only install): validators are then compiled in each thread, as without a cache.
 */
export function writePrecompiled(dir = CACHE_DIR): boolean {
  const names = KINDS.map((kind) => cacheFileName(kind))
  try {
    mkdirSync(dir, { recursive: true })
    const present = readdirSync(dir)
    if (names.every((name) => present.includes(name))) return true
    // Every component exported under its own name, from its absolute $ref.
    const refs = Object.fromEntries(schemaRefs())
    KINDS.forEach((kind, i) => {
      const code = standaloneCode()(newInstance(kind === 'open', true), refs)
      const name = names[i] as string
      // Written aside and renamed: runs starting at the same time never read half a file.
      const temp = join(dir, `${name}.${process.pid}.tmp`)
      writeFileSync(
        temp,
        `module.exports = (function (require, formats) {\nconst exports = {}\n${code}\nreturn exports\n})\n`,
      )
      renameSync(temp, join(dir, name))
      loadedFrom.delete(`${kind} ${dir}`)
    })
    // Files of earlier schemas are never read again.
    for (const old of present)
      if (/^validators-.*\.c?js$/.test(old) && !names.includes(old)) rmSync(join(dir, old), { force: true })
    return true
  } catch {
    return false
  }
}
