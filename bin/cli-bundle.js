// The CLI's TypeScript as bundled JavaScript, for a checkout (an installed package carries JavaScript built next to
// each source instead). Through tsx, every module of the CLI went through loader hooks on another thread at each
// start: about 2 s of wall time and 3 s of CPU per run on 2 cores, a fifth of a whole certification of the bundled
// server. esbuild (tsx's own compiler) bundles them once, in about 0.3 s, into node_modules/.cache/catalog-conformance/,
// and a run reuses that bundle while every file it was built from keeps its size and modification time (listed in
// the manifest beside it). Packages stay outside the bundle, and each module keeps its source file's import.meta.url,
// so that paths relative to it (schemas, fixtures, report assets) resolve as they do in the sources.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** Changes when the way bundles are made changes, so that older bundles are not reused. */
const FORMAT = 1
const ENTRY = 'app/cli/main.ts'
const MANIFEST = 'cli-bundle.json'
/** Bundles other than the current one are removed once this old (a running CLI may still be reading one). */
const STALE_MS = 60 * 60 * 1000

/**
 * @typedef {{ format: number, esbuild: string, root: string, bundle: string, inputs: [string, number, number][] }} Manifest
 * @typedef {{ url: string, built: boolean }} Bundle
 */

/** @param {string} cacheDir @returns {Manifest | undefined} */
function readManifest(cacheDir) {
  try {
    return JSON.parse(readFileSync(join(cacheDir, MANIFEST), 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * True when the manifest was made by this esbuild for sources in this folder (two checkouts may share one
 * node_modules), and every input still has the size and mtime it had.
 */
function isCurrent(
  /** @type {Manifest} */ m,
  /** @type {string} */ root,
  /** @type {string} */ esbuildVersion,
  /** @type {string} */ cacheDir,
) {
  if (m.format !== FORMAT || m.esbuild !== esbuildVersion || m.root !== root) return false
  try {
    statSync(join(cacheDir, m.bundle, 'main.mjs'))
    return m.inputs.every(([path, size, mtimeMs]) => {
      const s = statSync(join(root, path))
      return s.size === size && s.mtimeMs === mtimeMs
    })
  } catch {
    return false
  }
}

/** Writes `text` to `path` through a file of this process and a rename: a concurrent reader sees all or nothing. */
function writeAtomically(/** @type {string} */ path, /** @type {string | Uint8Array} */ text) {
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, text)
  renameSync(tmp, path)
}

/** Each TypeScript module with its own file's URL for import.meta.url. */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(/** @type {import('esbuild').PluginBuild} */ build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }))
  },
}

/**
 * Bundles the CLI into a new folder `cli-<hash>` of `cacheDir`; returns the folder's name. Each dynamic import of the
 * sources becomes a chunk of its own, loaded when it runs (with the packages it imports), so that --help and
 * --version answer without loading Vitest.
 * @param {typeof import('esbuild')} esbuild @param {string} root @param {string} cacheDir @returns {Promise<string>}
 */
async function build(esbuild, root, cacheDir) {
  const outdir = join(cacheDir, 'cli')
  const startedMs = Date.now()
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: ENTRY },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [keepImportMetaUrl],
  })
  const hash = createHash('sha256')
  for (const f of result.outputFiles) hash.update(relative(outdir, f.path)).update(f.contents)
  const name = `cli-${hash.digest('hex').slice(0, 16)}`
  // Written into a folder of this process, then renamed: a concurrent CLI sees the whole bundle or none.
  const tmp = join(cacheDir, `${name}.${process.pid}.tmp`)
  mkdirSync(tmp, { recursive: true })
  for (const f of result.outputFiles) writeFileSync(join(tmp, relative(outdir, f.path)), f.contents)
  try {
    renameSync(tmp, join(cacheDir, name))
  } catch {
    // Another CLI made the same bundle first.
    rmSync(tmp, { recursive: true, force: true })
  }
  // The metafile names its inputs relative to absWorkingDir.
  const inputs = Object.keys(result.metafile.inputs).map((path) => {
    const st = statSync(join(root, path))
    return /** @type {[string, number, number]} */ ([path, st.size, st.mtimeMs])
  })
  // A source saved while esbuild read it may be in the bundle in its older form: this run uses the bundle, but no
  // manifest vouches for it, so the next run builds again.
  if (inputs.every(([, , mtimeMs]) => mtimeMs < startedMs)) {
    /** @type {Manifest} */
    const manifest = { format: FORMAT, esbuild: esbuild.version, root, bundle: name, inputs }
    writeAtomically(join(cacheDir, MANIFEST), JSON.stringify(manifest))
  }
  removeOldBundles(cacheDir, name)
  return name
}

function removeOldBundles(/** @type {string} */ cacheDir, /** @type {string} */ current) {
  for (const f of readdirSync(cacheDir)) {
    if (!/^cli-[0-9a-f]+(\.\d+\.tmp)?$/.test(f) || f === current) continue
    const path = join(cacheDir, f)
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true })
    } catch {
      // Another CLI removed it first.
    }
  }
}

/**
 * The file URL of a bundle of the CLI that is current for the sources under `rootUrl` (built now when there is
 * none, or when a source changed), or undefined when one cannot be had here (no esbuild, a cache folder that
 * cannot be written): the caller then runs the sources through tsx.
 * @param {URL} rootUrl the package's folder
 * @param {string} [cacheDir] where bundles are kept
 * @returns {Promise<Bundle | undefined>}
 */
export async function cliBundle(rootUrl, cacheDir) {
  const root = fileURLToPath(rootUrl)
  const dir = cacheDir ?? join(root, 'node_modules/.cache/catalog-conformance')
  try {
    // esbuild's version from its package.json: loading esbuild itself (~50 ms) is only needed to build.
    const esbuildVersion = JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8'),
    ).version
    const manifest = readManifest(dir)
    if (manifest && isCurrent(manifest, root, esbuildVersion, dir))
      return { url: pathToFileURL(join(dir, manifest.bundle, 'main.mjs')).href, built: false }
    const name = await build(await import('esbuild'), root, dir)
    return { url: pathToFileURL(join(dir, name, 'main.mjs')).href, built: true }
  } catch {
    return undefined
  }
}
